import fc from 'fast-check';
import {
  applyMove,
  financialStatus,
  ledgerFieldsOf,
  ledgerOrderOf,
  moneyOf,
  sellerStatusChoices,
  UNDO_MINUTES,
  type LedgerActor,
  type LedgerMove,
  type LedgerOrder,
} from './order-ledger';
import { toBengaliDigits } from './digits';
import { ORDER_STATUSES } from './order-status';
import { orderMessages, UNDO_MINUTES_BN } from './texts';
import type { PaymentMethod } from './payment-method';

const PRICE = 25_000; // ৳250 a jar, in poisha

function newOrder(method: PaymentMethod, quantity: number): LedgerOrder {
  return {
    status: 'pending',
    payment: method === 'cash_on_delivery' ? 'collect_on_delivery' : 'awaiting_payment',
    method,
    quantity,
    price: PRICE,
    total: PRICE * quantity,
    paid: 0,
    refunded: 0,
    claimed: 0,
    undo: null,
  };
}

/** Moves `orders` through the table in sequence, as the callables would, and returns the last answer. */
function run(order: LedgerOrder, steps: [LedgerActor, LedgerMove][]) {
  let current = order;
  let shelf = 0;
  for (const [actor, move] of steps) {
    const result = applyMove(current, actor, move);
    if (!result.ok) return { order: current, shelf, refusal: result.refusal };
    current = result.order;
    shelf += result.effects.shelf;
  }
  return { order: current, shelf, refusal: null };
}

describe('the four sequences that falsified the books before the ledger', () => {
  it('never puts a delivered jar back: delivered → pending is refused, so → cancelled never follows', () => {
    const delivered = run(newOrder('cash_on_delivery', 1), [
      ['seller', { kind: 'status', to: 'confirmed' }],
      ['seller', { kind: 'status', to: 'preparing' }],
      ['seller', { kind: 'status', to: 'delivering' }],
      ['seller', { kind: 'status', to: 'delivered' }],
    ]);
    expect(delivered.order.status).toBe('delivered');
    for (const to of ORDER_STATUSES.filter((status) => status !== 'delivered')) {
      expect(applyMove(delivered.order, 'seller', { kind: 'status', to })).toEqual({
        ok: false,
        refusal: 'deliveredIsFinal',
      });
    }
  });

  it('leaves the balance to collect at the door when a paid order of 1 jar becomes 3', () => {
    const edited = run(newOrder('bkash', 1), [
      ['customer', { kind: 'claim' }],
      ['seller', { kind: 'verify' }],
      ['seller', { kind: 'edit', quantity: 3 }],
    ]);
    expect(edited.refusal).toBeNull();
    expect(moneyOf(edited.order)).toMatchObject({ toCollect: 2 * PRICE, refundDue: 0 });
    expect(financialStatus(edited.order)).toBe('partially_paid');
  });

  it('owes the money back when the customer cancels a paid order', () => {
    const cancelled = run(newOrder('bkash', 2), [
      ['customer', { kind: 'claim' }],
      ['seller', { kind: 'verify' }],
      ['customer', { kind: 'status', to: 'cancelled' }],
    ]);
    expect(cancelled.order.status).toBe('cancelled');
    expect(moneyOf(cancelled.order)).toMatchObject({ refundDue: 2 * PRICE, toCollect: 0, kept: 0 });
    expect(financialStatus(cancelled.order)).toBe('refund_due');
    const refunded = applyMove(cancelled.order, 'seller', { kind: 'refund', amount: 2 * PRICE });
    expect(refunded.ok && financialStatus(refunded.order)).toBe('refunded');
  });

  it('frees a rejected TrxID for the order it really paid', () => {
    const rejected = applyMove({ ...newOrder('bkash', 1), payment: 'claimed', claimed: PRICE }, 'seller', {
      kind: 'reject',
    });
    expect(rejected).toMatchObject({ ok: true, effects: { releaseClaim: true } });
  });
});

describe('the seller fixing a mis-click', () => {
  it('undoes a delivery within the window, taking back the cash it counted as collected', () => {
    const delivered = run(newOrder('cash_on_delivery', 2), [['seller', { kind: 'status', to: 'delivered' }]]);
    expect(delivered.order.paid).toBe(2 * PRICE);
    const undone = applyMove(delivered.order, 'seller', { kind: 'undo' });
    expect(undone).toMatchObject({ ok: true, order: { status: 'pending', paid: 0, undo: null } });
  });

  it('may undo only the last status change, and only once', () => {
    const changed = run(newOrder('cash_on_delivery', 1), [
      ['seller', { kind: 'status', to: 'confirmed' }],
      ['seller', { kind: 'edit', quantity: 2 }],
    ]);
    expect(applyMove(changed.order, 'seller', { kind: 'undo' })).toEqual({
      ok: false,
      refusal: 'nothingToUndo',
    });
  });

  it('says the window in the same number of minutes as the ledger', () => {
    expect(UNDO_MINUTES_BN).toBe(toBengaliDigits(UNDO_MINUTES));
  });
});

