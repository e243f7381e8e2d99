/**
 * Production lets rules read at most 20 documents for a whole batch or transaction (10 for a single write),
 * a document read by several writes counting once. The engine shares one budget across a commit's writes.
 */
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../rules/index.js';
import type { Caller } from '../../shared/auth-token.js';
import { FirestoreEngine } from '../engine.js';
import { FirestoreError } from '../errors.js';
import type { WriteJson } from '../types.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /items/{id} {
      allow write: if exists(/databases/$(database)/documents/flags/$(request.resource.data.flag));
    }
  }
}`;

const database = 'projects/demo-budget/databases/(default)';
const alice: Caller = { kind: 'user', auth: { uid: 'alice', token: { sub: 'alice' } } };

function engineWithFlags(count: number): FirestoreEngine {
  const ruleset = compileRules(RULES, 'budget.rules');
  const engine = new FirestoreEngine({ rules: () => ruleset });
  const writes = Array.from({ length: count }, (_, i) => ({
    update: { name: `${database}/documents/flags/f${i}`, fields: {} },
  }));
  engine.commit({ database, writes }, { kind: 'owner' });
  return engine;
}

/** Write i needs flag f<flagOf(i)>: distinct flags cost one read each, shared flags are read once. */
function itemWrites(count: number, flagOf: (i: number) => number): WriteJson[] {
  return Array.from({ length: count }, (_, i) => ({
    update: { name: `${database}/documents/items/i${i}`, fields: { flag: { stringValue: `f${flagOf(i)}` } } },
  }));
}

describe('the document-access budget of a commit', () => {
  it('allows a batch whose writes read 20 different documents in all', () => {
    const engine = engineWithFlags(25);
    const { writeResults } = engine.commit({ database, writes: itemWrites(20, (i) => i) }, alice);
    expect(writeResults).toHaveLength(20);
  });

  it('denies a batch whose writes read 21 different documents, and writes none of it', () => {
    const engine = engineWithFlags(25);
    let error: unknown;
    try {
      engine.commit({ database, writes: itemWrites(21, (i) => i) }, alice);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FirestoreError);
    expect((error as FirestoreError).status).toBe('PERMISSION_DENIED');
    const stored = engine.runQuery(
      { parent: `${database}/documents`, structuredQuery: { from: [{ collectionId: 'items' }] } },
      { kind: 'owner' },
    );
    expect(stored.filter((r) => r.document)).toHaveLength(0);
  });

  it('counts a document read by several writes once', () => {
    const engine = engineWithFlags(25);
    const { writeResults } = engine.commit({ database, writes: itemWrites(30, (i) => i % 5) }, alice);
    expect(writeResults).toHaveLength(30);
  });
});
