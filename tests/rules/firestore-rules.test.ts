import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const created = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
const earlier = Timestamp.fromDate(new Date('2026-10-20T10:00:00Z'));
const later = Timestamp.fromDate(new Date('2026-11-05T10:00:00Z'));
const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((document) => document.id);

const mango = {
  name: 'আমের আচার',
  description: 'কাঁচা আম, সরিষার তেল আর পাঁচফোড়ন।',
  price: 250,
  original_price: 300,
  image_url: null,
  image_path: null,
  category: 'আম',
  stock_quantity: 12,
  is_active: true,
  created_at: created,
  updated_at: created,
};

const aliceOrder = {
  product_id: 'mango',
  product_name: 'আমের আচার',
  product_price: 250,
  quantity: 2,
  total_amount: 500,
  customer_name: 'Alice',
  customer_phone: '01712345678',
  customer_email: 'alice@example.com',
  customer_address: 'কেরানীগঞ্জ, ঢাকা',
  payment_method: 'cash_on_delivery',
  user_id: 'alice',
  status: 'pending',
  created_at: created,
  updated_at: created,
};

const { env, anonymous, alice, admin, editor } = useFirestoreRulesEnv();

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'roles/admin'), { user_id: 'admin', role: 'admin' });
    await setDoc(doc(db, 'roles/editor'), { user_id: 'editor', role: 'editor' });
    await setDoc(doc(db, 'products/mango'), mango);
    // Created on different days, so that newest first is neither the ids' order nor the oldest first.
    await setDoc(doc(db, 'products/olive'), {
      ...mango,
      name: 'জলপাইয়ের আচার',
      is_active: false,
      created_at: earlier,
    });
    await setDoc(doc(db, 'products/tamarind'), {
      ...mango,
      name: 'তেঁতুলের আচার',
      stock_quantity: 0,
      created_at: later,
    });
    await setDoc(doc(db, 'orders/alice-1'), aliceOrder);
    await setDoc(doc(db, 'orders/bob-1'), {
      ...aliceOrder,
      user_id: 'bob',
      customer_name: 'Bob',
      created_at: later,
    });
  });
});

const storefrontQuery = (db: Firestore) =>
  query(
    collection(db, 'products'),
    where('is_active', '==', true),
    where('stock_quantity', '>', 0),
    orderBy('created_at', 'desc'),
  );

