import { describe, expect, it } from 'vitest';
import { orderErrorMessage } from './order-error-message';

const fallback = 'অর্ডার জমা দিতে সমস্যা হয়েছে।';

/** What the Functions SDK rejects with: the status appended to message, the server's text in details. */
function callableError(message: string, details?: unknown): Error {
  return Object.assign(new Error(message), { code: 'functions/failed-precondition', details });
}

describe('orderErrorMessage', () => {
  it("shows the server's Bengali reason from the callable's details", () => {
    const error = callableError('স্টকে যথেষ্ট বয়াম নেই। [400]', { message: 'স্টকে যথেষ্ট বয়াম নেই।' });
    expect(orderErrorMessage(error, fallback)).toBe('স্টকে যথেষ্ট বয়াম নেই।');
  });

  it('drops the HTTP status the SDK appends when there are no details', () => {
    expect(orderErrorMessage(callableError('স্টকে যথেষ্ট বয়াম নেই। [400]'), fallback)).toBe(
      'স্টকে যথেষ্ট বয়াম নেই।',
    );
  });

  it('replaces transport codes and empty messages with the Bengali sentence', () => {
    expect(orderErrorMessage(callableError('internal [500]'), fallback)).toBe(fallback);
    expect(orderErrorMessage(new Error('internal'), fallback)).toBe(fallback);
    expect(orderErrorMessage(new Error('  '), fallback)).toBe(fallback);
    expect(orderErrorMessage('not an error', fallback)).toBe(fallback);
  });
});
