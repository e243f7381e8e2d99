import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jarsIn,
  lotSizes,
  MAX_LOTS_PER_ADD,
  pickLots,
  planShelfSet,
  requestedShelf,
  type Lot,
} from './shelf-lots';

const arbitraryLots = fc
  .array(fc.integer({ min: 1, max: 50 }), { maxLength: 40 })
  .map((sizes): Lot[] => sizes.map((jars, i) => ({ id: `lot-${i}`, jars })));

const random = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('the shelf as lots of free jars', () => {
  it('reads a product from before lots (or from jar tickets) as its stock, and a shelf the seller wrote as pending', () => {
    expect(requestedShelf({ stock_quantity: 7 })).toBe(7);
    expect(requestedShelf({ stock_quantity: 7, jars_total: 9, shelf_counted: 7 })).toBe(7);
    expect(requestedShelf({ stock_quantity: 7, shelf_counted: 7 })).toBeNull();
    expect(requestedShelf({ stock_quantity: 4, shelf_counted: 7 })).toBe(4);
    expect(requestedShelf({ stock_quantity: 'x', shelf_counted: 7 })).toBe(0);
  });

  it('puts new jars on the shelf as at most 32 lots of sizes at most one apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (jars) => {
        const sizes = lotSizes(jars);
        expect(sizes).toHaveLength(Math.min(jars, MAX_LOTS_PER_ADD));
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(jars);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
      }),
    );
    expect(lotSizes(30)).toEqual(Array(30).fill(1));
  });

  it('takes lots holding the jars asked for, with the rest as one lot, or none when they hold fewer', () => {
    fc.assert(
      fc.property(arbitraryLots, fc.integer({ min: 1, max: 60 }), random, (lots, jars, r) => {
        const picked = pickLots(lots, jars, () => r);
        if (jarsIn(lots) < jars) {
          expect(picked).toBeNull();
          return;
        }
        const { taken, remainder } = picked!;
        expect(new Set(taken.map((lot) => lot.id)).size).toBe(taken.length);
        expect(jarsIn(taken)).toBe(jars + remainder);
        // No lot more than needed: without the last one taken, the others held too few.
        expect(jarsIn(taken.slice(0, -1))).toBeLessThan(jars);
        expect(remainder).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("sets the shelf to the seller's figure exactly, in parts when the lots read hold too few", () => {
    fc.assert(
      fc.property(
        arbitraryLots,
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 40 }),
        (lots, target, seen) => {
          const shelf = jarsIn(lots);
          // The lots the set reads: a part of them (a large shelf), each part set as one transaction.
          let left = [...lots];
          for (let part = 0; part < 100; part++) {
            const now = jarsIn(left);
            const plan = planShelfSet(left.slice(0, seen || left.length), now, target);
            const removed = new Set(plan.remove.map((lot) => lot.id));
            left = [
              ...left.filter((lot) => !removed.has(lot.id)),
              ...plan.add.map((jars, i) => ({ id: `new-${part}-${i}`, jars })),
            ];
            for (const jars of plan.add) expect(jars).toBeGreaterThanOrEqual(1);
            if (plan.done) break;
          }
          expect(jarsIn(left)).toBe(target);
          if (target > shelf) expect(left.length - lots.length).toBeLessThanOrEqual(MAX_LOTS_PER_ADD);
        },
      ),
    );
  });
});