describe('the courier, one more actor', () => {
  const packed = run(newOrder('cash_on_delivery', 2), [
    ['seller', { kind: 'status', to: 'confirmed' }],
    ['seller', { kind: 'status', to: 'preparing' }],
  ]).order;

  it('takes a packed order and delivers it, collecting exactly what the ledger says', () => {
    const delivered = run(packed, [
      ['courier', { kind: 'status', to: 'delivering' }],
      ['courier', { kind: 'status', to: 'delivered' }],
    ]);
    expect(delivered.refusal).toBeNull();
    expect(delivered.order).toMatchObject({ status: 'delivered', paid: 2 * PRICE, undo: null });
    expect(delivered.shelf).toBe(0);
  });

  it('books only a packed order, and never cancels, returns or reopens one', () => {
    const confirmed = { ...packed, status: 'confirmed' as const };
    expect(applyMove(confirmed, 'courier', { kind: 'status', to: 'delivering' })).toEqual({
      ok: false,
      refusal: 'courierNeedsPacked',
    });
    const delivering = { ...packed, status: 'delivering' as const };
    for (const to of ['cancelled', 'returned', 'pending'] as const) {
      expect(applyMove(delivering, 'courier', { kind: 'status', to })).toEqual({
        ok: false,
        refusal: 'courierOnlyDelivers',
      });
    }
    for (const move of [{ kind: 'claim' }, { kind: 'edit', quantity: 1 }, { kind: 'undo' }] as const) {
      expect(applyMove(packed, 'courier', move).ok).toBe(false);
    }
  });

  it('hears the same state twice as one: a delivered parcel delivered again changes nothing', () => {
    const delivered = run(packed, [
      ['courier', { kind: 'status', to: 'delivering' }],
      ['courier', { kind: 'status', to: 'delivered' }],
    ]).order;
    const again = applyMove(delivered, 'courier', { kind: 'status', to: 'delivered' });
    expect(again.ok && again.order).toBe(delivered);
  });
});

describe('the dashboard status choices', () => {
  it('offers exactly the moves the table allows', () => {
    for (const from of ORDER_STATUSES) {
      const order = { ...newOrder('cash_on_delivery', 1), status: from };
      const allowed = ORDER_STATUSES.filter(
        (to) => to === from || applyMove(order, 'seller', { kind: 'status', to }).ok,
      );
      expect(sellerStatusChoices(from).sort()).toEqual([...allowed].sort());
    }
    expect(sellerStatusChoices('delivered')).toEqual(['delivered']);
  });

  it('has a Bengali refusal for every reason the table gives', () => {
    const reasons = new Set<string>();
    fc.assert(
      fc.property(arbitraryOrder(), arbitraryActor(), arbitraryMove(), (order, actor, move) => {
        const result = applyMove(order, actor, move);
        if (!result.ok) reasons.add(result.refusal);
      }),
      { numRuns: 3000, seed: 46 },
    );
    for (const reason of reasons) expect(orderMessages.ledger).toHaveProperty(reason);
    expect(reasons.size).toBeGreaterThan(10);
  });
});

describe('the stored order', () => {
  it('reads back what it writes', () => {
    fc.assert(
      fc.property(arbitraryOrder(), (order) => {
        const stored = {
          ...ledgerFieldsOf(order),
          payment_method: order.method,
          product_price: order.price / 100,
        };
        expect(ledgerOrderOf(stored)).toEqual(order);
      }),
    );
  });

  it('reads an order from before the ledger: a verified or delivered one was paid its total', () => {
    expect(
      ledgerOrderOf({
        status: 'delivered',
        total_amount: 500,
        quantity: 2,
        payment_method: 'cash_on_delivery',
      }),
    ).toMatchObject({ paid: 50_000, refunded: 0, price: 25_000 });
    expect(
      ledgerOrderOf({
        status: 'pending',
        total_amount: 500,
        quantity: 2,
        payment_state: 'verified',
        payment_method: 'bkash',
      }),
    ).toMatchObject({ paid: 50_000 });
  });
});

// ---- Random sequences of everyone's moves, against the books ----

const STATUSES = fc.constantFrom(...ORDER_STATUSES);

