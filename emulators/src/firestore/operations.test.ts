/**
 * The operation table is the Firestore API as the emulator serves it: every method of the protos is in it
 * (or knowingly left out), streams where the protos stream, and the admin-only methods refuse everyone but
 * the owner in the one access check.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../shared/auth-token.js';
import { FirestoreEngine } from './engine.js';
import { FirestoreError } from './errors.js';
import {
  BIDI_METHODS,
  callServerStreaming,
  callUnary,
  operations,
  SERVER_STREAMING_METHODS,
  UNARY_METHODS,
} from './operations.js';
import { firestoreService } from './transports/protos.js';

const DB = 'projects/demo-operations/databases/(default)';
const owner: Caller = { kind: 'owner' };
const alice: Caller = { kind: 'user', auth: { uid: 'alice', token: {} } };

/** Methods of google.firestore.v1.Firestore the emulator does not serve (answered UNIMPLEMENTED over gRPC). */
const NOT_SERVED: string[] = [];

function refusal(run: () => unknown): { status: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof FirestoreError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the operation table', () => {
  it('serves every method of the protos but the ones knowingly left out, each streaming as the protos say', () => {
    const protoMethods = firestoreService.methodsArray.map((m) => m.name).sort();
    const served = [...UNARY_METHODS, ...SERVER_STREAMING_METHODS, ...BIDI_METHODS];
    expect([...served, ...NOT_SERVED].sort()).toEqual(protoMethods);
    for (const method of firestoreService.methodsArray) {
      const kind = UNARY_METHODS.some((m) => m === method.name)
        ? 'unary'
        : SERVER_STREAMING_METHODS.some((m) => m === method.name)
          ? 'server-streaming'
          : BIDI_METHODS.some((m) => m === method.name)
            ? 'bidi'
            : 'not served';
      const expected = NOT_SERVED.includes(method.name)
        ? 'not served'
        : method.requestStream
          ? 'bidi'
          : method.responseStream
            ? 'server-streaming'
            : 'unary';
      expect(kind, method.name).toBe(expected);
    }
  });

  it('decodes each request into the message its method takes', () => {
    const requestTypes = {
      ...Object.fromEntries(UNARY_METHODS.map((m) => [m, operations.unary[m].requestType])),
      ...Object.fromEntries(
        SERVER_STREAMING_METHODS.map((m) => [m, operations.serverStreaming[m].requestType]),
      ),
      ...Object.fromEntries(BIDI_METHODS.map((m) => [m, operations.bidi[m].requestType])),
    };
    for (const [name, requestType] of Object.entries(requestTypes)) {
      const method = firestoreService.methods[name];
      method.resolve();
      expect(requestType, name).toBe(method.resolvedRequestType!.fullName.slice(1));
    }
  });

  it('lets only the owner list collection ids, naming the method as the client called it', () => {
    const engine = new FirestoreEngine();
    const request = () => ({ parent: `${DB}/documents` });
    expect(
      refusal(() => callUnary(engine, 'ListCollectionIds', alice, request, 'listCollectionIds')),
    ).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'Missing or insufficient permissions: listCollectionIds needs admin credentials',
    });
    expect(callUnary(engine, 'ListCollectionIds', owner, request)).toEqual({ collectionIds: [] });
    const ownerOnly = UNARY_METHODS.filter((m) => operations.unary[m].access === 'owner');
    expect(ownerOnly).toEqual(['ListCollectionIds']);
  });

  it('refuses a request without a field its method cannot do without, before the engine reads it', () => {
    const engine = new FirestoreEngine();
    expect(refusal(() => callUnary(engine, 'Commit', owner, () => ({ writes: [] })))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Missing required field "database"',
    });
    expect(refusal(() => callServerStreaming(engine, 'RunQuery', owner, () => ({})))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Missing required field "parent"',
    });
    expect(engine.exportDocuments()).toEqual([]);
  });
});
