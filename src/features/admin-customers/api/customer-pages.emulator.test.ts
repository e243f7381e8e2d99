// @vitest-environment node
/**
 * The customers tab's queries against the repository's own Firestore emulator, with the real firestore.rules
 * and firestore.indexes.json, asked as the admin: all customers most recent first, page after page, and the
 * phone and name-prefix searches, each served by its index.
 */
import { getDocs, type QuerySnapshot } from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { firestoreAsAdminForSuite } from '@/testing/firestore-as-admin';
import { orderSearchQuery, prefixTerms } from '@/features/ordering/model';
import type { Customer } from '../model/customers';
import { CUSTOMERS_PAGE_SIZE, customersPageQuery, type CustomersCursor } from './customer-pages';

const firestore = firestoreAsAdminForSuite('customer-pages-emulator-test');

const start = Date.parse('2026-11-20T06:00:00Z');
// 70 customers, one hour apart: customer-000 ordered last.
const customers = Array.from({ length: 70 }, (_, index) => {
  const name = index % 2 ? `রহিমা ${index}` : `Karim ${index}`;
  const phone = `017${String(index).padStart(8, '0')}`;
  return {
    id: `user:customer-${String(index).padStart(3, '0')}`,
    name,
    phone,
    email: null,
    order_count: 1,
    spent: 10000,
    last_order_at: Timestamp.fromMillis(start - index * 3_600_000),
    search_phone: phone,
    search_terms: prefixTerms([name]),
  };
});

beforeAll(async () => {
  const batch = firestore.admin.batch();
  for (const { id, ...fields } of customers) batch.set(firestore.admin.doc(`customers/${id}`), fields);
  await batch.commit();
}, 120_000);

async function everyPage(text: string): Promise<string[]> {
  const seen: string[] = [];
  let after: CustomersCursor | null = null;
  for (;;) {
    const page: QuerySnapshot<Customer> = await getDocs(
      customersPageQuery(orderSearchQuery(text), after, firestore.db),
    );
    seen.push(...page.docs.map((doc) => doc.id));
    if (page.size < CUSTOMERS_PAGE_SIZE) return seen;
    after = page.docs[page.docs.length - 1];
  }
}

describe("the customers tab's queries against the emulator", () => {
  it('pages through every customer, the most recent buyer first', async () => {
    expect(await everyPage('')).toEqual(customers.map((customer) => customer.id));
  });

  it('finds customers by the start of a name and by phone, from their indexes', async () => {
    const rahimas = customers.filter((customer) => customer.name.startsWith('রহিমা'));
    expect(await everyPage('রহি')).toEqual(rahimas.map((customer) => customer.id));
    expect(await everyPage('kar')).toHaveLength(35);
    expect(await everyPage('+880 1700-000007')).toEqual(['user:customer-007']);
  });
});
