/**
 * Helpers shared by the Firestore emulator's SDK conformance suites: raw REST calls, unsigned mock ID tokens,
 * waiting for listener events, and checking the error code an SDK rejected with.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { adminFirestore } from '../testing/admin.js';
import { expect } from 'vitest';

/** An unsigned emulator ID token (alg "none"), as the Auth emulator and rules-unit-testing produce. */
export function mockIdToken(uid: string, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: uid, user_id: uid, ...claims })}.`;
}

export interface RawResponse {
  status: number;
  body: unknown;
  text: string;
}

/** One HTTP request to the emulator, body as JSON (or raw text), answer parsed when it is JSON. */
export async function rawRequest(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the caller checks `text`.
  }
  return { status: response.status, body: parsed, text };
}

export const OWNER = { Authorization: 'Bearer owner' };

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

/** firebase-admin with preferRest against the emulator (see testing/admin.ts). */
export const adminOverRest = (projectId: string, port: number): Firestore =>
  adminFirestore(projectId, port, { preferRest: true });
