/**
 * gRPC transport (google.firestore.v1.Firestore) for firebase-admin and the Node build of the JS SDK.
 * @grpc/grpc-js serves; messages are (de)serialized through the protos into the engine's proto3 JSON.
 */
import * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type { Caller } from '../../shared/auth-token.js';
import { callerFromAuthorization } from '../../shared/auth-token.js';
import type { FirestoreEngine } from '../engine.js';
import { asFirestoreError, FirestoreError, ownerOnly, unauthenticated } from '../errors.js';
import type { ListenRequestJson, WriteJson } from '../types.js';
import { decodeBinary, encodeBinary, firestoreService } from './protos.js';
import { WriteStreamSession } from './write-stream.js';

type Json = Record<string, unknown>;

/**
 * Ends a streaming call with an error status. grpc-js sends the status from the stream's 'error' event;
 * `destroy(error)` would tear the stream down without ever sending it, leaving the client waiting forever.
 */
function failCall(
  call: grpc.ServerWritableStream<Json, Json> | grpc.ServerDuplexStream<Json, Json>,
  error: unknown,
) {
  call.emit('error', toServiceError(error));
}

function callerOf(metadata: grpc.Metadata): Caller {
  return callerFromAuthorization(metadata.get('authorization')[0], unauthenticated);
}

/**
 * A field the method cannot do without. A binary request may leave any field out; production answers that
 * with INVALID_ARGUMENT, where reading the missing field further in would end in INTERNAL.
 */
function required(request: Json, field: string): unknown {
  const value = request[field];
  if (value === undefined || value === null || value === '') {
    throw new FirestoreError('INVALID_ARGUMENT', `Missing required field "${field}"`);
  }
  return value;
}

function toServiceError(error: unknown): grpc.ServiceError {
  const e = asFirestoreError(error);
  return Object.assign(new Error(e.message), {
    code: e.code,
    details: e.message,
    metadata: new grpc.Metadata(),
  }) as grpc.ServiceError;
}

/** Requests whose bytes did not decode, with the error to answer them with. */
const malformedRequests = new WeakMap<Json, FirestoreError>();

/** Throws the decoding error of a malformed request, so every handler answers it like any other bad input. */
function wellFormed(request: Json): Json {
  const error = malformedRequests.get(request);
  if (error) throw error;
  return request;
}

function definitionFor(method: protobuf.Method): grpc.MethodDefinition<Json, Json> {
  method.resolve();
  const requestType = method.resolvedRequestType!.fullName;
  const responseType = method.resolvedResponseType!.fullName;
  return {
    path: `/google.firestore.v1.Firestore/${method.name}`,
    requestStream: method.requestStream === true,
    responseStream: method.responseStream === true,
    requestSerialize: (value: Json) => encodeBinary(requestType, value),
    requestDeserialize: (bytes: Buffer) => {
      try {
        return decodeBinary<Json>(requestType, bytes);
      } catch (error) {
        // grpc-js would answer a throwing deserializer with INTERNAL; the handler answers INVALID_ARGUMENT.
        const placeholder: Json = {};
        malformedRequests.set(placeholder, asFirestoreError(error));
        return placeholder;
      }
    },
    responseSerialize: (value: Json) => encodeBinary(responseType, value),
    responseDeserialize: (bytes: Buffer) => decodeBinary<Json>(responseType, bytes),
  };
}

type Unary = (request: Json, caller: Caller) => unknown;
type ServerStreaming = (request: Json, caller: Caller) => unknown[];

