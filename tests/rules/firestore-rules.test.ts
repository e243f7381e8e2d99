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
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { emulators } from '../../firebase.json';
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

// What the web app writes as a product's times (serverTimestamp(): the request's own time).
const stamp = { created_at: serverTimestamp(), updated_at: serverTimestamp() };
const touched = { updated_at: serverTimestamp() };

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

const { env, anonymous, alice, admin, editor, unverifiedAdmin } = useFirestoreRulesEnv();

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
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { is_active: false, ...touched }));
    await assertSucceeds(deleteDoc(doc(db, 'products/tamarind')));
  });

  it('an admin cannot store a product the shop could not sell', async () => {
    const db = admin();
    await assertFails(setDoc(doc(db, 'products/bad-1'), { ...mango, ...stamp, price: -5 }));
    await assertFails(setDoc(doc(db, 'products/bad-2'), { ...mango, ...stamp, stock_quantity: 1.5 }));
    await assertFails(setDoc(doc(db, 'products/bad-3'), { ...mango, ...stamp, original_price: 250 }));
    await assertFails(setDoc(doc(db, 'products/bad-4'), { ...mango, ...stamp, name: '  ' }));
    await assertFails(setDoc(doc(db, 'products/bad-5'), { ...mango, ...stamp, is_active: 'yes' }));
    await assertFails(setDoc(doc(db, 'products/bad-6'), { ...mango, ...stamp, discount_code: 'FREE' }));
    const { price: _price, ...withoutPrice } = mango;
    await assertFails(setDoc(doc(db, 'products/bad-7'), { ...withoutPrice, ...stamp }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { created_at: serverTimestamp(), ...touched }));
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
    // The same product with clean texts is taken, so each refusal below is the text's.
    await assertSucceeds(setDoc(doc(db, 'products/clean'), { ...mango, ...stamp }));
    for (const [field, text] of refused) {
      // Each refused change is made to a product that is there, and as a new product.
      await assertFails(updateDoc(doc(db, 'products/mango'), { [field]: text, ...touched }));
      await assertFails(setDoc(doc(db, 'products/unclean'), { ...mango, ...stamp, [field]: text }));
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
        ...touched,
      }),
    );
  });

  it('an admin can still edit a product stored above the stock limit, and bring its stock down, but not up', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'products/overfull'), { ...mango, stock_quantity: 100_002 });
    });
    const db = admin();
    await assertSucceeds(updateDoc(doc(db, 'products/overfull'), { is_active: false, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/overfull'), { stock_quantity: 100_003, ...touched }));
    await assertSucceeds(updateDoc(doc(db, 'products/overfull'), { stock_quantity: 100_000, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/overfull'), { stock_quantity: 100_001, ...touched }));
    await assertFails(
      setDoc(doc(db, 'products/new-overfull'), { ...mango, ...stamp, stock_quantity: 100_001 }),
    );
  });

  it("the shelf's lots and their count are the server's: an admin sets the shelf, never the lots", async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await setDoc(doc(db, 'products/lotted'), { ...mango, shelf_counted: 12 });
      await setDoc(doc(db, 'products/lotted/shelf/lot1'), { jars: 3 });
      // A product of the jar tickets, before its first order gives it lots.
      await setDoc(doc(db, 'products/ticketed'), { ...mango, jars_total: 20, shelf_counted: 12 });
    });
    const db = admin();
    // The seller's save keeps the server's fields as they are, and may set the shelf.
    await assertSucceeds(updateDoc(doc(db, 'products/lotted'), { stock_quantity: 15, ...touched }));
    await assertSucceeds(updateDoc(doc(db, 'products/ticketed'), { stock_quantity: 15, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/ticketed'), { jars_total: 30, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/lotted'), { shelf_counted: 15, ...touched }));
    await assertFails(setDoc(doc(db, 'products/new-lotted'), { ...mango, ...stamp, shelf_counted: 12 }));
    for (const who of [db, editor()]) {
      await assertFails(getDoc(doc(who, 'products/lotted/shelf/lot1')));
      await assertFails(getDocs(collection(who, 'products/lotted/shelf')));
      await assertFails(setDoc(doc(who, 'products/lotted/shelf/lot2'), { jars: 1 }));
      await assertFails(deleteDoc(doc(who, 'products/lotted/shelf/lot1')));
    }
  });

  it('an admin cannot store a price that can never be sold: infinite, finer than a poisha, or too high', async () => {
    const db = admin();
    // Each refused change is made to a product that is there, and it stays as it was.
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: Infinity, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: Number.NaN, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 12.345, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 100_000.5, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 0, ...touched }));
    // Above 0 but 0 poisha: every order for it would be stored with a total of ৳0.
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 0.000000001, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 0.004, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { original_price: Infinity, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { original_price: 300.001, ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { stock_quantity: 100_001, ...touched }));
    await assertFails(setDoc(doc(db, 'products/bad-8'), { ...mango, ...stamp, price: 12.345 }));
    await assertFails(
      setDoc(doc(db, 'products/bad-9'), { ...mango, ...stamp, price: 0.000000001, original_price: null }),
    );
    const stored = await getDoc(doc(db, 'products/mango'));
    expect(stored.get('price')).toBe(250);
    expect(stored.get('stock_quantity')).toBe(12);
  });

  it('an admin stores prices to the poisha up to the highest price, and stock up to the highest count', async () => {
    const db = admin();
    await assertSucceeds(
      updateDoc(doc(db, 'products/mango'), { price: 12.34, original_price: 12.35, ...touched }),
    );
    await assertSucceeds(
      updateDoc(doc(db, 'products/mango'), { price: 0.01, original_price: null, ...touched }),
    );
    await assertSucceeds(
      updateDoc(doc(db, 'products/mango'), { price: 100_000, stock_quantity: 100_000, ...touched }),
    );
    await assertSucceeds(
      setDoc(doc(db, 'products/good-1'), { ...mango, ...stamp, price: 249.99, original_price: 299.5 }),
    );
  });
});

