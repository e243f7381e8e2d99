/**
 * gRPC transport (google.firestore.v1.Firestore) for firebase-admin and the Node build of the JS SDK.
 * @grpc/grpc-js serves; messages are (de)serialized through the protos into the engine's proto3 JSON, and
 * each method is answered by its entry in the operation table (../operations.ts).
 */
import * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type { Caller } from '../../shared/auth-token.js';
import { callerFromAuthorization } from '../../shared/auth-token.js';
import type { FirestoreEngine } from '../engine.js';
import { asFirestoreError, FirestoreError, unauthenticated } from '../errors.js';
import type {
  BidiMethod,
  OpenStream,
  RequestOf,
  ResponseOf,
  ServerStreamingMethod,
  UnaryMethod,
} from '../operations.js';
import {
  BIDI_METHODS,
  callServerStreaming,
  callUnary,
  openStream,
  SERVER_STREAMING_METHODS,
  UNARY_METHODS,
} from '../operations.js';
import { decodeBinary, encodeBinary, firestoreService } from './protos.js';

type Json = Record<string, unknown>;

/**
 * Ends a streaming call with an error status. grpc-js sends the status from the stream's 'error' event;
 * `destroy(error)` would tear the stream down without ever sending it, leaving the client waiting forever.
 */
function failCall(call: NodeJS.EventEmitter, error: unknown) {
  call.emit('error', toServiceError(error));
}

function callerOf(metadata: grpc.Metadata): Caller {
  return callerFromAuthorization(metadata.get('authorization')[0], unauthenticated);
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
const malformedRequests = new WeakMap<object, FirestoreError>();

/** Throws the decoding error of a malformed request, so every handler answers it like any other bad input. */
function wellFormed<T extends object>(request: T): T {
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

export function createGrpcServer(engine: FirestoreEngine): grpc.Server {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 32 * 1024 * 1024 });
  const definition: Record<string, grpc.MethodDefinition<Json, Json>> = {};
  const implementation: grpc.UntypedServiceImplementation = {};

  const serveUnary = <M extends UnaryMethod>(method: M) => {
    const handler: grpc.handleUnaryCall<RequestOf<M>, ResponseOf<M>> = (call, callback) => {
      // A request waiting for a lock answers later; one whose locks are free answers now, as before.
      new Promise<ResponseOf<M>>((resolve) => {
        const request = wellFormed(call.request);
        resolve(callUnary(engine, method, callerOf(call.metadata), () => request));
      }).then(
        (response) => callback(null, response),
        (error: unknown) => callback(toServiceError(error)),
      );
    };
    implementation[method] = handler;
  };
  const serveServerStreaming = <M extends ServerStreamingMethod>(method: M) => {
    const handler: grpc.handleServerStreamingCall<RequestOf<M>, ResponseOf<M>> = (call) => {
      // The response headers at once, as a server that took the call: an error sent with no headers before it
      // (a "trailers-only" answer) reads to the server SDK's stream layer (google-gax over retry-request) as
      // no answer at all, which it retries after 1 s, 2 s and 4 s before the SDK sees the error: 7 s for every
      // refused query or wounded transactional read.
      call.sendMetadata(new grpc.Metadata());
      new Promise<ResponseOf<M>[]>((resolve) => {
        const request = wellFormed(call.request);
        resolve(callServerStreaming(engine, method, callerOf(call.metadata), () => request));
      }).then(
        (responses) => {
          for (const response of responses) call.write(response);
          call.end();
        },
        (error: unknown) => failCall(call, error),
      );
    };
    implementation[method] = handler;
  };
  const serveBidi = <M extends BidiMethod>(method: M) => {
    const handler: grpc.handleBidiStreamingCall<RequestOf<M>, ResponseOf<M>> = (call) => {
      let stream: OpenStream<RequestOf<M>>;
      try {
        stream = openStream(engine, method, callerOf(call.metadata), (response) => call.write(response));
      } catch (error) {
        failCall(call, error);
        return;
      }
      // After an error the stream is over: requests the client had already pipelined must not be handled (a
      // Write would be applied twice when the SDK re-sends it on its next stream).
      let failed = false;
      call.on('data', (request: RequestOf<M>) => {
        if (failed) return;
        try {
          stream.handle(wellFormed(request));
        } catch (error) {
          failed = true;
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
    };
    implementation[method] = handler;
  };
  UNARY_METHODS.forEach(serveUnary);
  SERVER_STREAMING_METHODS.forEach(serveServerStreaming);
  BIDI_METHODS.forEach(serveBidi);

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
        else failCall(call, error);
      }) as grpc.handleUnaryCall<Json, Json>;
    }
  }
  server.addService(definition, implementation);
  return server;
}
