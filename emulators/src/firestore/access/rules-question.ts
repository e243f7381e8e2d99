/**
 * A rules question ("may this caller do this, now?"), asked of the ruleset the emulator enforces, against the data
 * as it is, writing nothing: the request is built by the same function as a real request's
 * (`firestoreRulesRequest`), and `getAfter()` sees the write as a commit would.
 */
import type { Caller } from '../../shared/auth-token.js';
import type { FirestoreRulesRequest, RulesDecision, RulesMethod, Ruleset } from '../../rules/types.js';
import { dataAccess, firestoreRulesRequest } from './authorization.js';
import type { FirestoreEngine } from '../engine.js';
import { invalidArgument } from '../errors.js';
import type { DatabaseId } from '../paths.js';
import type { StoredDocument } from '../stored-document.js';
import type { Fields } from '../types.js';

export interface FirestoreRulesQuestion {
  caller: Caller;
  method: RulesMethod;
  /** The document's path below the database root (a collection's for `list`). */
  segments: string[];
  /**
   * For create: the new document's fields; for update: the fields written over the stored ones (as
   * `updateDoc` with top-level fields does), so `request.resource.data` is the document after the write.
   */
  fields?: Fields;
}

export function askFirestoreRules(
  engine: FirestoreEngine,
  ruleset: Ruleset,
  db: DatabaseId,
  question: FirestoreRulesQuestion,
): { decision: RulesDecision; request: FirestoreRulesRequest } {
  const { method, segments } = question;
  const isCollection = segments.length % 2 === 1;
  if (segments.length === 0 || segments.some((s) => s === ''))
    throw invalidArgument('The path has an empty segment.');
  if (method === 'list' && !isCollection)
    throw invalidArgument(
      `list needs a collection's path (an odd number of segments), not ${segments.join('/')}.`,
    );
  if (method !== 'list' && isCollection)
    throw invalidArgument(
      `${method} needs a document's path (an even number of segments), not ${segments.join('/')}.`,
    );
  const state = engine.state(db);
  const key = segments.join('/');
  const stored = method === 'list' ? null : (state.get(key) ?? null);
  const time = engine.clock.now();
  let after: Fields | null | undefined;
  const pending = new Map<string, StoredDocument | null>();
  if (method === 'create' || method === 'update') {
    after = method === 'update' ? { ...stored?.fields, ...question.fields } : { ...question.fields };
    pending.set(key, {
      key,
      segments,
      fields: after,
      createTime: stored?.createTime ?? time,
      updateTime: time,
      version: 0n,
    });
  } else if (method === 'delete') pending.set(key, null);
  const request = firestoreRulesRequest({
    caller: question.caller,
    method,
    db,
    segments,
    resource: stored,
    after,
    time,
    // A list is judged as a query without filters would be (rules are proved from the query, not the data).
    query: method === 'list' ? {} : undefined,
  });
  const decision = ruleset.evaluate(request, dataAccess(state, pending), { trace: true });
  return { decision, request };
}
