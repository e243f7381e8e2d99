/**
 * The console's rules playground: "may this user do this, now?" asked of the rules each emulator enforces, against
 * its data as it is, writing nothing and leaving the request log and the coverage alone (a question is not a
 * request). The answer carries the same trace the Requests view shows, and what the rules saw as `resource` and
 * `request.resource`.
 */
import type { OfflineEmulators } from '../index.js';
import { askFirestoreRules } from '../firestore/access/rules-question.js';
import { FirestoreError } from '../firestore/errors.js';
import { normalizeFields } from '../firestore/values.js';
import type { Fields } from '../firestore/types.js';
import type { AllowTrace, RulesMethod } from '../rules/types.js';
import type { Caller } from '../shared/auth-token.js';
import { StorageError } from '../storage/errors.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../storage/operations.js';
import type { RequestService } from './request-log.js';

const METHODS: readonly RulesMethod[] = ['get', 'list', 'create', 'update', 'delete'];

/** Who asks: a user of the Auth emulator (uid, email, custom claims) or, with null, a signed-out visitor. */
export interface PlaygroundUser {
  uid: string;
  email?: string;
  /** Whether the Auth emulator has the e-mail verified: the token's email_verified (default false). */
  emailVerified?: boolean;
  claims?: Record<string, unknown>;
}

export interface PlaygroundQuestion {
  service: RequestService;
  method: RulesMethod;
  /** Below the database root ("orders/o1") or the bucket ("product-images/p1.webp"; a folder for list). */
  path: string;
  user: PlaygroundUser | null;
  /** Firestore create/update: the fields written, in the REST API's typed JSON (`{"price": {"integerValue": "120"}}`). */
  fields?: Fields;
  /** Storage create/update: the upload (its size in bytes, content type and custom metadata). */
  upload?: { size: number; contentType?: string; metadata?: Record<string, string> };
}

export interface PlaygroundAnswer {
  allowed: boolean;
  message?: string;
  line?: number;
  trace: AllowTrace[];
  /** The rules version the trace's lines refer to (`GET /api/rules/{service}`). */
  rulesVersion?: number;
  /** What the rules saw: the stored document or object (`resource`) and the one after the write. */
  resource: unknown;
  requestResource: unknown;
  /** True when no rules are configured: everything is allowed, as in the official emulator. */
  noRules?: boolean;
}

/** A question the playground cannot ask; the console shows its reason. */
export class PlaygroundError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the JSON a page sent; every problem is a PlaygroundError naming it. */
export function parseQuestion(body: unknown): PlaygroundQuestion {
  if (!isRecord(body)) throw new PlaygroundError('Expected a JSON object { service, method, path, user }.');
  const { service, method, path, user, fields, upload } = body;
  if (service !== 'firestore' && service !== 'storage')
    throw new PlaygroundError('service must be "firestore" or "storage".');
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method))
    throw new PlaygroundError(`method must be one of ${METHODS.join(', ')}.`);
  if (typeof path !== 'string' || path.trim() === '')
    throw new PlaygroundError('path must be a non-empty string.');
  const question: PlaygroundQuestion = {
    service,
    method: method as RulesMethod,
    path: path.trim().replace(/^\/+/, ''),
    user: null,
  };
  if (user !== null && user !== undefined) {
    if (!isRecord(user) || typeof user.uid !== 'string' || user.uid === '')
      throw new PlaygroundError('user must be null (signed out) or { uid, email?, claims? }.');
    if (user.email !== undefined && typeof user.email !== 'string')
      throw new PlaygroundError('user.email must be a string.');
    if (user.emailVerified !== undefined && typeof user.emailVerified !== 'boolean')
      throw new PlaygroundError('user.emailVerified must be true or false.');
    if (user.claims !== undefined && !isRecord(user.claims))
      throw new PlaygroundError('user.claims must be a JSON object.');
    question.user = {
      uid: user.uid,
      email: user.email,
      ...(user.emailVerified !== undefined && { emailVerified: user.emailVerified }),
      claims: user.claims,
    };
  }
  const writes = method === 'create' || method === 'update';
  if (service === 'firestore' && fields !== undefined) {
    if (!writes) throw new PlaygroundError(`A ${method} has no payload: fields are for create and update.`);
    try {
      question.fields = normalizeFields(fields);
    } catch (error) {
      throw new PlaygroundError(error instanceof FirestoreError ? error.message : String(error));
    }
  }
  if (service === 'storage' && upload !== undefined) {
    if (!writes) throw new PlaygroundError(`A ${method} has no payload: an upload is for create and update.`);
    if (!isRecord(upload) || !Number.isInteger(upload.size) || (upload.size as number) < 0)
      throw new PlaygroundError('upload must be { size: a whole number of bytes, contentType?, metadata? }.');
    if ((upload.size as number) > DEFAULT_MAX_UPLOAD_BYTES)
      throw new PlaygroundError(
        `upload.size is over the emulator's upload limit (${DEFAULT_MAX_UPLOAD_BYTES} bytes).`,
      );
    if (upload.contentType !== undefined && typeof upload.contentType !== 'string')
      throw new PlaygroundError('upload.contentType must be a string.');
    const metadata = upload.metadata;
    if (
      metadata !== undefined &&
      (!isRecord(metadata) || Object.values(metadata).some((v) => typeof v !== 'string'))
    )
      throw new PlaygroundError('upload.metadata must map names to strings.');
    question.upload = {
      size: upload.size as number,
      contentType: upload.contentType,
      metadata: metadata as Record<string, string> | undefined,
    };
  }
  if (writes && service === 'firestore' && !question.fields) question.fields = {};
  if (writes && service === 'storage' && !question.upload) question.upload = { size: 0 };
  return question;
}

