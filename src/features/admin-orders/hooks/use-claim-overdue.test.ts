import { act, renderHook } from '@testing-library/react';
import { useClaimOverdue } from './use-claim-overdue';

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60 * 1000;
const claimedAgo = (ms: number) => ({
  payment_method: 'nagad' as const,
  payment_state: 'claimed' as const,
  payment_updated_at: new Date(Date.now() - ms),
});

describe('the flag on an unchecked claim', () => {
  it('turns on by itself once the claim has waited longer than the payment wait', () => {
    vi.useFakeTimers();
    const order = claimedAgo(24 * HOUR - 60_000);
    const { result } = renderHook(() => useClaimOverdue(order, 24));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBe(true);
  });

  it('is off while the payment wait is not yet read', () => {
    expect(renderHook(() => useClaimOverdue(claimedAgo(100 * HOUR), null)).result.current).toBe(false);
    expect(renderHook(() => useClaimOverdue(claimedAgo(100 * HOUR), 24)).result.current).toBe(true);
  });
});
