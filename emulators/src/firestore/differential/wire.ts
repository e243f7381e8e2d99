/**
 * The differential run's clients: raw REST and raw gRPC calls whose answers are kept as the wire gave them
 * (REST: status, content type and body text; gRPC: the decoded messages and the final status), so a replay
 * can compare them byte for byte.
 */
import * as grpc from '@grpc/grpc-js';
import { decodeBinary, encodeBinary, firestoreService } from '../transports/protos.js';
import { DB } from './corpus.js';

export type Json = Record<string, unknown>;

export interface RestAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export interface GrpcAnswer {
  code: number;
  details?: string;
  messages: Json[];
}

export async function restCall(
  port: number,
  method: string,
  path: string,
  body: unknown,
  authorization: string | undefined,
): Promise<RestAnswer> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    // An emulator that never answers fails the run instead of hanging it.
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

function codecFor(method: string) {
  const definition = firestoreService.methods[method];
  if (!definition) throw new Error(`No Firestore method ${method}`);
  definition.resolve();
  const requestType = definition.resolvedRequestType!.fullName;
  const responseType = definition.resolvedResponseType!.fullName;
  return {
    path: `/google.firestore.v1.Firestore/${method}`,
    serialize: (value: Json) => encodeBinary(requestType, value),
    deserialize: (bytes: Buffer) => decodeBinary<Json>(responseType, bytes),
    streaming: definition.responseStream === true,
  };
}

function metadataOf(authorization: string | undefined): grpc.Metadata {
  const metadata = new grpc.Metadata();
  if (authorization) metadata.set('authorization', authorization);
  // The database the call is for, as the SDKs name it (Google's emulator wants it on a stream).
  metadata.set('google-cloud-resource-prefix', DB);
  return metadata;
}

/** A unary or server-streaming call: every message answered, then the status. */
export function grpcCall(
  client: grpc.Client,
  method: string,
  request: Json,
  authorization: string | undefined,
): Promise<GrpcAnswer> {
  const codec = codecFor(method);
  const metadata = metadataOf(authorization);
  return new Promise((resolve) => {
    if (!codec.streaming) {
      client.makeUnaryRequest(
        codec.path,
        codec.serialize,
        codec.deserialize,
        request,
        metadata,
        (error: grpc.ServiceError | null, response?: Json) =>
          resolve(
            error
              ? { code: error.code, details: error.details, messages: [] }
              : { code: 0, messages: [response ?? {}] },
          ),
      );
      return;
    }
    const messages: Json[] = [];
    const call = client.makeServerStreamRequest(
      codec.path,
      codec.serialize,
      codec.deserialize,
      request,
      metadata,
    );
    call.on('data', (message: Json) => messages.push(message));
    call.on('error', (error: grpc.ServiceError) =>
      resolve({ code: error.code, details: error.details, messages }),
    );
    call.on('end', () => resolve({ code: 0, messages }));
  });
}

/** A bidirectional stream (Listen, Write) driven step by step: send, then wait for answers up to a mark. */
export class GrpcConversation {
  private readonly call: grpc.ClientDuplexStream<Json, Json>;
  private readonly received: Json[] = [];
  private status: { code: number; details?: string } | null = null;
  private wake: (() => void) | null = null;

  constructor(client: grpc.Client, method: 'Listen' | 'Write', authorization: string | undefined) {
    const codec = codecFor(method);
    this.call = client.makeBidiStreamRequest(
      codec.path,
      codec.serialize,
      codec.deserialize,
      metadataOf(authorization),
    );
    this.call.on('data', (message: Json) => {
      this.received.push(message);
      this.wake?.();
    });
    this.call.on('error', (error: grpc.ServiceError) => {
      this.status = { code: error.code, details: error.details };
      this.wake?.();
    });
    this.call.on('end', () => {
      this.status ??= { code: 0 };
      this.wake?.();
    });
  }

  send(request: Json): void {
    this.call.write(request);
  }

  /** Waits until `done` holds for the messages received so far (or the stream ended), then takes them. */
  async take(done: (messages: Json[]) => boolean): Promise<GrpcAnswer> {
    // performance.now: the recording freezes Date.now to make commit times reproducible.
    const deadline = performance.now() + 10_000;
    while (!done(this.received) && this.status === null) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
      if (performance.now() > deadline) break;
    }
    const messages = this.received.splice(0);
    return { code: this.status?.code ?? -1, details: this.status?.details, messages };
  }

  close(): void {
    this.call.end();
    this.call.cancel();
  }
}