/** The caller the rules see: the claims the Auth emulator puts in a password user's ID token, and custom claims. */
export function playgroundCaller(user: PlaygroundUser | null, projectId: string): Caller {
  if (!user) return { kind: 'anonymous' };
  const now = Math.floor(Date.now() / 1000);
  return {
    kind: 'user',
    auth: {
      uid: user.uid,
      token: {
        iss: `https://securetoken.google.com/${projectId}`,
        aud: projectId,
        auth_time: now,
        iat: now,
        exp: now + 3600,
        sub: user.uid,
        user_id: user.uid,
        ...(user.email ? { email: user.email, email_verified: user.emailVerified ?? false } : {}),
        firebase: {
          sign_in_provider: user.email ? 'password' : 'custom',
          identities: user.email ? { email: [user.email] } : {},
        },
        ...user.claims,
      },
    },
  };
}

/** Asks the emulator of `question.service` what its rules decide now. Throws PlaygroundError for a bad question. */
export function askRules(
  emulators: OfflineEmulators,
  projectId: string,
  question: PlaygroundQuestion,
): PlaygroundAnswer {
  const caller = playgroundCaller(question.user, projectId);
  const rulesVersion = emulators.requests.rulesText(question.service)?.version;
  try {
    if (question.service === 'firestore') {
      const ruleset = emulators.firestore.rules.current();
      if (!ruleset) return noRules();
      const { decision, request } = askFirestoreRules(
        emulators.firestore.engine,
        ruleset,
        { projectId, databaseId: '(default)' },
        { caller, method: question.method, segments: question.path.split('/'), fields: question.fields },
      );
      return answer(decision, rulesVersion, request.resource, request.requestResource);
    }
    const ruleset = emulators.storage.rules.current();
    if (!ruleset) return noRules();
    const name = question.method === 'list' ? question.path.replace(/\/+$/, '') : question.path;
    const upload = question.upload && {
      bytes: Buffer.alloc(question.upload.size),
      metadata: { contentType: question.upload.contentType, metadata: question.upload.metadata },
    };
    const { decision, request } = emulators.storage.askRules(
      ruleset,
      caller,
      question.method,
      emulators.storage.defaultBucket,
      name,
      upload,
    );
    return answer(decision, rulesVersion, request.resource, request.requestResource);
  } catch (error) {
    if (error instanceof FirestoreError || error instanceof StorageError)
      throw new PlaygroundError(error.message);
    throw error;
  }
}

function answer(
  decision: { allowed: boolean; message?: string; line?: number; trace?: AllowTrace[] },
  rulesVersion: number | undefined,
  resource: unknown,
  requestResource: unknown,
): PlaygroundAnswer {
  return {
    allowed: decision.allowed,
    message: decision.message,
    line: decision.line,
    trace: decision.trace ?? [],
    rulesVersion,
    resource,
    requestResource,
  };
}

function noRules(): PlaygroundAnswer {
  return { allowed: true, trace: [], resource: null, requestResource: null, noRules: true };
}