describe('products', () => {
  it('anyone, signed in or not, reads an active product in stock', async () => {
    await assertSucceeds(getDoc(doc(anonymous(), 'products/mango')));
    await assertSucceeds(getDoc(doc(alice(), 'products/mango')));
  });

  it('nobody but an admin reads an inactive or sold-out product', async () => {
    await assertFails(getDoc(doc(anonymous(), 'products/olive')));
    await assertFails(getDoc(doc(alice(), 'products/tamarind')));
    await assertFails(getDoc(doc(editor(), 'products/olive')));
    await assertSucceeds(getDoc(doc(admin(), 'products/olive')));
    await assertSucceeds(getDoc(doc(admin(), 'products/tamarind')));
  });

  it("the storefront's query is allowed for a visitor, and finds only the active product in stock", async () => {
    expect(ids(await assertSucceeds(getDocs(storefrontQuery(anonymous()))))).toEqual(['mango']);
  });

  it('a visitor may not list every product, nor only the active ones', async () => {
    await assertFails(getDocs(query(collection(anonymous(), 'products'), orderBy('created_at', 'desc'))));
    await assertFails(getDocs(query(collection(alice(), 'products'), where('is_active', '==', true))));
  });

  it('an admin lists every product, newest first', async () => {
    const products = await assertSucceeds(
      getDocs(query(collection(admin(), 'products'), orderBy('created_at', 'desc'))),
    );
    expect(ids(products)).toEqual(['tamarind', 'mango', 'olive']);
    expect(products.docs.map((product) => product.get('name'))).toEqual([
      'তেঁতুলের আচার',
      'আমের আচার',
      'জলপাইয়ের আচার',
    ]);
  });

  it('a customer cannot create, edit or delete a product', async () => {
    await assertFails(addDoc(collection(alice(), 'products'), mango));
    await assertFails(updateDoc(doc(alice(), 'products/mango'), { price: 1 }));
    await assertFails(deleteDoc(doc(alice(), 'products/mango')));
    await assertFails(addDoc(collection(anonymous(), 'products'), mango));
    await assertFails(updateDoc(doc(editor(), 'products/mango'), { stock_quantity: 99 }));
  });

  it('an admin creates, edits, deactivates and deletes a product', async () => {
    const db = admin();
    await assertSucceeds(
      addDoc(collection(db, 'products'), {
        ...mango,
        description: null,
        category: null,
        original_price: null,
        created_at: serverTimestamp(),
        updated_at: serverTimestamp(),
      }),
    );
    await assertSucceeds(
      updateDoc(doc(db, 'products/mango'), { price: 260.5, updated_at: serverTimestamp() }),
    );
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { is_active: false }));
    await assertSucceeds(deleteDoc(doc(db, 'products/tamarind')));
  });

  it('an admin cannot store a product the shop could not sell', async () => {
    const db = admin();
    await assertFails(setDoc(doc(db, 'products/bad-1'), { ...mango, price: -5 }));
    await assertFails(setDoc(doc(db, 'products/bad-2'), { ...mango, stock_quantity: 1.5 }));
    await assertFails(setDoc(doc(db, 'products/bad-3'), { ...mango, original_price: 250 }));
    await assertFails(setDoc(doc(db, 'products/bad-4'), { ...mango, name: '  ' }));
    await assertFails(setDoc(doc(db, 'products/bad-5'), { ...mango, is_active: 'yes' }));
    await assertFails(setDoc(doc(db, 'products/bad-6'), { ...mango, discount_code: 'FREE' }));
    const { price: _price, ...withoutPrice } = mango;
    await assertFails(setDoc(doc(db, 'products/bad-7'), withoutPrice));
    await assertFails(updateDoc(doc(db, 'products/mango'), { created_at: serverTimestamp() }));
  });

  it("an admin cannot store control or direction characters in a product's texts; Bengali joiners pass", async () => {
    const db = admin();
    const refused: [string, string][] = [
      ['name', 'আমের\nআচার'],
      ['name', 'আমের\tআচার'],
      ['name', 'আমের আচার\u0000'],
      ['name', 'আমের আচার\u0085'],
      ['name', 'আমের\u2028আচার'],
      ['name', '\u202Eআমের আচার'],
      ['name', 'আমের \u2067আচার\u2069'],
      ['name', 'আমের\u200F আচার'],
      ['name', 'আমের\u200E আচার'],
      ['name', 'আমের\u061C আচার'],
      ['category', 'আম\n৳০'],
      ['category', 'আম\u202D'],
      ['description', 'ঝাল\tমিষ্টি'],
      ['description', 'ঝাল\r\nমিষ্টি'],
      ['description', 'ঝাল\u202Eমিষ্টি'],
      ['description', 'ঝাল\u2066মিষ্টি\u2069'],
    ];
    for (const [field, text] of refused) {
      // Each refused change is made to a product that is there, and as a new product.
      await assertFails(updateDoc(doc(db, 'products/mango'), { [field]: text }));
      await assertFails(setDoc(doc(db, 'products/unclean'), { ...mango, [field]: text }));
    }
    expect((await getDoc(doc(db, 'products/mango'))).data()).toMatchObject({
      name: mango.name,
      category: mango.category,
      description: mango.description,
    });
    await assertSucceeds(
      updateDoc(doc(db, 'products/mango'), {
        name: 'র\u200D্যাব ক্\u200Cষ আমের আচার',
        category: 'আম',
        description: 'কাঁচা আম।\n\nসরিষার তেল আর পাঁচফোড়ন।',
      }),
    );
  });

  it('an admin can still edit a product stored above the stock limit, and bring its stock down, but not up', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'products/overfull'), { ...mango, stock_quantity: 100_002 });
    });
    const db = admin();
    await assertSucceeds(updateDoc(doc(db, 'products/overfull'), { is_active: false }));
    await assertFails(updateDoc(doc(db, 'products/overfull'), { stock_quantity: 100_003 }));
    await assertSucceeds(updateDoc(doc(db, 'products/overfull'), { stock_quantity: 100_000 }));
    await assertFails(updateDoc(doc(db, 'products/overfull'), { stock_quantity: 100_001 }));
    await assertFails(setDoc(doc(db, 'products/new-overfull'), { ...mango, stock_quantity: 100_001 }));
  });

  it('an admin cannot store a price that can never be sold: infinite, finer than a poisha, or too high', async () => {
    const db = admin();
    // Each refused change is made to a product that is there, and it stays as it was.
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: Infinity }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: Number.NaN }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 12.345 }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 100_000.5 }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 0 }));
    // Above 0 but 0 poisha: every order for it would be stored with a total of ৳0.
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 0.000000001 }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 0.004 }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { original_price: Infinity }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { original_price: 300.001 }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { stock_quantity: 100_001 }));
    await assertFails(setDoc(doc(db, 'products/bad-8'), { ...mango, price: 12.345 }));
    await assertFails(
      setDoc(doc(db, 'products/bad-9'), { ...mango, price: 0.000000001, original_price: null }),
    );
    const stored = await getDoc(doc(db, 'products/mango'));
    expect(stored.get('price')).toBe(250);
    expect(stored.get('stock_quantity')).toBe(12);
  });

  it('an admin stores prices to the poisha up to the highest price, and stock up to the highest count', async () => {
    const db = admin();
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { price: 12.34, original_price: 12.35 }));
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { price: 0.01, original_price: null }));
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { price: 100_000, stock_quantity: 100_000 }));
    await assertSucceeds(
      setDoc(doc(db, 'products/good-1'), { ...mango, price: 249.99, original_price: 299.5 }),
    );
  });
});

