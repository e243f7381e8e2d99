import { doc, getDoc, getDocs, type Firestore, type QuerySnapshot } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import { toAdminOrder, type AdminOrder } from '../model/admin-order';
import { ordersCsvHeader, ordersCsvRows } from '../model/orders-csv';
import { PAPERWORK_PAGE_SIZE, paperworkPageQuery, type PaperworkCriteria } from './order-queries';

/**
 * The orders of the criteria, page by page (newest first), each page read only when the previous one has been
 * used: an export of two years of orders never holds more than one page of documents in flight.
 */
export async function* ordersInPages(
  criteria: PaperworkCriteria,
  pageSize: number = PAPERWORK_PAGE_SIZE,
  firestore: Firestore = db,
): AsyncGenerator<AdminOrder[]> {
  let after: AdminOrder | null = null;
  for (;;) {
    const snapshot: QuerySnapshot<AdminOrder> = await getDocs(
      paperworkPageQuery(criteria, after, pageSize, firestore),
    );
    const page: AdminOrder[] = snapshot.docs.map((document) => document.data());
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/**
 * The export file: the header, then each page's rows as they arrive (the Blob keeps the text parts, the
 * documents of a page are dropped once written). `onProgress` hears how many orders are written so far.
 */
export async function ordersCsvBlob(
  criteria: PaperworkCriteria,
  onProgress: (written: number) => void = () => {},
  firestore: Firestore = db,
): Promise<{ blob: Blob; count: number }> {
  const parts: string[] = [ordersCsvHeader()];
  let count = 0;
  for await (const page of ordersInPages(criteria, PAPERWORK_PAGE_SIZE, firestore)) {
    parts.push(ordersCsvRows(page));
    count += page.length;
    onProgress(count);
  }
  return { blob: new Blob(parts, { type: 'text/csv;charset=utf-8' }), count };
}

/** Reads one order for its packing slip; null when there is no such order. */
export async function readOrderForSlip(
  orderId: string,
  firestore: Firestore = db,
): Promise<AdminOrder | null> {
  const snapshot = await getDoc(doc(firestore, 'orders', orderId));
  return snapshot.exists() ? toAdminOrder(snapshot.id, snapshot.data()) : null;
}