describe('an admin is a role record and a verified e-mail', () => {
  it('the role record alone opens nothing: the same uid with an unverified e-mail is a customer', async () => {
    const db = unverifiedAdmin();
    await assertFails(getDoc(doc(db, 'products/olive')));
    await assertFails(getDocs(query(collection(db, 'products'), orderBy('created_at', 'desc'))));
    await assertFails(setDoc(doc(db, 'products/new'), { ...mango, ...stamp }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 1, ...touched }));
    await assertFails(deleteDoc(doc(db, 'products/mango')));
    await assertFails(getDoc(doc(db, 'orders/bob-1')));
    await assertFails(setDoc(doc(db, 'slugs/new'), { product_id: 'new' }));
    // What anyone may do, it may do too.
    await assertSucceeds(getDoc(doc(db, 'products/mango')));
    // The verified admin, with the same role record, may.
    await assertSucceeds(getDoc(doc(admin(), 'products/olive')));
  });
});

describe("a product's times are the server's", () => {
  it('a new product must carry the time of its save as created_at and updated_at', async () => {
    const db = admin();
    await assertSucceeds(setDoc(doc(db, 'products/now'), { ...mango, ...stamp }));
    await assertFails(setDoc(doc(db, 'products/back-dated'), mango)); // a time the browser made up
    await assertFails(
      setDoc(doc(db, 'products/future'), {
        ...mango,
        ...stamp,
        updated_at: Timestamp.fromMillis(Date.now() + 3600_000),
      }),
    );
    const { created_at: _c, updated_at: _u, ...timeless } = mango;
    await assertFails(setDoc(doc(db, 'products/timeless'), timeless));
  });

  it('a change that writes updated_at writes the time of the change, never another', async () => {
    const db = admin();
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 260, updated_at: later }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 260, updated_at: null }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { price: 260, updated_at: Timestamp.now() }));
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { price: 260, ...touched }));
    const stored = await getDoc(doc(db, 'products/mango'));
    expect(stored.get('created_at')).toEqual(created);
    expect(stored.get('updated_at')).not.toEqual(created);
    // One that leaves it as it was claims no time.
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { price: 270 }));
  });
});

