import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import {
  ORDER_HISTORY,
  ORDER_NOTES,
  readHistoryEntry,
  readOrderNote,
  type EditOrderInput,
  type EditOrderResult,
  type HistoryEntry,
  type OrderNote,
} from '@/features/ordering/model';
import { auth, db } from '@/lib/firebase';
import { functions } from '@/lib/functions';

export type StoredNote = OrderNote & { id: string };

/** The order's history, oldest first: read only when the seller opens it on the card. */
export async function loadOrderHistory(orderId: string): Promise<HistoryEntry[]> {
  const snapshot = await getDocs(query(collection(db, 'orders', orderId, ORDER_HISTORY), orderBy('at')));
  return snapshot.docs.map((entry) => readHistoryEntry(entry.data()));
}

/** The seller's private notes on the order, oldest first (admin-only by the rules). */
export async function loadOrderNotes(orderId: string): Promise<StoredNote[]> {
  const snapshot = await getDocs(
    query(collection(db, 'orders', orderId, ORDER_NOTES), orderBy('created_at')),
  );
  return snapshot.docs.map((note) => ({ id: note.id, ...readOrderNote(note.data()) }));
}

/** The notes the seller marked for the packing slip (one small query per slip printed). */
export async function loadSlipNotes(orderId: string): Promise<string[]> {
  const snapshot = await getDocs(
    query(collection(db, 'orders', orderId, ORDER_NOTES), where('for_slip', '==', true)),
  );
  return snapshot.docs
    .map((note) => readOrderNote(note.data()))
    .sort((a, b) => (a.created_at?.getTime() ?? 0) - (b.created_at?.getTime() ?? 0))
    .map((note) => note.text);
}

export async function addOrderNote(orderId: string, text: string, forSlip: boolean): Promise<void> {
  await addDoc(collection(db, 'orders', orderId, ORDER_NOTES), {
    text,
    for_slip: forSlip,
    by_uid: auth.currentUser?.uid ?? '',
    created_at: serverTimestamp(),
  });
}

export async function setNoteForSlip(orderId: string, noteId: string, forSlip: boolean): Promise<void> {
  await updateDoc(doc(db, 'orders', orderId, ORDER_NOTES, noteId), { for_slip: forSlip });
}

export async function deleteOrderNote(orderId: string, noteId: string): Promise<void> {
  await deleteDoc(doc(db, 'orders', orderId, ORDER_NOTES, noteId));
}

const editOrderCallable = httpsCallable<EditOrderInput, EditOrderResult>(functions, 'editOrder');

/**
 * The seller's edit of an order before dispatch (quantity, name, phone, address): the server moves the stock,
 * the total, the statistics and the summaries with it, records the history, or refuses with a Bengali reason.
 */
export async function editOrder(input: EditOrderInput): Promise<EditOrderResult> {
  return (await editOrderCallable(input)).data;
}
