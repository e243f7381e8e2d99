/** `list` rules proved from a query's filters, operator by operator (through the emulator and the SDK, on the shop's rules: tests/rules/query-rules.test.ts). */
import { describe, expect, it } from 'vitest';
import type { FieldFilterOp, FilterJson, Value } from '../firestore/types.js';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest, signedIn } from '../testing/rules-requests.js';

const f = (fieldPath: string, op: FieldFilterOp, value: Value): FilterJson => ({
  fieldFilter: { field: { fieldPath }, op, value },
});
const and = (...filters: FilterJson[]): FilterJson => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: FilterJson[]): FilterJson => ({ compositeFilter: { op: 'OR', filters } });
const int = (n: number): Value => ({ integerValue: String(n) });
const str = (s: string): Value => ({ stringValue: s });
const list = (...values: Value[]): Value => ({ arrayValue: { values } });

function allows(condition: string, where: FilterJson | undefined, limit?: number): boolean {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /jars/{id} { allow list: if ${condition}; }
  }
}`,
    'proof.rules',
  );
  const request = firestoreRequest('jars', {
    method: 'list',
    auth: signedIn('u1'),
    query: { where, limit, orderBy: ['__name__'] },
  });
  return rules.evaluate(request, new InMemoryFirestore()).allowed;
}

describe('list rules proved from the query', () => {
  it('equality fixes the field: any expression on it works', () => {
    expect(allows('resource.data.owner == request.auth.uid', f('owner', 'EQUAL', str('u1')))).toBe(true);
    expect(allows('resource.data.owner.size() == 2', f('owner', 'EQUAL', str('u1')))).toBe(true);
    expect(allows('resource.data.owner == request.auth.uid', f('owner', 'EQUAL', str('u2')))).toBe(false);
    expect(allows('resource.data.owner == request.auth.uid', undefined)).toBe(false);
  });

  it('in: the rule must hold for every listed value', () => {
    const condition = "resource.data.status in ['new', 'paid']";
    expect(allows(condition, f('status', 'IN', list(str('new'), str('paid'))))).toBe(true);
    expect(allows(condition, f('status', 'IN', list(str('new'), str('lost'))))).toBe(false);
    expect(allows("resource.data.status != 'lost'", f('status', 'IN', list(str('new'), str('paid'))))).toBe(
      true,
    );
    expect(allows("resource.data.status != 'lost'", f('status', 'NOT_EQUAL', str('lost')))).toBe(true);
  });

  it('ranges imply ranges, and nothing weaker passes', () => {
    expect(allows('resource.data.price > 10', f('price', 'GREATER_THAN', int(10)))).toBe(true);
    expect(allows('resource.data.price > 10', f('price', 'GREATER_THAN', int(20)))).toBe(true);
    expect(allows('resource.data.price >= 10', f('price', 'GREATER_THAN_OR_EQUAL', int(10)))).toBe(true);
    expect(allows('resource.data.price > 10', f('price', 'GREATER_THAN_OR_EQUAL', int(10)))).toBe(false);
    expect(allows('resource.data.price < 10', f('price', 'LESS_THAN', int(11)))).toBe(false);
    expect(allows('10 < resource.data.price', f('price', 'GREATER_THAN', int(10)))).toBe(true);
    expect(allows('resource.data.price > 10', f('price', 'GREATER_THAN', str('a')))).toBe(false);
  });

  it('negation of what the query cannot prove stays unproved', () => {
    expect(allows("!(resource.data.owner == 'u2')", undefined)).toBe(false);
    expect(allows("!(resource.data.owner == 'u2')", f('owner', 'EQUAL', str('u1')))).toBe(true);
  });

  it('array-contains proves membership; get() and `is` follow the constraints', () => {
    expect(allows("'u1' in resource.data.members", f('members', 'ARRAY_CONTAINS', str('u1')))).toBe(true);
    expect(
      allows("'u1' in resource.data.members", f('members', 'ARRAY_CONTAINS_ANY', list(str('u1'), str('u2')))),
    ).toBe(false);
    expect(allows("resource.data.get('owner', '') == 'u1'", f('owner', 'EQUAL', str('u1')))).toBe(true);
    expect(allows("resource.data.get('owner', '') == 'u1'", undefined)).toBe(false);
    expect(allows('resource.data.price is int', f('price', 'IN', list(int(1), int(2))))).toBe(true);
  });

  it('every branch of an OR must be proved; the other side of || may still grant', () => {
    const condition = "resource.data.owner == 'u1'";
    expect(allows(condition, or(f('owner', 'EQUAL', str('u1')), f('owner', 'EQUAL', str('u1'))))).toBe(true);
    expect(allows(condition, or(f('owner', 'EQUAL', str('u1')), f('kind', 'EQUAL', str('x'))))).toBe(false);
    expect(allows(`${condition} || request.query.limit <= 10`, undefined, 5)).toBe(true);
    expect(allows(`${condition} && request.query.limit <= 10`, and(f('owner', 'EQUAL', str('u1'))), 50)).toBe(
      false,
    );
  });

  it("explains a refusal as production does: false for 'list'", () => {
    const rules = compileRules(
      `rules_version = '2';
service cloud.firestore { match /databases/{database}/documents { match /jars/{id} { allow list: if resource.data.owner == 'u1'; } } }`,
      'proof.rules',
    );
    const decision = rules.evaluate(
      firestoreRequest('jars', { method: 'list', query: { orderBy: ['__name__'] } }),
      new InMemoryFirestore(),
    );
    expect(decision.message).toMatch(
      /false \(the query does not prove resource\.data\.owner == …\) for 'list'/,
    );
  });
});
