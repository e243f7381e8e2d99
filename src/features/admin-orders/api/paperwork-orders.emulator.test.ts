// @vitest-environment node
/**
 * The packing slips' and the export's reads, against the repository's own Firestore emulator with the real rules
 * and indexes, as the admin: every order of the range and status exactly once, newest first, read in pages of at
 * most PAPERWORK_PAGE_SIZE documents, and no more documents read than the file holds (plus one empty page end).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { firestoreAsAdminForSuite } from '@/testing/firestore-as-admin';
import { ORDER_STATUSES } from '@/features/ordering/model';
import { dhakaDayEnd, dhakaDayStart } from '@/lib/shop-time';
import { ordersCsvBlob, ordersInPages, readOrderForSlip } from './paperwork-orders';
import { PAPERWORK_PAGE_SIZE } from './order-queries';

const firestore = firestoreAsAdminForSuite('paperwork-orders-emulator-test');

// 1,300 orders, one every 40 minutes back from the evening of 2026-11-20 in Dhaka (about 36 days), every status.
const newest = Date.parse('2026-11-20T14:00:00Z');
const stored = Array.from({ length: 1300 }, (_, index) => ({
  id: `order-${String(index).padStart(5, '0')}`,
  product_name: 'আমের আচার',
  product_price: 250,
  quantity: 1 + (index % 3),
  total_amount: 250 * (1 + (index % 3)),
  customer_name: index % 2 ? 'রহিমা বেগম' : 'Karim, "Uddin"',
  customer_phone: '01712345678',
  customer_email: '',
  customer_address: 'জিনজিরা, কেরানীগঞ্জ',
  payment_method: 'cash_on_delivery',
  user_id: 'u1',
  status: ORDER_STATUSES[index % ORDER_STATUSES.length],
  created_at: Timestamp.fromMillis(newest - index * 40 * 60 * 1000),
}));

beforeAll(async () => {
  for (let start = 0; start < stored.length; start += 400) {
    const batch = firestore.admin.batch();
    for (const { id, ...fields } of stored.slice(start, start + 400))
      batch.set(firestore.admin.doc(`orders/${id}`), fields);
    await batch.commit();
  }
}, 120_000);

function expectedIds(status: string, from: Date, to: Date): string[] {
  return stored
    .filter((order) => status === 'all' || order.status === status)
    .filter(
      (order) => order.created_at.toMillis() >= from.getTime() && order.created_at.toMillis() < to.getTime(),
    )
    .map((order) => order.id);
}

describe('the orders behind packing slips and exports', () => {
  it('reads every order of a status once, newest first, in pages no larger than the page size', async () => {
    const pages: string[][] = [];
    for await (const page of ordersInPages({ status: 'confirmed' }, 70, firestore.db))
      pages.push(page.map((order) => order.id));
    const expected = stored.filter((order) => order.status === 'confirmed').map((order) => order.id);
    expect(pages.flat()).toEqual(expected);
    expect(Math.max(...pages.map((page) => page.length))).toBe(70);
    expect(pages.length).toBe(Math.ceil(expected.length / 70));
  });

  it('exports a Dhaka date range and status as CSV, reading only the orders it writes', async () => {
    const from = dhakaDayStart('2026-10-20');
    const to = dhakaDayEnd('2026-11-19');
    await firestore.resetReads();
    let progress = 0;
    const { blob, count } = await ordersCsvBlob(
      { status: 'all', from, to },
      (written) => (progress = written),
      firestore.db,
    );
    const reads = await firestore.documentReads();

    const ids = expectedIds('all', from, to);
    expect(ids.length).toBeGreaterThan(PAPERWORK_PAGE_SIZE * 2); // the range spans three pages
    expect(count).toBe(ids.length);
    expect(progress).toBe(ids.length);
    // Each page is one query; an empty final page counts as one read, as production bills it.
    expect(reads).toBeLessThanOrEqual(ids.length + 1);

    const rows = parse(await blob.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row['পূর্ণ অর্ডার নম্বর'])).toEqual(ids);
    expect(rows.find((row) => row['পূর্ণ অর্ডার নম্বর'] === ids[0])?.['গ্রাহকের নাম']).toBe(
      stored.find((order) => order.id === ids[0])?.customer_name,
    );
  });

  it('exports one status of a range through the status index', async () => {
    const from = dhakaDayStart('2026-11-01');
    const to = dhakaDayEnd('2026-11-20');
    const { blob } = await ordersCsvBlob({ status: 'delivered', from, to }, undefined, firestore.db);
    const rows = parse(await blob.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row['পূর্ণ অর্ডার নম্বর'])).toEqual(expectedIds('delivered', from, to));
    expect(new Set(rows.map((row) => row['স্ট্যাটাস']))).toEqual(new Set(['সরবরাহ']));
  });

  it('reads one order for its slip, and null for an order that does not exist', async () => {
    expect((await readOrderForSlip('order-00007', firestore.db))?.customer_name).toBe('রহিমা বেগম');
    expect(await readOrderForSlip('no-such-order', firestore.db)).toBeNull();
  });
});