describe("a product's photo fields are Storage's own", () => {
  const photo = 'product-images/k3j9x2-1763700000000.webp';
  const token = '0b7d2c1e-4f5a-4c3b-9d8e-7f6a5b4c3d2e';
  const production = `https://firebasestorage.googleapis.com/v0/b/achar-ghor.appspot.com/o/${encodeURIComponent(photo)}?alt=media&token=${token}`;
  // The Storage emulator's address on firebase.json's port: a port moved there must be moved in the rules too.
  const local = `http://${emulators.storage.host}:${emulators.storage.port}/v0/b/demo-achar-shop.appspot.com/o/${encodeURIComponent(photo)}?alt=media&token=${token}`;
  const save = (image_url: unknown, image_path: unknown = photo) =>
    updateDoc(doc(admin(), 'products/mango'), { image_url, image_path, ...touched });

  it('takes a download URL of the photo from production or the local emulator, or no photo at all', async () => {
    await assertSucceeds(save(production));
    await assertSucceeds(save(local));
    await assertSucceeds(
      save(production.replace('achar-ghor.appspot.com', 'achar-ghor.firebasestorage.app')),
    );
    await assertSucceeds(save(null, null));
    await assertSucceeds(
      setDoc(doc(admin(), 'products/with-photo'), {
        ...mango,
        ...stamp,
        image_url: production,
        image_path: photo,
      }),
    );
  });

  it('refuses any other address, even from an admin', async () => {
    const refused = [
      '/p/mango.jpg', // relative: the product page answered 500
      'https://evil.example/v0/b/achar-ghor.appspot.com/o/product-images%2Fk3j9x2-1763700000000.webp?alt=media&token=x',
      'https://firebasestorage.googleapis.com.evil.example/v0/b/achar-ghor.appspot.com/o/product-images%2Fa.webp?alt=media&token=x',
      production.replace('achar-ghor.appspot.com', 'evil.example'), // another bucket's form
      production.replace('?alt=media', '"><script>alert(1)</script>?alt=media'), // a quote in the URL
      production.replace('https://', 'http://'),
      production.replace('product-images%2F', 'other%2F'),
      `javascript:alert(1)//${production}`,
      `${production}#x`,
      `${production}&token=${'a'.repeat(1000)}`,
      production.replace('http', ' http'),
      'http://127.0.0.1:8080/v0/b/demo-achar-shop.appspot.com/o/product-images%2Fa.webp?alt=media&token=x',
      42,
    ];
    for (const url of refused) await assertFails(save(url));
    // A URL of another photo than the product's image_path.
    await assertFails(save(production, 'product-images/other-1763700000001.webp'));
    expect((await getDoc(doc(admin(), 'products/mango'))).get('image_url')).toBeNull();
  });

  it("refuses an image_path or a sizes mark outside the photos' folder", async () => {
    for (const path of [
      'other/a.webp',
      'product-images/a/b.webp',
      'product-images/"x',
      `product-images/${'a'.repeat(200)}`,
    ]) {
      await assertFails(save(null, path));
      await assertFails(updateDoc(doc(admin(), 'products/mango'), { image_sized_path: path, ...touched }));
    }
    await assertSucceeds(
      updateDoc(doc(admin(), 'products/mango'), { image_path: photo, image_sized_path: photo, ...touched }),
    );
  });
});

describe('every product text has a limit', () => {
  it('the description is at most 2,000 letters and the category 60, as the form says', async () => {
    const edit = (changes: Record<string, unknown>) =>
      updateDoc(doc(admin(), 'products/mango'), { ...changes, ...touched });
    await assertSucceeds(edit({ description: 'আ'.repeat(2000), category: 'ম'.repeat(60) }));
    await assertFails(edit({ description: 'আ'.repeat(2001) }));
    await assertFails(edit({ category: 'ম'.repeat(61) }));
    await assertFails(edit({ name: 'আ'.repeat(201) }));
    await assertFails(edit({ description: 42 }));
  });
});

