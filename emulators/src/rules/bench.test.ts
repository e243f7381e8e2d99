import { describe, expect, it } from 'vitest';
import { benchRoleCheck } from './bench.js';

describe('benchRoleCheck', () => {
  it('evaluates the admin role check repeatedly and reports a throughput', () => {
    const { evalsPerSecond, evalsPerCpuSecond } = benchRoleCheck(2_000);
    // Loose floors: the machine is shared, so these guard against pathological slowness, not the 50k target.
    expect(evalsPerSecond).toBeGreaterThan(2_000);
    expect(evalsPerCpuSecond).toBeGreaterThan(2_000);
  });

  it('refuses a meaningless iteration count', () => {
    expect(() => benchRoleCheck(0)).toThrow(RangeError);
    expect(() => benchRoleCheck(1.5)).toThrow('positive whole number');
  });
});
