import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules } from './ruleset.js';
import { NULL_FOR_MAP } from './type-warnings.js';

const rules = (body: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`;

const warningsOf = (source: string) =>
  (compileRules(source, 'f.rules').warnings ?? []).map(({ position, message }) => ({
    line: position.line,
    column: position.column,
    message,
  }));

describe("the type warning of Google's compiler this engine gives", () => {
  it('warns at a null given to a parameter whose fields the function reads, as Google does (line 6, column 55)', () => {
    const source = rules(`    function isValid(product, before) {
      return product.stock <= 100 || (before != null && product.stock <= before.stock);
    }
    match /products/{id} {
      allow create: if isValid(request.resource.data, null);
      allow update: if isValid(request.resource.data, resource.data);
    }`);
    expect(warningsOf(source)).toEqual([{ line: 8, column: 55, message: NULL_FOR_MAP }]);
  });

  it('says nothing of a null for a parameter only compared, a let of the same name, or a function out of scope', () => {
    const source = rules(`    function isSet(value) {
      return value != null;
    }
    function shadowed(before) {
      let before = {'stock': 1};
      return before.stock > 0;
    }
    match /a/{id} {
      function inner(before) {
        return before.stock > 0;
      }
      allow read: if isSet(null) && shadowed(null);
    }
    match /b/{id} {
      function inner(other) {
        return true;
      }
      allow read: if inner(null);
    }`);
    expect(warningsOf(source)).toEqual([]);
  });

  it("finds nothing to warn about in the shop's firestore.rules", () => {
    const source = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
    expect(warningsOf(source)).toEqual([]);
  });
});
