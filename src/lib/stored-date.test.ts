import { storedDate } from './stored-date';

describe('reading a stored moment', () => {
  const moment = new Date('2026-11-21T06:00:00Z');

  it('reads a Firestore Timestamp and a Date as the same moment', () => {
    expect(storedDate({ toDate: () => moment })).toBe(moment);
    expect(storedDate(moment)).toBe(moment);
  });

  it('reads a missing, pending or malformed value as no date', () => {
    expect(storedDate(null)).toBeNull();
    expect(storedDate(undefined)).toBeNull();
    expect(storedDate('2026-11-21')).toBeNull();
    expect(storedDate(1_700_000_000_000)).toBeNull();
    expect(storedDate({ toDate: 'not a function' })).toBeNull();
    expect(storedDate({ toDate: () => 'not a date' })).toBeNull();
  });
});
