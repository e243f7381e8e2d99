/**
 * The hook where every non-owner request meets the security rules. With no ruleset loaded every request is
 * allowed, as the official emulator does without a rules file.
 */
import type { Caller } from '../../shared/auth-token.js';
import type {
  EvaluateOptions,
  FirestoreDataAccess,
  FirestoreRulesRequest,
  RulesMethod,
  RulesProvider,
  RulesQueryInfo,
} from '../../rules/types.js';
import type { DocumentJson, Fields } from '../types.js';
import { permissionDenied } from '../errors.js';
import type { DatabaseId } from '../paths.js';
import { documentName } from '../paths.js';
import type { DatabaseState } from '../state.js';
import type { StoredDocument } from '../stored-document.js';
import { toDocumentJson } from '../stored-document.js';

export type { RulesProvider } from '../../rules/types.js';

export interface AccessRequest {
  caller: Caller;
  method: RulesMethod;
  db: DatabaseId;
  segments: readonly string[];
  resource: StoredDocument | null;
  /** Fields after the write, for create/update. */
  after?: Fields | null;
  time: string;
  query?: RulesQueryInfo;
  /** Document-access budget: batches and transactions share one across their writes (see rules/README.md). */
  budget?: EvaluateOptions;
}

/** Looks documents up for get()/exists(); `pending` overlays a batch's result for getAfter()/existsAfter(). */
export function dataAccess(
  state: DatabaseState,
  pending?: Map<string, StoredDocument | null>,
): FirestoreDataAccess {
  const lookup = (path: string, overlay: boolean): DocumentJson | null => {
    const match = /^\/?databases\/([^/]+)\/documents\/(.+)$/.exec(path);
    if (!match) return null;
    const key = match[2];
    if (overlay && pending?.has(key)) {
      const doc = pending.get(key);
      return doc ? toDocumentJson(state.id, doc) : null;
    }
    const doc = state.get(key);
    return doc ? toDocumentJson(state.id, doc) : null;
  };
  return { get: (path) => lookup(path, false), getAfter: (path) => lookup(path, true) };
}

export function rulesPath(db: DatabaseId, segments: readonly string[]): string {
  return `/databases/${db.databaseId}/documents/${segments.join('/')}`;
}

/** The engine reading on its own behalf (e.g. to return a document it just wrote): not a client's request. */
export const INTERNAL_READ: Caller = Object.freeze({ kind: 'owner' });

/** Tells the request log (if any) that the owner credential skipped the rules; internal reads are not told. */
export function recordBypass(
  rules: RulesProvider,
  caller: Caller,
  method: RulesMethod,
  db: DatabaseId,
  segments: readonly string[],
): void {
  if (caller !== INTERNAL_READ) rules.bypassed?.({ method, path: rulesPath(db, segments) });
}

/** The request the rules see for an access: the one place it is built, for real requests and rules questions. */
export function firestoreRulesRequest(request: AccessRequest): FirestoreRulesRequest {
  const name = documentName(request.db, request.segments);
  const resource = request.resource ? toDocumentJson(request.db, request.resource) : null;
  const requestResource =
    request.after !== undefined && request.after !== null
      ? {
          name,
          fields: request.after,
          createTime: request.resource?.createTime ?? request.time,
          updateTime: request.time,
        }
      : null;
  return {
    service: 'cloud.firestore',
    path: rulesPath(request.db, request.segments),
    method: request.method,
    auth: request.caller.kind === 'user' ? request.caller.auth : null,
    time: request.time,
    resource,
    requestResource,
    query: request.query,
  };
}

export function authorize(rules: RulesProvider, request: AccessRequest, access: FirestoreDataAccess): void {
  if (request.caller.kind === 'owner') {
    recordBypass(rules, request.caller, request.method, request.db, request.segments);
    return;
  }
  const ruleset = rules();
  if (!ruleset) return;
  const decision = ruleset.evaluate(firestoreRulesRequest(request), access, request.budget);
  if (!decision.allowed) {
    const detail = decision.message ? ` ${decision.message}` : '';
    throw permissionDenied(
      `Missing or insufficient permissions. Rules denied '${request.method}' on ${rulesPath(request.db, request.segments)}.${detail}`,
    );
  }
}
