/** How production decides: errors make an allow false, && and || forgive errors when the other side decides. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest, holds, outcomeOf, signedIn } from '../testing/rules-requests.js';

describe('errors inside conditions', () => {
  const error = (reason: string) => ({ error: expect.stringContaining(reason) });
  const nullUid = error('Null value error. Cannot read property uid of null');

  it('turn the allow false instead of throwing, and say why', () => {
    // Signed-out request: request.auth is null, so request.auth.uid is a null-value error.
    expect(outcomeOf("request.auth.uid == 'u1'")).toEqual(nullUid);
    // resource is null: the document does not exist
    expect(outcomeOf('resource.data.x == 1')).toEqual(
      error('Null value error. Cannot read property data of null'),
    );
    expect(outcomeOf('undefinedFunction()')).toEqual(
      error('Function not found error: Name: [undefinedFunction]'),
    );
    expect(outcomeOf('unknownVariable == 1')).toEqual(error('Variable not found: unknownVariable'));
    expect(outcomeOf("'abc'")).toEqual(error('Condition is not a bool')); // a non-bool condition
  });

  it('are forgiven by || when the other side is true, in either order', () => {
    expect(holds('request.auth.uid == "u1" || true')).toBe(true);
    expect(holds('true || request.auth.uid == "u1"')).toBe(true);
    // When the other side is false, the error is what remains.
    expect(outcomeOf('request.auth.uid == "u1" || false')).toEqual(nullUid);
    expect(outcomeOf('false || request.auth.uid == "u1"')).toEqual(nullUid);
  });

  it('let && short-circuit so a guard protects the expression after it', () => {
    // false, not a null-value error: the guard stopped the evaluation before request.auth.uid.
    expect(outcomeOf('request.auth != null && request.auth.uid == "u1"')).toBe(false);
    expect(holds('request.auth != null && request.auth.uid == "u1"', { auth: signedIn('u1') })).toBe(true);
    expect(outcomeOf('false && undefinedFunction()')).toBe(false);
  });

  it('let ?: evaluate only the chosen branch', () => {
    expect(holds('true ? true : undefinedFunction()')).toBe(true);
    expect(holds('false ? undefinedFunction() : true')).toBe(true);
    expect(holds("request.auth == null ? true : request.auth.uid == 'x'")).toBe(true);
    expect(outcomeOf('true ? undefinedFunction() : true')).toEqual(error('Name: [undefinedFunction]'));
  });

  it('do not stop a later allow from granting', () => {
    const rules = compileRules(
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow read: if resource.data.owner == request.auth.uid;
      allow read: if resource.data.public == true;
    }
  }
}`,
      'notes.rules',
    );
    const request = firestoreRequest('notes/n1', { resource: { public: true } });
    expect(rules.evaluate(request, new InMemoryFirestore())).toEqual({ allowed: true, line: 6 });
  });
});

describe('error && false', () => {
  // Written as its own case because the negation above cannot distinguish "false" from "error".
  it('is false, and false && error is false, while error && true stays an error', () => {
    const rules = compileRules(
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{id} { allow read: if !(request.auth.uid == 'x' && false); }
    match /b/{id} { allow read: if !(false && request.auth.uid == 'x'); }
    match /c/{id} { allow read: if !(request.auth.uid == 'x' && true); }
  }
}`,
      'and.rules',
    );
    const data = new InMemoryFirestore();
    expect(rules.evaluate(firestoreRequest('a/1'), data).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('b/1'), data).allowed).toBe(true);
    const c = rules.evaluate(firestoreRequest('c/1'), data);
    expect(c.allowed).toBe(false);
    expect(c.message).toContain('Null value error');
  });
});