export function createGrpcServer(engine: FirestoreEngine): grpc.Server {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 32 * 1024 * 1024 });
  const definition: Record<string, grpc.MethodDefinition<Json, Json>> = {};
  const implementation: grpc.UntypedServiceImplementation = {};

  const unary = (name: string, fn: Unary) => {
    implementation[name] = ((call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) => {
      try {
        callback(null, fn(wellFormed(call.request), callerOf(call.metadata)) as Json);
      } catch (error) {
        callback(toServiceError(error));
      }
    }) as grpc.handleUnaryCall<Json, Json>;
  };
  const serverStreaming = (name: string, fn: ServerStreaming) => {
    implementation[name] = ((call: grpc.ServerWritableStream<Json, Json>) => {
      try {
        for (const response of fn(wellFormed(call.request), callerOf(call.metadata)))
          call.write(response as Json);
        call.end();
      } catch (error) {
        failCall(call, error);
      }
    }) as grpc.handleServerStreamingCall<Json, Json>;
  };

  const docName = (r: Json) => required(r, 'name') as string;
  unary('GetDocument', (r, c) =>
    engine.getDocument(docName(r), { mask: r.mask as never, transaction: r.transaction as string }, c),
  );
  unary('ListDocuments', (r, c) =>
    engine.listDocuments(
      required(r, 'parent') as string,
      r.collectionId as string,
      {
        pageSize: r.pageSize as number,
        pageToken: r.pageToken as string,
        orderBy: r.orderBy as string,
        mask: r.mask as never,
        showMissing: r.showMissing as boolean,
      },
      c,
    ),
  );
  unary('CreateDocument', (r, c) =>
    engine.createDocument(
      r.parent as string,
      r.collectionId as string,
      r.documentId as string,
      (r.document ?? {}) as never,
      c,
    ),
  );
  unary('UpdateDocument', (r, c) =>
    engine.updateDocument(
      required(r, 'document') as never,
      { updateMask: r.updateMask as never, currentDocument: r.currentDocument as never },
      c,
    ),
  );
  unary('DeleteDocument', (r, c) => engine.deleteDocument(docName(r), r.currentDocument as never, c));
  unary('BeginTransaction', (r) => engine.beginTransaction(r as never));
  unary('Commit', (r, c) => engine.commit(r as never, c));
  unary('Rollback', (r) => engine.rollback(r as never));
  unary('BatchWrite', (r, c) => engine.batchWrite(r as never, c));
  unary('ListCollectionIds', (r, caller) => {
    ownerOnly(caller, 'ListCollectionIds');
    return engine.listCollectionIds(required(r, 'parent') as string, r as never);
  });
  serverStreaming('BatchGetDocuments', (r, c) => engine.batchGet(r as never, c));
  serverStreaming('RunQuery', (r, c) => engine.runQuery(r as never, c));
  serverStreaming('RunAggregationQuery', (r, c) => engine.runAggregationQuery(r as never, c));

  implementation.Listen = ((call: grpc.ServerDuplexStream<Json, Json>) => {
    let stream: ReturnType<FirestoreEngine['openListen']>;
    try {
      stream = engine.openListen(callerOf(call.metadata), (response) => call.write(response as Json));
    } catch (error) {
      failCall(call, error);
      return;
    }
    call.on('data', (request: Json) => {
      try {
        stream.handle(wellFormed(request) as ListenRequestJson);
      } catch (error) {
        stream.close();
        failCall(call, error);
      }
    });
    const end = () => stream.close();
    call.on('end', () => {
      end();
      call.end();
    });
    call.on('cancelled', end);
    call.on('error', end);
    call.on('close', end);
  }) as grpc.handleBidiStreamingCall<Json, Json>;

  implementation.Write = ((call: grpc.ServerDuplexStream<Json, Json>) => {
    let session: WriteStreamSession;
    try {
      session = new WriteStreamSession(engine, callerOf(call.metadata));
    } catch (error) {
      failCall(call, error);
      return;
    }
    // After an error the stream is over: requests the client had already pipelined must not be committed, or
    // they would be applied twice when the SDK re-sends them on its next stream.
    let failed = false;
    call.on('data', (request: Json) => {
      if (failed) return;
      try {
        call.write(
          session.handle(
            wellFormed(request) as { database?: string; streamToken?: string; writes?: WriteJson[] },
          ) as unknown as Json,
        );
      } catch (error) {
        failed = true;
        failCall(call, error);
      }
    });
    call.on('end', () => call.end());
  }) as grpc.handleBidiStreamingCall<Json, Json>;

  for (const method of firestoreService.methodsArray) {
    definition[method.name] = definitionFor(method);
    if (!implementation[method.name]) {
      implementation[method.name] = ((
        call: grpc.ServerUnaryCall<Json, Json>,
        callback?: grpc.sendUnaryData<Json>,
      ) => {
        const error = toServiceError(
          new FirestoreError('UNIMPLEMENTED', `${method.name} is not supported by this emulator`),
        );
        if (callback) callback(error);
        else failCall(call as unknown as grpc.ServerWritableStream<Json, Json>, error);
      }) as grpc.handleUnaryCall<Json, Json>;
    }
  }
  server.addService(definition, implementation);
  return server;
}
