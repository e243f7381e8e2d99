/** Builders that keep rules tests short: a request in one line, a condition checked in one call. */
import { documentJson, InMemoryFirestore, type PlainValue } from '../rules/in-memory-firestore.js';
import { compileRules } from '../rules/ruleset.js';
import type {
  EvaluateOptions,
  FirestoreRulesRequest,
  RulesDecision,
  RulesMethod,
  StorageObjectInfo,
  StorageRulesRequest,
} from '../rules/types.js';
import type { CallerAuth } from '../shared/auth-token.js';

export const REQUEST_TIME = '2026-11-21T06:30:00.123456789Z';

export function signedIn(uid: string, claims: Record<string, unknown> = {}): CallerAuth {
  return {
    uid,
    token: {
      sub: uid,
      user_id: uid,
      email: `${uid}@example.com`,
      email_verified: true,
      firebase: { sign_in_provider: 'password', identities: {} },
      ...claims,
    },
  };
}

export interface FirestoreRequestInit {
  method?: RulesMethod;
  auth?: CallerAuth | null;
  resource?: { [key: string]: PlainValue } | null;
  /** Data of request.resource (for create/update the merged document). */
  requestData?: { [key: string]: PlainValue } | null;
  time?: string;
  query?: FirestoreRulesRequest['query'];
}

/** `path` is relative to /databases/(default)/documents, e.g. "orders/o1". */
export function firestoreRequest(path: string, init: FirestoreRequestInit = {}): FirestoreRulesRequest {
  const full = InMemoryFirestore.fullPath(path);
  return {
    service: 'cloud.firestore',
    path: full,
    method: init.method ?? 'get',
    auth: init.auth ?? null,
    time: init.time ?? REQUEST_TIME,
    resource: init.resource ? documentJson(full, init.resource) : null,
    requestResource: init.requestData ? documentJson(full, init.requestData) : null,
    query: init.query,
  };
}

export function storageObject(name: string, info: Partial<StorageObjectInfo> = {}): StorageObjectInfo {
  return { bucket: 'demo-project.appspot.com', name, size: 1024, contentType: 'image/jpeg', ...info };
}

export function storageRequest(
  objectPath: string,
  init: {
    method?: RulesMethod;
    auth?: CallerAuth | null;
    resource?: StorageObjectInfo | null;
    requestResource?: StorageObjectInfo | null;
  } = {},
): StorageRulesRequest {
  return {
    service: 'firebase.storage',
    path: `/b/demo-project.appspot.com/o/${objectPath}`,
    method: init.method ?? 'get',
    auth: init.auth ?? null,
    time: REQUEST_TIME,
    resource: init.resource ?? null,
    requestResource: init.requestResource ?? null,
  };
}

/**
 * Evaluates one condition as `allow read: if <condition>` on /databases/{database}/documents/{doc=**}
 * and returns the decision; handy for testing expressions.
 */
export function decideCondition(
  condition: string,
  init: FirestoreRequestInit & { path?: string; data?: InMemoryFirestore } = {},
  options: EvaluateOptions = {},
): RulesDecision {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{doc=**} {
      allow read: if ${condition};
    }
  }
}`,
    'condition.rules',
  );
  return rules.evaluate(
    firestoreRequest(init.path ?? 'things/t1', init),
    init.data ?? new InMemoryFirestore(),
    options,
  );
}

/** true when the condition grants access. */
export function holds(condition: string, init: Parameters<typeof decideCondition>[1] = {}): boolean {
  return decideCondition(condition, init).allowed;
}

/**
 * What a condition gave: true, false, or the evaluation error that stopped it. Production denies on both of
 * the last two, so a test of an error must look at which one it was, not only at "denied".
 */
export type ConditionOutcome = boolean | { error: string };

export function outcomeOf(
  condition: string,
  init: Parameters<typeof decideCondition>[1] = {},
): ConditionOutcome {
  const [allow] = decideCondition(condition, init, { trace: true }).trace ?? [];
  if (!allow) throw new Error(`no allow statement judged ${condition}`);
  if (allow.outcome === 'granted') return true;
  return allow.outcome === 'false' ? false : { error: allow.error ?? '' };
}
