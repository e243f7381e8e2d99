import { describe, expect, it } from 'vitest';
import { benchRoleCheck } from './bench.js';
import type { Ruleset } from './types.js';

/** The compiled rules, with a count of the decisions they gave and an optional override of each. */
function counted(change?: (allowed: boolean) => boolean): {
  wrap: (rules: Ruleset) => Ruleset;
  count: () => number;
} {
  let decisions = 0;
  return {
    count: () => decisions,
    wrap: (rules) => ({
      service: rules.service,
      evaluate(request, data, options) {
        const decision = rules.evaluate(request, data, options);
        decisions++;
        return change ? { ...decision, allowed: change(decision.allowed) } : decision;
      },
    }),
  };
}

// How fast it is belongs to `npm run bench` (scripts/bench.ts holds the floor); these say what it measures.
describe('benchRoleCheck', () => {
  it('asks the role rule once per iteration and reports a rate for what it timed', () => {
    const rules = counted();
    const { evalsPerSecond, evalsPerCpuSecond } = benchRoleCheck(300, rules.wrap);
    expect(rules.count()).toBe(300);
    expect(evalsPerSecond).toBeGreaterThan(0);
    expect(evalsPerCpuSecond).toBeGreaterThan(0);
  });

  it('fails instead of timing a rule that denies the admin', () => {
    expect(() => benchRoleCheck(10, counted(() => false).wrap)).toThrow('the admin was denied');
  });

  it('refuses a meaningless iteration count', () => {
    expect(() => benchRoleCheck(0)).toThrow(RangeError);
    expect(() => benchRoleCheck(1.5)).toThrow('positive whole number');
  });
});
