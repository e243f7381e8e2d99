/**
 * Synthetic shop orders for the scale benchmark and the emulator's scale checks: ~15 fields each (strings,
 * numbers, timestamps) and a `search_terms` array of ~15 short strings, as the admin search writes them.
 */
import type { DocumentJson, Value } from '../../emulators/src/firestore/types.js';
// The same deterministic numbers as the engine's own synthetic documents: every run seeds the same orders.
import { random } from '../../emulators/src/testing/synthetic-documents.js';

const STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'];
const DISTRICTS = [
  'dhaka',
  'khulna',
  'sylhet',
  'chattogram',
  'rajshahi',
  'barishal',
  'rangpur',
  'mymensingh',
];
const NAMES = ['rahim', 'karim', 'fatema', 'ayesha', 'nusrat', 'tanvir', 'sakib', 'mim', 'rafi', 'jannat'];
const PRODUCTS = ['mango', 'olive', 'chalta', 'tamarind', 'garlic', 'lemon', 'chili', 'jujube', 'mixed'];
const BASE_MS = Date.UTC(2026, 0, 1);

export const userIdOf = (n: number): string => `user${String(n).padStart(5, '0')}`;
export const phoneOf = (n: number): string => `017${String(10_000_000 + n * 7919).slice(-8)}`;

/** Order `i` of `count`: created one minute apart, from 500 customers (or count/20, whichever is smaller). */
export function orderDocument(database: string, i: number, count: number): DocumentJson {
  const next = random(i + 1);
  const users = Math.max(1, Math.min(500, Math.floor(count / 20)));
  const user = Math.floor(next() * users);
  const name = `${NAMES[user % NAMES.length]} ${NAMES[(user * 7) % NAMES.length]}`;
  const product = PRODUCTS[Math.floor(next() * PRODUCTS.length)];
  const district = DISTRICTS[user % DISTRICTS.length];
  const created = new Date(BASE_MS + i * 60_000 + Math.floor(next() * 1000)).toISOString();
  const total = 200 + Math.floor(next() * 2000);
  const phone = phoneOf(user);
  const str = (stringValue: string): Value => ({ stringValue });
  const int = (n: number): Value => ({ integerValue: String(n) });
  const terms = new Set<string>();
  for (const word of [...name.split(' '), product, district, `order${i}`])
    for (let k = 2; k <= Math.min(word.length, 4); k++) terms.add(word.slice(0, k));
  terms.add(phone.slice(-4));
  return {
    name: `${database}/documents/orders/order${String(i).padStart(7, '0')}`,
    fields: {
      user_id: str(userIdOf(user)),
      status: str(STATUSES[Math.floor(next() * STATUSES.length)]),
      created_at: { timestampValue: created },
      updated_at: { timestampValue: created },
      customer_name: str(name),
      phone: str(phone),
      search_phone: str(phone),
      address: str(`House ${1 + Math.floor(next() * 99)}, Road ${1 + Math.floor(next() * 30)}, ${district}`),
      district: str(district),
      product_id: str(product),
      quantity: int(1 + Math.floor(next() * 5)),
      subtotal: int(total - 60),
      delivery_fee: int(60),
      total: int(total),
      payment_method: str(next() < 0.7 ? 'cod' : 'bkash'),
      search_terms: { arrayValue: { values: [...terms].slice(0, 15).map(str) } },
    },
    createTime: created,
    updateTime: created,
  };
}