describe('orders', () => {
  it('a customer reads their own order and lists their own orders', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'orders/alice-1')));
    await assertSucceeds(
      getDocs(
        query(collection(alice(), 'orders'), where('user_id', '==', 'alice'), orderBy('created_at', 'desc')),
      ),
    );
  });

  it("a customer cannot read someone else's order or list all orders", async () => {
    await assertFails(getDoc(doc(alice(), 'orders/bob-1')));
    await assertFails(getDocs(query(collection(alice(), 'orders'), where('user_id', '==', 'bob'))));
    await assertFails(getDocs(collection(alice(), 'orders')));
    await assertFails(getDoc(doc(anonymous(), 'orders/alice-1')));
    await assertFails(getDocs(collection(editor(), 'orders')));
  });

  it('an admin reads every order', async () => {
    const orders = await assertSucceeds(
      getDocs(query(collection(admin(), 'orders'), orderBy('created_at', 'desc'))),
    );
    expect(ids(orders)).toEqual(['bob-1', 'alice-1']);
    expect(orders.docs.map((order) => order.get('user_id'))).toEqual(['bob', 'alice']);
    const bobs = await assertSucceeds(getDoc(doc(admin(), 'orders/bob-1')));
    expect(bobs.data()).toMatchObject({ user_id: 'bob', customer_name: 'Bob', total_amount: 500 });
  });

  it("an admin searches orders as the dashboard does; a customer cannot search everyone's", async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      await updateDoc(doc(context.firestore() as unknown as Firestore, 'orders/bob-1'), {
        search_phone: '01712345678',
        search_terms: ['b', 'bo', 'bob'],
      });
    });
    const byTerm = (db: Firestore) =>
      query(
        collection(db, 'orders'),
        where('search_terms', 'array-contains', 'bo'),
        where('status', '==', 'pending'),
        orderBy('created_at', 'desc'),
        limit(50),
      );
    expect(ids(await assertSucceeds(getDocs(byTerm(admin()))))).toEqual(['bob-1']);
    await assertFails(getDocs(byTerm(alice())));
  });

  it('nobody creates an order from a browser, not even an admin: only placeOrder does', async () => {
    await assertFails(addDoc(collection(alice(), 'orders'), aliceOrder));
    await assertFails(setDoc(doc(alice(), 'orders/mine'), aliceOrder));
    await assertFails(addDoc(collection(admin(), 'orders'), aliceOrder));
    await assertFails(addDoc(collection(anonymous(), 'orders'), aliceOrder));
  });

  it('nobody deletes an order from a browser', async () => {
    await assertFails(deleteDoc(doc(alice(), 'orders/alice-1')));
    await assertFails(deleteDoc(doc(admin(), 'orders/alice-1')));
  });

  it("a customer cannot change their order's status or anything else in it, not even to cancel it", async () => {
    await assertFails(
      updateDoc(doc(alice(), 'orders/alice-1'), { status: 'cancelled', updated_at: serverTimestamp() }),
    );
    await assertFails(updateDoc(doc(alice(), 'orders/alice-1'), { customer_address: 'অন্য ঠিকানা' }));
    expect((await getDoc(doc(alice(), 'orders/alice-1'))).get('status')).toBe('pending');
  });

  it("not even an admin changes an order's status from a browser: setOrderStatus moves the stock with it", async () => {
    await assertFails(
      updateDoc(doc(admin(), 'orders/alice-1'), { status: 'confirmed', updated_at: serverTimestamp() }),
    );
    await assertFails(
      updateDoc(doc(admin(), 'orders/alice-1'), { status: 'cancelled', updated_at: serverTimestamp() }),
    );
    await assertFails(updateDoc(doc(admin(), 'orders/alice-1'), { total_amount: 1 }));
    expect((await getDoc(doc(admin(), 'orders/alice-1'))).get('status')).toBe('pending');
  });
});

