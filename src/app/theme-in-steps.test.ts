import { describe, expect, it } from 'vitest';
import { system } from './theme';
import { buildSystemInSteps } from './theme-in-steps';

describe('buildSystemInSteps', () => {
  it('pauses between phases and builds the same system as createSystem', async () => {
    let pauses = 0;
    const inSteps = await buildSystemInSteps(async () => {
      pauses += 1;
    });
    // merge, five of the token dictionary, after it, the utility, the lookup tables.
    expect(pauses).toBeGreaterThanOrEqual(8);
    expect(inSteps.token('colors.brand.600')).toBe(system.token('colors.brand.600'));
    expect(inSteps.token.var('spacing.4')).toBe(system.token.var('spacing.4'));
    expect(inSteps.css({ color: 'brand.solid', p: '4' })).toEqual(
      system.css({ color: 'brand.solid', p: '4' }),
    );
    expect(inSteps.getSlotRecipeFn('dialog')({ size: 'md' })).toEqual(
      system.getSlotRecipeFn('dialog')({ size: 'md' }),
    );
    expect(inSteps._global).toEqual(system._global);
  });

  it('computes the global CSS only when it is read', async () => {
    const inSteps = await buildSystemInSteps(async () => {});
    const descriptor = Object.getOwnPropertyDescriptor(inSteps, '_global');
    expect(descriptor?.get).toBeTypeOf('function');
    expect(inSteps._global).toBe(inSteps._global);
  });
});