function arbitraryActor() {
  return fc.constantFrom<LedgerActor>('customer', 'seller', 'scheduler', 'courier');
}

function arbitraryMove(): fc.Arbitrary<LedgerMove> {
  return fc.oneof(
    { weight: 6, arbitrary: STATUSES.map((to) => ({ kind: 'status' as const, to })) },
    fc.constant({ kind: 'expire' as const }),
    { weight: 3, arbitrary: fc.constant({ kind: 'claim' as const }) },
    { weight: 3, arbitrary: fc.constant({ kind: 'verify' as const }) },
    fc.constant({ kind: 'reject' as const }),
    fc.constant({ kind: 'unclaim' as const }),
    {
      weight: 2,
      arbitrary: fc.integer({ min: 0, max: 6 }).map((quantity) => ({ kind: 'edit' as const, quantity })),
    },
    {
      weight: 2,
      // 0 stands for "all that is due" in the sequences below (the seller sending the whole refund).
      arbitrary: fc
        .oneof(fc.integer({ min: -100, max: 4 * PRICE }), fc.constant(PRICE), fc.constant(0))
        .map((amount) => ({ kind: 'refund' as const, amount })),
    },
    fc.constant({ kind: 'undo' as const }),
  );
}

/** Who usually makes a move: the customer claims and cancels, the scheduler expires, the seller the rest. */
function usualActor(move: LedgerMove): LedgerActor {
  if (move.kind === 'claim' || (move.kind === 'status' && move.to === 'cancelled')) return 'customer';
  return move.kind === 'expire' ? 'scheduler' : 'seller';
}

/** A move by its usual actor most of the time, and by anyone now and then (who must be refused). */
function arbitraryActorMove(): fc.Arbitrary<[LedgerActor, LedgerMove]> {
  return fc
    .tuple(arbitraryMove(), fc.option(arbitraryActor(), { freq: 5 }))
    .map(([move, anyone]) => [anyone ?? usualActor(move), move]);
}

function arbitraryOrder(): fc.Arbitrary<LedgerOrder> {
  return fc
    .record({
      method: fc.constantFrom<PaymentMethod>('cash_on_delivery', 'bkash', 'nagad'),
      quantity: fc.integer({ min: 1, max: 5 }),
      moves: fc.array(arbitraryActorMove(), { maxLength: 12, size: 'max' }),
    })
    .map(({ method, quantity, moves }) => run(newOrder(method, quantity), moves).order);
}

const STOCK = 20;

interface World {
  shelf: number;
  orders: LedgerOrder[];
  /** TrxID → the order holding its live claim. */
  claims: Map<string, number>;
  /** Each order's TrxID, once given. */
  trxIds: (string | null)[];
  /** The money that really moved: sent by customers and checked, collected at doors, sent back. */
  received: number[];
  sentBack: number[];
}

type Step =
  | { kind: 'place'; method: PaymentMethod; quantity: number }
  | { kind: 'move'; order: number; actor: LedgerActor; move: LedgerMove; trxId: string };

const arbitraryStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    method: fc.constantFrom<PaymentMethod>('cash_on_delivery', 'bkash', 'nagad'),
    quantity: fc.integer({ min: 1, max: 6 }),
  }),
  {
    weight: 6,
    arbitrary: fc
      .record({
        order: fc.nat(),
        actorMove: arbitraryActorMove(),
        trxId: fc.constantFrom('TRX1', 'TRX2', 'TRX3'),
      })
      .map(({ order, actorMove: [actor, move], trxId }) => ({
        kind: 'move' as const,
        order,
        actor,
        move,
        trxId,
      })),
  },
);