describe('customers (the summaries placeOrder and setOrderStatus keep)', () => {
  const summary = {
    name: 'Alice',
    phone: '01712345678',
    email: 'alice@example.com',
    order_count: 1,
    spent: 50000,
    last_order_at: created,
    search_phone: '01712345678',
    search_terms: ['a', 'al', 'ali', 'alic', 'alice'],
  };
  beforeEach(async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'customers/user:alice'), summary);
    });
  });

  it('an admin reads and lists them, as the customers tab asks', async () => {
    await assertSucceeds(getDoc(doc(admin(), 'customers/user:alice')));
    const listed = await assertSucceeds(
      getDocs(query(collection(admin(), 'customers'), orderBy('last_order_at', 'desc'), limit(50))),
    );
    expect(ids(listed)).toEqual(['user:alice']);
  });

  it('nobody else reads them, not even the customer their own', async () => {
    await assertFails(getDoc(doc(alice(), 'customers/user:alice')));
    await assertFails(getDocs(query(collection(alice(), 'customers'), limit(50))));
    await assertFails(getDoc(doc(editor(), 'customers/user:alice')));
    await assertFails(getDoc(doc(anonymous(), 'customers/user:alice')));
  });

  it('nobody writes them from a browser, not even an admin: only the functions do', async () => {
    await assertFails(setDoc(doc(admin(), 'customers/user:bob'), summary));
    await assertFails(updateDoc(doc(admin(), 'customers/user:alice'), { spent: 0 }));
    await assertFails(deleteDoc(doc(admin(), 'customers/user:alice')));
    await assertFails(setDoc(doc(alice(), 'customers/user:alice'), { ...summary, spent: 0 }));
    expect((await getDoc(doc(admin(), 'customers/user:alice'))).get('spent')).toBe(50000);
  });
});

describe('order-limits (placeOrder’s per-customer marker)', () => {
  it('nobody reads or writes it from a browser, not even about themselves or as an admin', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'order-limits/alice'), { last_order_at: created });
    });
    await assertFails(getDoc(doc(alice(), 'order-limits/alice')));
    await assertFails(setDoc(doc(alice(), 'order-limits/alice'), { last_order_at: created }));
    await assertFails(deleteDoc(doc(alice(), 'order-limits/alice')));
    await assertFails(getDoc(doc(admin(), 'order-limits/alice')));
    await assertFails(deleteDoc(doc(admin(), 'order-limits/alice')));
  });
});

describe('roles', () => {
  const adminCheck = (db: Firestore, uid: string) =>
    query(collection(db, 'roles'), where('user_id', '==', uid), where('role', '==', 'admin'), limit(1));

  it("the admin check's query is allowed for one's own user id", async () => {
    await assertSucceeds(getDocs(adminCheck(admin(), 'admin')));
    await assertSucceeds(getDocs(adminCheck(alice(), 'alice')));
  });

  it('a user reads their own role record, even a missing one, and nobody else’s', async () => {
    await assertSucceeds(getDoc(doc(admin(), 'roles/admin')));
    await assertSucceeds(getDoc(doc(alice(), 'roles/alice')));
    await assertFails(getDoc(doc(alice(), 'roles/admin')));
    await assertFails(getDocs(adminCheck(alice(), 'admin')));
    await assertFails(getDocs(collection(admin(), 'roles')));
    await assertFails(getDoc(doc(anonymous(), 'roles/admin')));
  });

  it('nobody writes role records from a browser, not even an admin', async () => {
    await assertFails(setDoc(doc(alice(), 'roles/alice'), { user_id: 'alice', role: 'admin' }));
    await assertFails(setDoc(doc(admin(), 'roles/alice'), { user_id: 'alice', role: 'admin' }));
    await assertFails(updateDoc(doc(editor(), 'roles/editor'), { role: 'admin' }));
    await assertFails(deleteDoc(doc(admin(), 'roles/admin')));
  });
});
