/** Waiting for what an emulator sends, and checking how an SDK refused. */
import { expect } from 'vitest';

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Asserts that a promise rejects with an error whose `code` is the given one (number or SDK string). */
export async function expectCode(promise: Promise<unknown>, code: number | string): Promise<Error> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, `expected a rejection with code ${code}`).toBeInstanceOf(Error);
  expect((error as { code?: unknown }).code).toBe(code);
  return error as Error;
}

/** The error an SDK call fails with (a test then checks its code, message…); fails the test if it succeeds. */
export async function sdkError<E = Error>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error('expected the SDK call to fail');
}