function step(world: World, next: Step): void {
  if (next.kind === 'place') {
    if (world.shelf < next.quantity) return; // "not enough stock"
    world.shelf -= next.quantity;
    world.orders.push(newOrder(next.method, next.quantity));
    world.trxIds.push(null);
    world.received.push(0);
    world.sentBack.push(0);
    return;
  }
  if (world.orders.length === 0) return;
  const index = next.order % world.orders.length;
  const before = world.orders[index];
  if (next.move.kind === 'refund' && next.move.amount === 0) {
    next = { ...next, move: { kind: 'refund', amount: moneyOf(before).refundDue } };
  }
  // A claim names a TrxID: one another order holds is refused, as prepareTrxIdClaim does.
  if (next.move.kind === 'claim') {
    const holder = world.claims.get(next.trxId);
    if (holder !== undefined && holder !== index) return;
  }
  const result = applyMove(before, next.actor, next.move);
  if (!result.ok) return;
  if (world.shelf + result.effects.shelf < 0) return; // the callable's stock check
  const after = result.order;

  // A delivered jar never comes back to the shelf, and a delivered order moves only by its undo.
  if (before.status === 'delivered' && after.status !== 'delivered') {
    expect(next.move.kind).toBe('undo');
    expect(after.status).not.toBe('cancelled');
    expect(after.status).not.toBe('returned');
  }
  if (before.status === 'delivered') expect(result.effects.shelf).toBeLessThanOrEqual(0);

  world.shelf += result.effects.shelf;
  if (next.move.kind === 'claim') {
    world.claims.set(next.trxId, index);
    world.trxIds[index] = next.trxId;
  }
  if (result.effects.releaseClaim) {
    const trxId = world.trxIds[index];
    if (trxId !== null) world.claims.delete(trxId);
    world.trxIds[index] = null;
  }
  // The money that really moves: the checked wallet payment, the courier's cash at the door, the refund.
  if (next.move.kind === 'verify') world.received[index] += before.claimed;
  if (after.status === 'delivered' && before.status !== 'delivered') {
    world.received[index] += moneyOf(before).toCollect;
  }
  if (next.move.kind === 'undo' && before.status === 'delivered')
    world.received[index] -= before.undo!.collected;
  if (next.move.kind === 'refund') world.sentBack[index] += next.move.amount;
  world.orders[index] = after;
}

/** A failed check of the books, as a plain throw: expect() in this loop of ~40,000 checks is the slow part. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`books false: ${what}`);
}

function checkBooks(world: World): void {
  // Jars: the shelf, the jars open orders hold and the jars delivered add up to the starting stock.
  const held = world.orders
    .filter((order) => order.status !== 'cancelled' && order.status !== 'returned')
    .reduce((sum, order) => sum + order.quantity, 0);
  check(world.shelf + held === STOCK, 'jars');
  check(world.shelf >= 0, 'shelf below zero');

  world.orders.forEach((order, index) => {
    const money = moneyOf(order);
    // The books say what really moved.
    check(order.paid === world.received[index], 'paid is what came in');
    check(order.refunded === world.sentBack[index], 'refunded is what went back');
    check(order.refunded <= order.paid, 'refunded more than paid');
    // paid − refunded + to collect − owed back = what the order is owed.
    check(order.paid - order.refunded + money.toCollect - money.refundDue === money.due, 'money adds up');
    // No jar leaves unpaid: a delivered order has all its money in.
    if (order.status === 'delivered') check(money.net >= order.total, 'delivered unpaid');
    // Money is never forgotten: a cancelled or returned order owes back all it kept.
    if (order.status === 'cancelled' || order.status === 'returned')
      check(money.refundDue === money.net, 'money owed back forgotten');
    // A live claim is on one order only, and that order is claimed or verified.
    const trxId = world.trxIds[index];
    if (order.payment === 'claimed') check(trxId !== null, 'claim without TrxID');
    if (trxId !== null) check(world.claims.get(trxId) === index, 'TrxID claimed twice');
  });
  check(new Set(world.claims.values()).size === world.claims.size, 'one order, two claims');
}

describe('any sequence of moves by the customer, the seller and the scheduler', () => {
  it('keeps the jars, the money and the TrxIDs true after every step', { timeout: 60_000 }, () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(arbitraryStep, { minLength: 1, maxLength: 60, size: 'max' }), (steps) => {
        const world: World = {
          shelf: STOCK,
          orders: [],
          claims: new Map(),
          trxIds: [],
          received: [],
          sentBack: [],
        };
        for (const next of steps) {
          step(world, next);
          checkBooks(world);
          for (const order of world.orders) reached.add(financialStatus(order));
        }
        // The seller can always settle: every refund due is recorded in full, and nothing is owed after.
        for (const order of world.orders) {
          const { refundDue } = moneyOf(order);
          if (refundDue === 0) continue;
          const settled = applyMove(order, 'seller', { kind: 'refund', amount: refundDue });
          expect(settled.ok && moneyOf(settled.order).refundDue).toBe(0);
          if (settled.ok) reached.add(financialStatus(settled.order));
        }
      }),
      {
        numRuns: Number(process.env.LEDGER_RUNS ?? 1000),
        ...(process.env.LEDGER_SEED &&
          process.env.LEDGER_SEED !== 'random' && { seed: Number(process.env.LEDGER_SEED) }),
      },
    );
    // The sequences reach every state of the books, or they prove little.
    expect([...reached].sort()).toEqual([
      'none',
      'paid',
      'partially_paid',
      'refund_due',
      'refunded',
      'unpaid',
    ]);
  });
});
