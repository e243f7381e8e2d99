// placeOrder's transaction against the repo's Firestore emulator, in-process: the race for the last jars is
// decided by Firestore's transaction semantics, which no fake could prove.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it, vi } from 'vitest';
import { orderMessages } from '../../src/features/ordering/model';
import { countShelf, lotsOf, readSomeLots } from './shelf-lots';
import { ORDER_REQUEST_TTL_MS } from './order-request';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('place-order-emulator-test');
const stock = () => shelf.stock();

const caller = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const m = orderMessages.validation;

describe('placeOrder against the Firestore emulator', () => {
  it('writes the order with server timestamps and takes the jars out of stock in one transaction', async () => {
    const { orderId } = await placeOrder(shelf.db, caller, lemonOrder({ quantity: 2 }));
    const stored = (await shelf.db.doc(`orders/${orderId}`).get()).data();
    expect(stored).toMatchObject({ total_amount: 321, quantity: 2, status: 'pending', user_id: 'rahima' });
    expect(stored?.created_at).toBeInstanceOf(Timestamp);
    expect(await stock()).toBe(3);
  });

  it('writes nothing when the stock is too low', async () => {
    await expect(placeOrder(shelf.db, caller, lemonOrder({ quantity: 6 }))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: orderMessages.errors.notEnoughStock,
    });
    expect((await shelf.db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });

  it("refuses an order for more jars than are free without a transaction (a sale's late orders lock nothing)", async () => {
    await countShelf(shelf.db, shelf.db.doc('products/lemon')); // the product from before lots gets its lots
    const transactions = vi.spyOn(shelf.db, 'runTransaction');
    try {
      await expect(placeOrder(shelf.db, caller, lemonOrder({ quantity: 6 }))).rejects.toMatchObject({
        message: orderMessages.errors.notEnoughStock,
      });
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
  });

  // The shop's one race test (through the callable it would also cost minutes of Functions-emulator workers
  // booting, for the same transaction): placeOrder's own transaction, twenty at once, against the emulator.
  it('sells exactly 5 jars when 20 orders for the last 5 arrive at once', async () => {
    // Twenty different customers: one customer may not hold more than three open orders.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(shelf.db, { uid: `customer-${index}`, token: {} }, lemonOrder()),
      ),
    );
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code?: string }).code] : [],
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toEqual(Array.from({ length: 15 }, () => 'failed-precondition'));
    const orders = (await shelf.db.collection('orders').get()).docs.map((doc) => doc.data());
    expect(orders).toHaveLength(5);
    expect(orders.every((order) => order.product_id === 'lemon' && order.total_amount === 160.5)).toBe(true);
    // Five different customers' orders, each written once.
    expect(new Set(orders.map((order) => order.user_id)).size).toBe(5);
    expect(await stock()).toBe(0);
  }, 120_000);

  it('takes a burst of orders without writing the product: each order takes lots of the shelf', async () => {
    const product = shelf.db.doc('products/lemon');
    await product.update({ stock_quantity: 30 });
    await countShelf(shelf.db, product); // the product from before lots gets its lots, once
    expect((await product.collection('shelf').get()).docs.map((lot) => lot.get('jars'))).toEqual(
      Array(30).fill(1),
    );
    const before = (await product.get()).updateTime!;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(shelf.db, { uid: `customer-${index}`, token: {} }, lemonOrder()),
      ),
    );
    expect((await product.get()).updateTime!.isEqual(before)).toBe(true);
    expect((await product.collection('shelf').get()).size).toBe(10);
    expect(await stock()).toBe(10);
    // The shelf every reader shows follows, off the shoppers' answers.
    await countShelf(shelf.db, product);
    expect((await product.get()).get('stock_quantity')).toBe(10);
  }, 120_000);

  it('sells a product stored before lots (or with jar tickets) from its stock, giving it lots at its first order', async () => {
    const product = shelf.db.doc('products/lemon');
    // A product of the jar tickets: its stale tickets and total are ignored, its stock is its shelf.
    await product.update({ jars_total: 9, shelf_counted: 5 });
    await product.collection('tickets').doc('3').set({ order_id: 'old' });
    await placeOrder(shelf.db, caller, lemonOrder({ quantity: 2 }));
    const data = (await product.get()).data();
    expect(data).toMatchObject({ shelf_counted: 5, stock_quantity: 5 });
    expect(data).not.toHaveProperty('jars_total');
    expect(await stock()).toBe(3);
    await product.collection('tickets').doc('3').delete();
  });

  it('sells from the shelf the seller set: fewer jars take lots away, more add lots', async () => {
    const product = shelf.db.doc('products/lemon');
    await placeOrder(shelf.db, caller, lemonOrder({ quantity: 2 }));
    await product.update({ stock_quantity: 1 }); // the seller's figure: 1 jar on the shelf, not 3
    expect(await stock()).toBe(1);
    await expect(
      placeOrder(shelf.db, { uid: 'karim', token: {} }, lemonOrder({ quantity: 2 })),
    ).rejects.toMatchObject({ message: orderMessages.errors.notEnoughStock });
    await placeOrder(shelf.db, { uid: 'karim', token: {} }, lemonOrder());
    expect(await stock()).toBe(0);
    expect((await product.collection('shelf').get()).size).toBe(0);

    await product.update({ stock_quantity: 4 }); // restocked
    await placeOrder(shelf.db, { uid: 'jamal', token: {} }, lemonOrder());
    expect(await stock()).toBe(3);
    const lots = (await product.collection('shelf').get()).docs.map((lot) => lot.get('jars') as number);
    expect(lots.every((jars) => Number.isInteger(jars) && jars >= 1)).toBe(true);
  });

  it('reads q + 4 lots from wherever its random place falls, wrapping around, and a short shelf whole', async () => {
    const product = shelf.db.doc('products/lemon');
    const usage = `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/demo-achar-shop/databases/(default)/usage`;
    const readsOf = async (jars: number) => {
      await fetch(usage, { method: 'DELETE' });
      const lots = await readSomeLots(product, jars);
      const { documentReads } = (await (await fetch(usage)).json()) as { documentReads: number };
      return { lots, documentReads };
    };
    const batch = shelf.db.batch();
    for (let i = 0; i < 8; i++) batch.create(lotsOf(product).doc(), { jars: 1 });
    await batch.commit();
    const ids = new Set((await lotsOf(product).get()).docs.map((lot) => lot.id));
    // Of 8 lots, 6 are asked for: a random place among the last 5 wraps around (about 5 reads in 8).
    for (let round = 0; round < 24; round++) {
      const { lots, documentReads } = await readsOf(2);
      expect(new Set(lots.map((lot) => lot.id)).size).toBe(6);
      expect(lots.every((lot) => ids.has(lot.id))).toBe(true);
      // An empty query bills one read (as production does): a random place past the last lot costs one more.
      expect(documentReads).toBeGreaterThanOrEqual(6);
      expect(documentReads).toBeLessThanOrEqual(7);
    }
    // 9 asked for of 8: every lot, read again in one query.
    const { lots } = await readsOf(5);
    expect(new Set(lots.map((lot) => lot.id))).toEqual(ids);
  });

  it("reads as few documents for an order after many jars were sold as for the shop's first", async () => {
    const usage = `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/demo-achar-shop/databases/(default)/usage`;
    const product = shelf.db.doc('products/lemon');
    await product.update({ stock_quantity: 200 });
    await countShelf(shelf.db, product);
    const readsOf = async (uid: string) => {
      await fetch(usage, { method: 'DELETE' });
      await placeOrder(shelf.db, { uid, token: {} }, lemonOrder());
      return ((await (await fetch(usage)).json()) as { documentReads: number }).documentReads;
    };
    const first = await readsOf('first');
    // 60 jars sold and delivered: with a document per jar sold, every later order would read them all.
    for (let i = 0; i < 6; i++) {
      const { orderId } = await placeOrder(
        shelf.db,
        { uid: `bulk-${i}`, token: {} },
        lemonOrder({ quantity: 10 }),
      );
      await shelf.db.doc(`orders/${orderId}`).update({ status: 'delivered' });
    }
    expect(await stock()).toBe(139);
    // One read more at most: a random place past the last lot finds nothing, and an empty query bills one read.
    expect(await readsOf('later')).toBeLessThanOrEqual(first + 1);
  }, 120_000);

  it("refuses a customer's fourth open order, and takes one again once an order is delivered or cancelled", async () => {
    const placed = [];
    for (let index = 0; index < 3; index += 1) placed.push(await placeOrder(shelf.db, caller, lemonOrder()));
    await expect(placeOrder(shelf.db, caller, lemonOrder())).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: orderMessages.errors.tooManyOpenOrders('৩'),
    });
    expect((await shelf.db.collection('orders').get()).size).toBe(3);
    expect(await stock()).toBe(2);

    // Another customer is not held back by Rahima's orders.
    await placeOrder(shelf.db, { uid: 'karim', token: {} }, lemonOrder());

    await shelf.db.doc(`orders/${placed[0].orderId}`).update({ status: 'delivered' });
    await placeOrder(shelf.db, caller, lemonOrder());
    expect(await stock()).toBe(0);
  });

  it('takes exactly three of five orders one customer sends at once for five different products', async () => {
    // Different products, so nothing but the open-order limit ties these five transactions together.
    const jars = ['lemon-0', 'lemon-1', 'lemon-2', 'lemon-3', 'lemon-4'];
    const lemon = (await shelf.db.doc('products/lemon').get()).data()!;
    await Promise.all(jars.map((id) => shelf.db.doc(`products/${id}`).set(lemon)));
    const results = await Promise.allSettled(
      jars.map((productId) => placeOrder(shelf.db, caller, lemonOrder({ productId }))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code?: string }).code] : [],
    );
    expect(refused).toEqual(['resource-exhausted', 'resource-exhausted']);
    expect((await shelf.db.collection('orders').get()).size).toBe(3);
    await Promise.all(jars.map((id) => shelf.db.doc(`products/${id}`).delete()));
  }, 120_000);

  it.each([
    ['a reserved id', '__lemon__'],
    ['a 600-letter Bengali id', 'লে'.repeat(300)],
    ['an id with a slash', 'lemon/x'],
  ])('answers %s with invalid-argument and writes nothing', async (_case, productId) => {
    await expect(placeOrder(shelf.db, caller, lemonOrder({ productId }))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect((await shelf.db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });

  it.each([
    [
      'a name with a line break (a fake total in the mail)',
      { customerName: 'রহিমা\nমোট: ৳০' },
      m.nameLineBreak,
    ],
    ['a name with U+202E', { customerName: 'রহিমা \u202E87654321710' }, m.nameBidi],
    ['a name of only U+200B', { customerName: '\u200B' }, m.nameRequired],
    ['an address with U+202E', { customerAddress: 'কেরানীগঞ্জ \u202Eঢাকা' }, m.addressBidi],
    ['an address with a tab', { customerAddress: 'কেরানীগঞ্জ\tঢাকা' }, m.addressControl],
  ])('refuses %s with its Bengali reason and writes nothing', async (_case, change, message) => {
    await expect(placeOrder(shelf.db, caller, lemonOrder(change))).rejects.toMatchObject({
      code: 'invalid-argument',
      message,
    });
    expect((await shelf.db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });

  it('stores a Bengali name with ZWJ and ZWNJ as typed, in NFC, and an address of a few lines', async () => {
    const { orderId } = await placeOrder(
      shelf.db,
      caller,
      lemonOrder({
        customerName: ' র\u200D্যাব ক্\u200Cষমা\u200B ',
        customerAddress: 'বাড়ি ১২\r\nকেরানীগঞ্জ\r\nঢাকা',
      }),
    );
    expect((await shelf.db.doc(`orders/${orderId}`).get()).data()).toMatchObject({
      customer_name: 'র\u200D্যাব ক্\u200Cষমা',
      customer_address: 'বাড়ি ১২\nকেরানীগঞ্জ\nঢাকা',
    });
  });

  it('refuses a product whose stored price can never be sold, writing nothing', async () => {
    await shelf.db.doc('products/lemon').update({ price: 12.345 });
    await expect(placeOrder(shelf.db, caller, lemonOrder())).rejects.toMatchObject({
      code: 'failed-precondition',
      message: orderMessages.errors.productUnsellable,
    });
    expect((await shelf.db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });

  describe('with a request id', () => {
    const requestId = 'Ab3dEf6hIj9lMn2pQr5t';
    const orders = async () => (await shelf.db.collection('orders').get()).docs;

    it('answers a repeated request with the same order, writing nothing and taking no more jars', async () => {
      const first = await placeOrder(shelf.db, caller, lemonOrder({ quantity: 2, requestId }));
      const again = await placeOrder(shelf.db, caller, lemonOrder({ quantity: 2, requestId }));
      expect(again).toEqual(first);
      expect((await orders()).map((doc) => doc.id)).toEqual([first.orderId]);
      expect(await stock()).toBe(3);
    });

    it('answers a repeat of the request that took the last jars with its order, not with "out of stock"', async () => {
      const first = await placeOrder(shelf.db, caller, lemonOrder({ quantity: 5, requestId }));
      const again = await placeOrder(shelf.db, caller, lemonOrder({ quantity: 5, requestId }));
      expect(again).toEqual(first);
      expect(await orders()).toHaveLength(1);
      expect(await stock()).toBe(0);
    });

    it('places one order when ten copies of the request arrive at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => placeOrder(shelf.db, caller, lemonOrder({ requestId }))),
      );
      expect(new Set(answers.map((answer) => answer.orderId)).size).toBe(1);
      expect(await orders()).toHaveLength(1);
      expect(await stock()).toBe(4);
    }, 120_000);

    it("gives another customer's copy of the id an order of their own, never the first customer's", async () => {
      const first = await placeOrder(shelf.db, caller, lemonOrder({ requestId }));
      const other = await placeOrder(shelf.db, { uid: 'karim', token: {} }, lemonOrder({ requestId }));
      expect(other.orderId).not.toBe(first.orderId);
      const stored = await orders();
      expect(stored.map((doc) => doc.get('user_id')).sort()).toEqual(['karim', 'rahima']);
      expect(await stock()).toBe(3);
    });

    it('refuses a repeat that comes after the request expired, and changes nothing', async () => {
      await placeOrder(shelf.db, caller, lemonOrder({ requestId }));
      const later = () => new Date(Date.now() + ORDER_REQUEST_TTL_MS + 60_000);
      await expect(placeOrder(shelf.db, caller, lemonOrder({ requestId }), later)).rejects.toMatchObject({
        code: 'failed-precondition',
        message: orderMessages.errors.requestExpired,
      });
      expect(await orders()).toHaveLength(1);
      expect(await stock()).toBe(4);
    });
  });
});
