/**
 * The one table of the Firestore API's methods the emulator serves: for each, who may call it, the fields it
 * cannot do without, and the engine function that answers it, typed request → response by the generated
 * protos' types. gRPC, REST and WebChannel only decode their wire format into the request, call through here
 * and encode the answer, so a method's behaviour and its authorization are written once.
 */
import type { Caller } from '../shared/auth-token.js';
import type { FirestoreEngine } from './engine.js';
import { FirestoreError, permissionDenied } from './errors.js';
import { batchWrite, createDocument, deleteDocument, updateDocument } from './write/document-writes.js';
import { parseDatabaseName } from './paths.js';
import { partitionQuery } from './query/partition-query.js';
import { runAggregationQuery, runQuery } from './query/queries.js';
import { batchGet, getDocument, listCollectionIds, listDocuments } from './reads.js';
import { commit } from './write/commit.js';
import type { LockingRequest } from './write/transaction-locks.js';
import { withLocks } from './write/transaction-locks.js';
import type { v1 } from './types.js';
import { WriteStreamSession } from './write/write-stream.js';

type Methods = v1.FirestoreMethods;
export type RequestOf<M extends keyof Methods> = Methods[M]['request'];
export type ResponseOf<M extends keyof Methods> = Methods[M]['response'];

export const UNARY_METHODS = [
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'BatchWrite',
  'ListCollectionIds',
  'PartitionQuery',
] as const;
/** Answered with a stream of responses (gRPC); REST answers them as one JSON list. */
export const SERVER_STREAMING_METHODS = ['BatchGetDocuments', 'RunQuery', 'RunAggregationQuery'] as const;
/** Both sides stream: gRPC's bidirectional calls, WebChannel's sessions. */
export const BIDI_METHODS = ['Listen', 'Write'] as const;

export type UnaryMethod = (typeof UNARY_METHODS)[number];
export type ServerStreamingMethod = (typeof SERVER_STREAMING_METHODS)[number];
export type BidiMethod = (typeof BIDI_METHODS)[number];
export type ServedMethod = UnaryMethod | ServerStreamingMethod | BidiMethod;

/**
 * Who may call a method: whoever the security rules let through (each read and write meets them in the
 * engine), or only the owner: admin methods the rules do not cover, which production answers with
 * PERMISSION_DENIED for anyone without admin credentials (here the owner token).
 */
export type Access = 'rules' | 'owner';

/** The proto message a method's request is decoded into (REST and WebChannel bodies, gRPC bytes). */
const requestTypeOf = (method: ServedMethod) => `google.firestore.v1.${method}Request`;

/**
 * An answer, or the promise of one when the request first waits for a lock another transaction holds
 * (./write/transaction-locks.ts); a request whose locks are free is answered synchronously.
 */
export type Answer<T> = T | Promise<T>;

export interface UnaryOperation<M extends keyof Methods> {
  access: Access;
  requestType: string;
  run(engine: FirestoreEngine, request: RequestOf<M>, caller: Caller): Answer<ResponseOf<M>>;
}

export interface ServerStreamingOperation<M extends keyof Methods> {
  access: Access;
  requestType: string;
  run(engine: FirestoreEngine, request: RequestOf<M>, caller: Caller): Answer<ResponseOf<M>[]>;
}

/** An open bidirectional stream: each request is handled in order, answers go to the `send` it was opened with. */
export interface OpenStream<Request> {
  handle(request: Request): void;
  close(): void;
}

export interface BidiOperation<M extends keyof Methods> {
  access: Access;
  requestType: string;
  open(
    engine: FirestoreEngine,
    caller: Caller,
    send: (response: ResponseOf<M>) => void,
  ): OpenStream<RequestOf<M>>;
}

/** A request with the fields its method needs known to be present. */
type WithFields<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/**
 * A field the method cannot do without. A binary gRPC request may leave any field out (REST fills these from
 * the URL); production answers that with INVALID_ARGUMENT, where reading the missing field would end in INTERNAL.
 */
function requireFields<T extends object, K extends keyof T & string>(
  request: T,
  fields: readonly K[],
): asserts request is WithFields<T, K> {
  for (const field of fields) {
    const value: unknown = request[field];
    if (value === undefined || value === null || value === '') {
      throw new FirestoreError('INVALID_ARGUMENT', `Missing required field "${field}"`);
    }
  }
}

function unary<M extends UnaryMethod, K extends keyof RequestOf<M> & string>(
  method: M,
  requires: readonly K[],
  run: (engine: FirestoreEngine, request: WithFields<RequestOf<M>, K>, caller: Caller) => ResponseOf<M>,
  access: Access = 'rules',
): UnaryOperation<M> {
  return {
    access,
    requestType: requestTypeOf(method),
    run(engine, request, caller) {
      requireFields(request, requires);
      return lockedRun(engine, method, request, caller, () => run(engine, request, caller));
    },
  };
}

/** The methods that take locks (./write/transaction-locks.ts); the others run as they are. */
const LOCKING_METHODS: ReadonlySet<ServedMethod> = new Set<LockingRequest['method']>([
  'BatchGetDocuments',
  'GetDocument',
  'RunQuery',
  'RunAggregationQuery',
  'Commit',
  'BatchWrite',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
]);

