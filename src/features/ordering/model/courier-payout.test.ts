import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  courierCashChange,
  courierPayoutTexts as t,
  matchPayout,
  owedOf,
  parseCourierPayoutInput,
  settlePayout,
  type OwedOrder,
} from './courier-payout';

const owedOrders = fc
  .uniqueArray(
    fc.record({
      orderId: fc.stringMatching(/^[a-z0-9]{1,8}$/),
      owed: fc.integer({ min: 1, max: 5_000_00 }),
      deliveredAt: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    { selector: (order) => order.orderId, maxLength: 30 },
  )
  .map((orders): OwedOrder[] => orders);

const sumOf = (owed: readonly OwedOrder[], ids: readonly string[]) =>
  ids.reduce((sum, id) => sum + (owed.find((order) => order.orderId === id)?.owed ?? 0), 0);

describe('settling a courier payout', () => {
  it('settles exactly the payout, each order once and only orders still owed, whichever way it matches', () => {
    fc.assert(
      fc.property(
        owedOrders,
        fc.integer({ min: 1, max: 50_000_00 }),
        fc.option(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 10 }), { nil: undefined }),
        (owed, amount, picked) => {
          const settled = settlePayout(amount, owed, picked);
          if (!settled.ok) return;
          expect(new Set(settled.orderIds).size).toBe(settled.orderIds.length);
          expect(settled.orderIds.every((id) => owed.some((order) => order.orderId === id))).toBe(true);
          expect(sumOf(owed, settled.orderIds)).toBe(amount);
        },
      ),
    );
  });

  it('matches by itself any payout of the oldest deliveries, and settles nothing twice over two payouts', () => {
    fc.assert(
      fc.property(owedOrders, fc.nat(), fc.nat(), (owed, first, second) => {
        fc.pre(owed.length > 0);
        const oldest = [...owed].sort(
          (a, b) => a.deliveredAt - b.deliveredAt || a.orderId.localeCompare(b.orderId),
        );
        const cut = 1 + (first % oldest.length);
        const amount = oldest.slice(0, cut).reduce((sum, order) => sum + order.owed, 0);
        const settled = settlePayout(amount, owed);
        expect(settled).toEqual({ ok: true, orderIds: oldest.slice(0, cut).map((order) => order.orderId) });
        // The next payout sees only what is still owed: whatever it settles was not settled before.
        const left = owed.filter((order) => !oldest.slice(0, cut).includes(order));
        const next = left.slice(0, second % (left.length + 1));
        const again = settlePayout(
          next.reduce((sum, order) => sum + order.owed, 0),
          left,
          next.map((order) => order.orderId),
        );
        if (next.length > 0 && again.ok)
          expect(again.orderIds.some((id) => oldest.slice(0, cut).some((o) => o.orderId === id))).toBe(false);
        if (next.length === 0) expect(again.ok).toBe(false);
      }),
    );
  });

  const owed: OwedOrder[] = [
    { orderId: 'b', owed: 200_00, deliveredAt: 2 },
    { orderId: 'a', owed: 321_00, deliveredAt: 1 },
    { orderId: 'c', owed: 150_50, deliveredAt: 3 },
  ];

  it('asks the seller to pick when the oldest orders do not add up to the amount', () => {
    expect(matchPayout(350_50, owed)).toBeNull();
    expect(settlePayout(350_50, owed)).toEqual({ ok: false, error: t.noMatch('৳৩৫০.৫০') });
    expect(settlePayout(350_50, owed, ['b', 'c'])).toEqual({ ok: true, orderIds: ['b', 'c'] });
  });

  it('refuses a pick that does not add up or names an order not owed, in Bengali', () => {
    expect(settlePayout(300_00, owed, ['b', 'c'])).toEqual({
      ok: false,
      error: t.sumMismatch('৳৩৫০.৫০', '৳৩০০'),
    });
    expect(settlePayout(200_00, owed, ['z'])).toEqual({ ok: false, error: t.notOwed });
  });
});

describe('the courier’s cash of an order', () => {
  const parcel = { courier_consignment_id: '1001' };

  it('records what a delivered courier parcel collected, and clears it when the delivery is taken back', () => {
    const delivering = { status: 'delivering', paid: 0 } as const;
    const delivered = { status: 'delivered', paid: 321_00 } as const;
    expect(courierCashChange(parcel, delivering, delivered)).toEqual({ collected: 321_00 });
    expect(courierCashChange({}, delivering, delivered)).toBeNull();
    expect(courierCashChange({ ...parcel, courier_payout_id: null }, delivered, delivering)).toBe('cleared');
    expect(courierCashChange({ ...parcel, courier_payout_id: 'p1' }, delivered, delivering)).toBe('settled');
    // A verified bKash payment: nothing collected at the door, nothing owed.
    expect(
      courierCashChange(parcel, { status: 'delivering', paid: 100 }, { status: 'delivered', paid: 100 }),
    ).toBe(null);
  });

  it('is owed until a payout settles it', () => {
    const order = { status: 'delivered', courier_collected: 160.5, courier_payout_id: null };
    expect(owedOf(order)).toBe(160_50);
    expect(owedOf({ ...order, courier_payout_id: 'p1' })).toBe(0);
    expect(owedOf({ ...order, status: 'delivering' })).toBe(0);
  });
});

describe('the payout the seller types', () => {
  const good = { amount: 481, paidOn: '২০২৬-১১-২৮', reference: ' SF-PAY  991 ' };

  it('reads Bengali digits and trims the reference', () => {
    expect(parseCourierPayoutInput(good)).toEqual({
      ok: true,
      input: { amount: 481, paidOn: '2026-11-28', reference: 'SF-PAY 991' },
    });
    expect(parseCourierPayoutInput({ ...good, orderIds: ['a', 'a', 'b'] })).toMatchObject({
      ok: true,
      input: { orderIds: ['a', 'b'] },
    });
  });

  it('refuses a bad amount, date or reference with a clear reason', () => {
    expect(parseCourierPayoutInput({ ...good, amount: 0 })).toEqual({ ok: false, error: t.amountInvalid });
    expect(parseCourierPayoutInput({ ...good, amount: 1.005 })).toEqual({
      ok: false,
      error: t.amountInvalid,
    });
    expect(parseCourierPayoutInput({ ...good, paidOn: '2026-02-30' })).toEqual({
      ok: false,
      error: t.dateInvalid,
    });
    expect(parseCourierPayoutInput({ ...good, reference: '  ' })).toEqual({
      ok: false,
      error: t.referenceRequired,
    });
    expect(parseCourierPayoutInput({ ...good, reference: 'x'.repeat(101) })).toEqual({
      ok: false,
      error: t.referenceTooLong,
    });
    expect(parseCourierPayoutInput({ ...good, orderIds: ['a/b'] })).toEqual({
      ok: false,
      error: t.invalidRequest,
    });
  });
});
