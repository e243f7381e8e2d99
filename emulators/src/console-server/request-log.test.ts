import { describe, expect, it } from 'vitest';
import { compileRules } from '../rules/ruleset.js';
import { InMemoryFirestore } from '../rules/in-memory-firestore.js';
import { firestoreRequest, signedIn } from '../testing/rules-requests.js';
import { RequestLog, relativePath } from './request-log.js';

const rules = compileRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /orders/{id} { allow read: if request.auth != null && resource.data.user_id == request.auth.uid; }
  }
}`,
  'firestore.rules',
);
const source = () => ({ file: 'firestore.rules', text: 'rules text' });
const data = new InMemoryFirestore();

describe('the request log', () => {
  it('keeps at most its cap, dropping the oldest', () => {
    const log = new RequestLog(10);
    const provider = log.watch('firestore', () => rules, source);
    for (let i = 0; i < 25; i++) provider()!.evaluate(firestoreRequest(`orders/o${i}`), data);
    const kept = log.list();
    expect(kept.length).toBeLessThanOrEqual(11);
    expect(kept.length).toBeGreaterThanOrEqual(10);
    expect(kept.at(-1)?.path).toBe('orders/o24');
  });

  it('traces only while someone is subscribed', () => {
    const log = new RequestLog();
    const provider = log.watch('firestore', () => rules, source);
    const request = firestoreRequest('orders/o1', { auth: signedIn('u2'), resource: { user_id: 'u1' } });
    provider()!.evaluate(request, data);
    const seen: string[] = [];
    const stop = log.subscribe((e) => seen.push(e.path));
    provider()!.evaluate(request, data);
    stop();
    expect(log.list().map((e) => e.trace !== undefined)).toEqual([false, true]);
    expect(seen).toEqual(['orders/o1']);
    expect(log.list()[1]).toMatchObject({ allowed: false, caller: { kind: 'user', uid: 'u2' } });
  });

  it('records the admin SDK’s bypasses as allowed, and gives the rules text with its version', () => {
    const log = new RequestLog();
    const provider = log.watch('firestore', () => rules, source);
    provider.bypassed?.({ method: 'create', path: '/databases/(default)/documents/orders/o9' });
    expect(log.list()[0]).toMatchObject({
      method: 'create',
      path: 'orders/o9',
      allowed: true,
      caller: { kind: 'admin-sdk' },
    });
    expect(log.rulesText('firestore')).toMatchObject({
      file: 'firestore.rules',
      text: 'rules text',
      version: 1,
    });
  });

  it('gives paths relative to the database or bucket', () => {
    expect(relativePath('firestore', '/databases/(default)/documents/orders/o1')).toBe('orders/o1');
    expect(relativePath('storage', '/b/demo.appspot.com/o/product-images/a b.jpg')).toBe(
      'product-images/a b.jpg',
    );
  });
});
