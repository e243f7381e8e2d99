/** Functions: parameters, let bindings, the wildcards they see, and the production call-depth limit. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { MAX_CALL_DEPTH } from './interpreter.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest, signedIn } from '../testing/rules-requests.js';

const data = new InMemoryFirestore();

describe('functions', () => {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  function signedIn() { return request.auth != null; }
  match /databases/{database}/documents {
    function isOwner(userId) {
      let uid = request.auth.uid;
      let sameUser = uid == userId;
      return signedIn() && sameUser;
    }
    function countDown(n) { return n <= 0 ? true : countDown(n - 1); }
    match /users/{userId} {
      function ownDoc() { return isOwner(userId); }
      allow get: if ownDoc();
      allow update: if countDown(request.resource.data.depth);
    }
    match /loops/{id} { allow get: if loop(); }
    function explode(n) { return n > 0 && (explode(n - 1) || explode(n - 1)); }
    match /explode/{id} { allow get: if explode(19) || true; }
    match /arity/{id} { allow get: if isOwner(); }
  }
}`,
    'functions.rules',
  );

  it('use parameters, let bindings, other functions and the wildcards of enclosing blocks', () => {
    expect(rules.evaluate(firestoreRequest('users/u1', { auth: signedIn('u1') }), data).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('users/u1', { auth: signedIn('u2') }), data).allowed).toBe(false);
    expect(rules.evaluate(firestoreRequest('users/u1'), data).allowed).toBe(false);
  });

  it(`allow recursion up to a call depth of ${MAX_CALL_DEPTH} and fail beyond it`, () => {
    const update = (depth: number) =>
      rules.evaluate(firestoreRequest('users/u1', { method: 'update', requestData: { depth } }), data);
    // countDown(n) makes n + 1 nested calls.
    expect(update(MAX_CALL_DEPTH - 1).allowed).toBe(true);
    const tooDeep = update(MAX_CALL_DEPTH);
    expect(tooDeep.allowed).toBe(false);
    expect(tooDeep.message).toContain('Maximum function call depth (20) exceeded');
  });

  it('stop a rule that branches into millions of calls instead of stalling the emulator', () => {
    const started = performance.now();
    const decision = rules.evaluate(firestoreRequest('explode/a'), data);
    // The budget is per request: once spent, even the `|| true` after it cannot be evaluated.
    expect(decision.allowed).toBe(false);
    expect(decision.message).toContain('Evaluation exceeded 200000 steps');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('deny when a function is unknown or called with the wrong number of arguments', () => {
    expect(rules.evaluate(firestoreRequest('loops/a'), data).message).toContain(
      'Function not found error: Name: [loop]',
    );
    expect(rules.evaluate(firestoreRequest('arity/a'), data).message).toContain(
      'Function isOwner() expects 1 argument(s), got 0',
    );
  });
});
