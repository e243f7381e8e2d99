import { claimOverdueAt, isClaimOverdue, type ClaimedOrder } from './claim-overdue';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00Z').getTime();
const claimedAgo = (hours: number, changes: Partial<ClaimedOrder> = {}): ClaimedOrder => ({
  payment_method: 'bkash',
  payment_state: 'claimed',
  payment_updated_at: new Date(now - hours * HOUR),
  ...changes,
});

describe('a claimed payment left unreviewed', () => {
  it('is overdue once it has waited longer than the shop’s payment wait', () => {
    expect(isClaimOverdue(claimedAgo(25), 24, now)).toBe(true);
    expect(isClaimOverdue(claimedAgo(23), 24, now)).toBe(false);
    // Exactly the wait is not yet more than it.
    expect(isClaimOverdue(claimedAgo(24), 24, now)).toBe(false);
  });

  it('follows the wait the seller set', () => {
    expect(isClaimOverdue(claimedAgo(7), 6, now)).toBe(true);
    expect(isClaimOverdue(claimedAgo(7), 48, now)).toBe(false);
    expect(claimOverdueAt(claimedAgo(0), 6)).toBe(now + 6 * HOUR);
  });

  it('is the same for a Nagad claim', () => {
    expect(isClaimOverdue(claimedAgo(25, { payment_method: 'nagad' }), 24, now)).toBe(true);
  });

  it('is never flagged once checked, before a TrxID, for cash, or when the claim’s time is unknown', () => {
    for (const payment_state of ['verified', 'rejected', 'awaiting_payment'] as const) {
      expect(isClaimOverdue(claimedAgo(100, { payment_state }), 24, now)).toBe(false);
    }
    expect(isClaimOverdue(claimedAgo(100, { payment_method: 'cash_on_delivery' }), 24, now)).toBe(false);
    expect(isClaimOverdue(claimedAgo(100, { payment_method: null }), 24, now)).toBe(false);
    expect(claimOverdueAt(claimedAgo(100, { payment_updated_at: null }), 24)).toBeNull();
  });
});
