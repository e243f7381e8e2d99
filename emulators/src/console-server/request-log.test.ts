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
const RULES_V2 = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /orders/{id} {
      allow get: if request.auth != null;
      allow list: if false;
    }
  }
}`;
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

  it('keeps what the rules saw as resource and request.resource with a traced decision, not an untraced one', () => {
    const log = new RequestLog();
    const provider = log.watch('firestore', () => rules, source);
    const update = firestoreRequest('orders/o1', {
      method: 'update',
      auth: signedIn('u1'),
      resource: { user_id: 'u1', total: 5 },
      requestData: { user_id: 'u1', total: 6 },
    });
    provider()!.evaluate(update, data);
    const stop = log.subscribe(() => {});
    provider()!.evaluate(update, data);
    stop();
    const [untraced, traced] = log.list();
    expect(untraced.resource).toBeUndefined();
    expect(untraced.requestResource).toBeUndefined();
    expect(traced.resource).toEqual(update.resource);
    expect(traced.requestResource).toEqual(update.requestResource);
  });

  it('counts the coverage of every decision, traced or not, until the rules change or a reset', () => {
    let current = rules;
    const log = new RequestLog();
    const provider = log.watch('firestore', () => current, source);
    const read = (uid: string) =>
      provider()!.evaluate(
        firestoreRequest('orders/o1', { auth: signedIn(uid), resource: { user_id: 'u1' } }),
        data,
      );
    read('u1');
    const stop = log.subscribe(() => {});
    read('u2');
    stop();
    expect(log.coverage('firestore').report?.allows[0]).toMatchObject({ evaluated: 2, true: 1, false: 1 });
    log.resetCoverage();
    expect(log.coverage('firestore').report?.allows[0]).toMatchObject({ evaluated: 0 });
    read('u1');
    current = compileRules(RULES_V2, 'firestore.rules');
    read('u1');
    // New rules, new counts: the first rules' read is not carried over.
    expect(log.coverage('firestore').report?.allows.map((a) => a.evaluated)).toEqual([1, 0]);
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