function lockedRun<R>(
  engine: FirestoreEngine,
  method: ServedMethod,
  request: object,
  caller: Caller,
  run: () => R,
): Answer<R> {
  if (!LOCKING_METHODS.has(method)) return run();
  return withLocks(engine, { method, request } as LockingRequest, caller, run);
}

function serverStreaming<M extends ServerStreamingMethod, K extends keyof RequestOf<M> & string>(
  method: M,
  requires: readonly K[],
  run: (engine: FirestoreEngine, request: WithFields<RequestOf<M>, K>, caller: Caller) => ResponseOf<M>[],
): ServerStreamingOperation<M> {
  return {
    access: 'rules',
    requestType: requestTypeOf(method),
    run(engine, request, caller) {
      requireFields(request, requires);
      return lockedRun(engine, method, request, caller, () => run(engine, request, caller));
    },
  };
}

export const operations: {
  unary: { [M in UnaryMethod]: UnaryOperation<M> };
  serverStreaming: { [M in ServerStreamingMethod]: ServerStreamingOperation<M> };
  bidi: { [M in BidiMethod]: BidiOperation<M> };
} = {
  unary: {
    GetDocument: unary('GetDocument', ['name'], getDocument),
    ListDocuments: unary('ListDocuments', ['parent'], listDocuments),
    CreateDocument: unary('CreateDocument', ['parent', 'collectionId'], createDocument),
    UpdateDocument: unary('UpdateDocument', ['document'], updateDocument),
    DeleteDocument: unary('DeleteDocument', ['name'], deleteDocument),
    BeginTransaction: unary('BeginTransaction', ['database'], (engine, request, caller) => ({
      transaction: engine.transactions.begin(parseDatabaseName(request.database), request.options, caller),
    })),
    Commit: unary('Commit', ['database'], commit),
    Rollback: unary('Rollback', ['database'], (engine, request) => {
      parseDatabaseName(request.database);
      engine.transactions.rollback(request.transaction);
      return {};
    }),
    BatchWrite: unary('BatchWrite', ['database'], batchWrite),
    ListCollectionIds: unary(
      'ListCollectionIds',
      ['parent'],
      (engine, request) => listCollectionIds(engine, request),
      'owner',
    ),
    PartitionQuery: unary('PartitionQuery', ['parent'], partitionQuery),
  },
  serverStreaming: {
    BatchGetDocuments: serverStreaming('BatchGetDocuments', ['database'], batchGet),
    RunQuery: serverStreaming('RunQuery', ['parent'], runQuery),
    RunAggregationQuery: serverStreaming('RunAggregationQuery', ['parent'], runAggregationQuery),
  },
  bidi: {
    Listen: {
      access: 'rules',
      requestType: requestTypeOf('Listen'),
      open: (engine, caller, send) => engine.openListen(caller, send),
    },
    Write: {
      access: 'rules',
      requestType: requestTypeOf('Write'),
      open(engine, caller, send) {
        const session = new WriteStreamSession(engine, caller);
        return { handle: (request) => send(session.handle(request)), close: () => {} };
      },
    },
  },
};

/**
 * The access check, the one place it is made. `calledAs` is the method's name as the client spelled it
 * (gRPC `ListCollectionIds`, REST `:listCollectionIds`), so the refusal names what the client called.
 */
export function checkAccess(operation: { access: Access }, caller: Caller, calledAs: string): void {
  if (operation.access === 'owner' && caller.kind !== 'owner') {
    throw permissionDenied(`Missing or insufficient permissions: ${calledAs} needs admin credentials`);
  }
}

/** Calls a unary method: access first, then the request is decoded, then the engine answers. */
export function callUnary<M extends UnaryMethod>(
  engine: FirestoreEngine,
  method: M,
  caller: Caller,
  decode: (requestType: string) => RequestOf<M>,
  calledAs: string = method,
): Answer<ResponseOf<M>> {
  const operation: UnaryOperation<M> = operations.unary[method];
  checkAccess(operation, caller, calledAs);
  return operation.run(engine, decode(operation.requestType), caller);
}

/** Calls a server-streaming method; its responses in order. */
export function callServerStreaming<M extends ServerStreamingMethod>(
  engine: FirestoreEngine,
  method: M,
  caller: Caller,
  decode: (requestType: string) => RequestOf<M>,
  calledAs: string = method,
): Answer<ResponseOf<M>[]> {
  const operation: ServerStreamingOperation<M> = operations.serverStreaming[method];
  checkAccess(operation, caller, calledAs);
  return operation.run(engine, decode(operation.requestType), caller);
}

/** Opens a bidirectional stream; `requestType` is what its transport decodes each message into. */
export function openStream<M extends BidiMethod>(
  engine: FirestoreEngine,
  method: M,
  caller: Caller,
  send: (response: ResponseOf<M>) => void,
): OpenStream<RequestOf<M>> & { requestType: string } {
  const operation: BidiOperation<M> = operations.bidi[method];
  checkAccess(operation, caller, method);
  const stream = operation.open(engine, caller, send);
  return {
    handle: (request) => stream.handle(request),
    close: () => stream.close(),
    requestType: operation.requestType,
  };
}
