/**
 * The shapes the interpreter and its trace share with the rules' callers: which service a ruleset is for, how it
 * reads documents, what a trace of one decision records. Imports nothing, so ./types.ts can re-export them.
 */
import type { DocumentJson } from '../firestore/types.js';

export type RulesService = 'cloud.firestore' | 'firebase.storage';

/** Read-only view of Firestore data for get()/exists() and getAfter()/existsAfter(). */
export interface FirestoreDataAccess {
  /** Full document path "/databases/(default)/documents/roles/u1" → document, or null when missing. */
  get(path: string): DocumentJson | null;
  /** Same, as the data would be after the request's batch commits. Defaults to get() for reads. */
  getAfter(path: string): DocumentJson | null;
}

/** One part of a failed allow's condition; 'skipped' = not evaluated, as an earlier `&&` operand failed. */
export interface ConditionTrace {
  text: string;
  outcome: 'true' | 'false' | 'error' | 'skipped';
  error?: string;
}

/** An allow statement whose methods and path applied to the request, and what its condition gave. */
export interface AllowTrace {
  line: number;
  methods: readonly string[];
  /** The condition as source text; null for a bare `allow read;`. */
  condition: string | null;
  outcome: 'granted' | 'false' | 'error';
  error?: string;
  /** For a failed allow: its top-level `&&` / `||` operands and what each gave. */
  conditions: ConditionTrace[];
}