describe("a product's slug names its own slugs record", () => {
  it('a product saved with the slug it claims in the same batch, as the seller’s save does', async () => {
    const db = admin();
    const batch = writeBatch(db);
    batch.set(doc(db, 'slugs/লেবুর-আচার'), { product_id: 'lemon' });
    batch.set(doc(db, 'products/lemon'), { ...mango, ...stamp, name: 'লেবুর আচার', slug: 'লেবুর-আচার' });
    await assertSucceeds(batch.commit());
    // Its record stays: later saves keep the slug without writing it again.
    await assertSucceeds(updateDoc(doc(db, 'products/lemon'), { is_active: false, ...touched }));
  });

  it('refuses a slug no record holds, or one whose record names another product', async () => {
    const db = admin();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'slugs/আমের-আচার'), {
        product_id: 'mango',
      });
    });
    await assertFails(setDoc(doc(db, 'products/lemon'), { ...mango, ...stamp, slug: 'লেবুর-আচার' }));
    // Taking the mango's address: the page /p/আমের-আচার would still open the mango, and the sitemap lie.
    await assertFails(setDoc(doc(db, 'products/lemon'), { ...mango, ...stamp, slug: 'আমের-আচার' }));
    await assertFails(updateDoc(doc(db, 'products/olive'), { slug: 'আমের-আচার', ...touched }));
    await assertSucceeds(updateDoc(doc(db, 'products/mango'), { slug: 'আমের-আচার', ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { slug: 'আ'.repeat(501), ...touched }));
    await assertFails(updateDoc(doc(db, 'products/mango'), { slug: '', ...touched }));
  });

  it('a slugs record names an existing or same-batch product only through an admin, and is kept as it is', async () => {
    const db = admin();
    await assertSucceeds(setDoc(doc(db, 'slugs/mango'), { product_id: 'mango' }));
    await assertFails(setDoc(doc(alice(), 'slugs/x'), { product_id: 'mango' }));
    await assertFails(setDoc(doc(db, 'slugs/mango'), { product_id: 'olive' }));
    // Saving the product again writes its record as it is: allowed, nothing changes.
    await assertSucceeds(setDoc(doc(db, 'slugs/mango'), { product_id: 'mango' }));
    expect((await assertSucceeds(getDoc(doc(db, 'slugs/mango')))).get('product_id')).toBe('mango');
    await assertFails(getDoc(doc(alice(), 'slugs/mango')));
    await assertFails(getDoc(doc(unverifiedAdmin(), 'slugs/mango')));
    await assertFails(setDoc(doc(db, `slugs/${'a'.repeat(501)}`), { product_id: 'mango' }));
    await assertFails(setDoc(doc(db, 'slugs/nothing'), { product_id: 'no-such-product' }));
    await assertFails(setDoc(doc(db, 'slugs/odd'), { product_id: 'a/b' }));
    await assertFails(deleteDoc(doc(db, 'slugs/mango')));
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

describe("the courier's payouts", () => {
  it('the seller reads them and lists the owed parcels; nobody writes a payout from a browser', async () => {
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'courier_payouts/steadfast-1'), { amount: 500, reference: 'SF-1' });
    });
    await assertSucceeds(getDoc(doc(admin(), 'courier_payouts/steadfast-1')));
    await assertSucceeds(
      getDocs(query(collection(admin(), 'orders'), where('courier_payout_id', '==', null))),
    );
    for (const db of [anonymous(), alice(), editor()])
      await assertFails(getDoc(doc(db, 'courier_payouts/steadfast-1')));
    for (const db of [alice(), admin()]) {
      await assertFails(setDoc(doc(db, 'courier_payouts/steadfast-2'), { amount: 1, reference: 'SF-2' }));
      await assertFails(updateDoc(doc(db, 'courier_payouts/steadfast-1'), { amount: 1 }));
    }
    await assertFails(updateDoc(doc(admin(), 'orders/alice-1'), { courier_payout_id: 'steadfast-1' }));
  });
});
