// An order's history and the seller's notes in firestore.rules: both admin-only; the history written by the
// Cloud Functions alone, the notes by the seller, well formed; the customer reads neither, even of their own order.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const { env, anonymous, alice, admin, editor } = useFirestoreRulesEnv();

const note = (changes: Record<string, unknown> = {}) => ({
  text: 'গ্রাহক বিকেল ৫টার পরে ডেলিভারি চেয়েছেন',
  for_slip: true,
  by_uid: 'admin',
  created_at: serverTimestamp(),
  ...changes,
});

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'roles/admin'), { user_id: 'admin', role: 'admin' });
    await setDoc(doc(db, 'roles/editor'), { user_id: 'editor', role: 'packer' });
    await setDoc(doc(db, 'orders/alice-1'), { user_id: 'alice', status: 'pending', total_amount: 300 });
    await setDoc(doc(db, 'orders/alice-1/history/h1'), {
      by: 'seller',
      by_uid: 'admin',
      at: Timestamp.now(),
      changes: [{ field: 'status', from: 'pending', to: 'confirmed' }],
    });
    await setDoc(doc(db, 'orders/alice-1/notes/n1'), { ...note(), created_at: Timestamp.now() });
  });
});

describe("an order's history", () => {
  it('is read by the seller only, never by the customer whose order it is', async () => {
    await assertSucceeds(getDocs(collection(admin(), 'orders/alice-1/history')));
    await assertFails(getDocs(collection(alice(), 'orders/alice-1/history')));
    await assertFails(getDoc(doc(alice(), 'orders/alice-1/history/h1')));
    await assertFails(getDocs(collection(anonymous(), 'orders/alice-1/history')));
    await assertFails(getDocs(collection(editor(), 'orders/alice-1/history')));
  });

  it('is written by nobody from a browser, the seller included', async () => {
    await assertFails(addDoc(collection(admin(), 'orders/alice-1/history'), { by: 'seller', changes: [] }));
    await assertFails(deleteDoc(doc(admin(), 'orders/alice-1/history/h1')));
  });
});

describe("the seller's notes", () => {
  it('are added and read by the seller, and never by the customer', async () => {
    await assertSucceeds(addDoc(collection(admin(), 'orders/alice-1/notes'), note({ for_slip: false })));
    await assertSucceeds(getDocs(collection(admin(), 'orders/alice-1/notes')));
    await assertFails(getDocs(collection(alice(), 'orders/alice-1/notes')));
    await assertFails(getDoc(doc(alice(), 'orders/alice-1/notes/n1')));
    await assertFails(addDoc(collection(alice(), 'orders/alice-1/notes'), note({ by_uid: 'alice' })));
    await assertFails(addDoc(collection(editor(), 'orders/alice-1/notes'), note({ by_uid: 'editor' })));
  });

  it('must be whole: a text of 1 to 500 characters, a slip mark, the writer, the server time', async () => {
    const notes = collection(admin(), 'orders/alice-1/notes');
    await assertFails(addDoc(notes, note({ text: '' })));
    await assertFails(addDoc(notes, note({ text: 'ক'.repeat(501) })));
    await assertFails(addDoc(notes, note({ text: 'উল্টো\u202Eলেখা' })));
    await assertFails(addDoc(notes, note({ for_slip: 'yes' })));
    await assertFails(addDoc(notes, note({ by_uid: 'someone-else' })));
    await assertFails(addDoc(notes, note({ created_at: Timestamp.fromMillis(0) })));
    await assertFails(addDoc(notes, { ...note(), shown_to_customer: true }));
  });

  it('keep their text: only the slip mark changes, and the seller may remove a note', async () => {
    await assertSucceeds(updateDoc(doc(admin(), 'orders/alice-1/notes/n1'), { for_slip: false }));
    await assertFails(updateDoc(doc(admin(), 'orders/alice-1/notes/n1'), { text: 'অন্য কথা' }));
    await assertFails(deleteDoc(doc(alice(), 'orders/alice-1/notes/n1')));
    await assertSucceeds(deleteDoc(doc(admin(), 'orders/alice-1/notes/n1')));
  });
});
