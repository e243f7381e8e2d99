import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  freeTicketIds,
  heldTicketIds,
  pickTicketIds,
  planJarsBack,
  planShelfSet,
  readShelf,
} from './jar-tickets';
import { MAX_PRODUCT_STOCK } from './product-limits';

/** A product's tickets: `sold` held by orders, `withdrawn` by no one, at distinct numbers below `total`. */
const arbitraryTickets = fc
  .record({ total: fc.integer({ min: 0, max: 40 }), seed: fc.array(fc.nat(2)) })
  .map(({ total, seed }) => {
    const holders = new Map<string, string | null>();
    for (let n = 0; n < total; n++) {
      const kind = seed[n] ?? 0;
      if (kind === 1) holders.set(String(n), `order-${n}`);
      if (kind === 2) holders.set(String(n), null);
    }
    return { total, holders };
  });

describe('jar tickets', () => {
  it('reads a product from before tickets as its stock, and a shelf the seller wrote as pending', () => {
    expect(readShelf({ stock_quantity: 7 })).toEqual({ legacy: true, requested: null, jarsTotal: 7 });
    expect(readShelf({ stock_quantity: 7, jars_total: 9, shelf_counted: 7 })).toEqual({
      legacy: false,
      requested: null,
      jarsTotal: 9,
    });
    expect(readShelf({ stock_quantity: 3, jars_total: 9, shelf_counted: 7 }).requested).toBe(3);
    expect(heldTicketIds({ jar_tickets: ['4', 2, '9'] })).toEqual(['4', '9']);
    expect(heldTicketIds({})).toEqual([]);
  });

  it('picks different free numbers, never more than there are', () => {
    fc.assert(
      fc.property(arbitraryTickets, fc.nat(50), ({ total, holders }, count) => {
        const free = freeTicketIds(total, holders);
        expect(free).toHaveLength(total - holders.size);
        const picked = pickTicketIds(free, count);
        expect(picked).toHaveLength(Math.min(count, free.length));
        expect(new Set(picked).size).toBe(picked.length);
        for (const id of picked) expect(holders.has(id) || Number(id) >= total).toBe(false);
      }),
    );
  });

  it("sets the shelf to the seller's figure without ever lowering the total", () => {
    fc.assert(
      fc.property(arbitraryTickets, fc.nat(60), ({ total, holders }, target) => {
        const plan = planShelfSet(total, holders, target);
        expect(plan.jarsTotal).toBeGreaterThanOrEqual(total);
        for (const id of plan.withdraw) expect(holders.has(id) || Number(id) >= total).toBe(false);
        for (const id of plan.restore) expect(holders.get(id)).toBe(null);
        const tickets = holders.size + plan.withdraw.length - plan.restore.length;
        expect(plan.jarsTotal - tickets).toBe(target);
      }),
    );
  });

  it('puts an order’s jars back: its tickets first, then jars from before tickets, never above the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(99), { maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        fc.oneof(fc.nat(20), fc.integer({ min: MAX_PRODUCT_STOCK - 10, max: MAX_PRODUCT_STOCK })),
        (numbers, count, shelf) => {
          const held = [...new Set(numbers.map(String))];
          const back = planJarsBack(held, count, shelf);
          expect([...back.keep, ...back.withdraw, ...back.remove].sort()).toEqual([...held].sort());
          expect(back.keep).toHaveLength(Math.max(0, held.length - count));
          const returned = back.remove.length + back.untracked;
          expect(returned + back.capped).toBe(count);
          expect(shelf + returned).toBeLessThanOrEqual(Math.max(shelf, MAX_PRODUCT_STOCK));
        },
      ),
    );
  });
});
