import { describe, expect, it } from 'vitest';
import { orderErrorMessage } from './order-error-message';

const fallback = 'অর্ডার জমা দিতে সমস্যা হয়েছে।';

describe('orderErrorMessage', () => {
  it("passes the server's Bengali reason through", () => {
    expect(orderErrorMessage(new Error('স্টকে পর্যাপ্ত পণ্য নেই।'), fallback)).toBe('স্টকে পর্যাপ্ত পণ্য নেই।');
  });

  it('replaces transport codes and empty messages with the Bengali sentence', () => {
    expect(orderErrorMessage(new Error('internal'), fallback)).toBe(fallback);
    expect(orderErrorMessage(new Error('  '), fallback)).toBe(fallback);
    expect(orderErrorMessage('not an error', fallback)).toBe(fallback);
  });
});
