/**
 * The Write stream protocol shared by gRPC and WebChannel: a handshake that hands out a stream token,
 * then one commit per request, answered in order with a fresh token.
 */
import { randomBytes } from 'node:crypto';
import type { Caller } from '../../shared/auth-token.js';
import type { FirestoreEngine } from '../engine.js';
import { invalidArgument } from '../errors.js';
import { parseDatabaseName } from '../paths.js';
import type { v1, WriteResultJson } from '../types.js';

export interface WriteStreamResponse {
  streamId?: string;
  streamToken: string;
  writeResults?: WriteResultJson[];
  commitTime?: string;
}

export class WriteStreamSession {
  private database: string | null = null;
  private counter = 0;
  readonly streamId = randomBytes(8).toString('hex');

  constructor(
    private readonly engine: FirestoreEngine,
    private readonly caller: Caller,
  ) {}

  handle(request: v1.WriteRequest): WriteStreamResponse {
    if (this.database === null) {
      if (!request.database) throw invalidArgument('The first Write stream message must name the database');
      parseDatabaseName(request.database);
      this.database = request.database;
      // The handshake must not carry writes: the SDK sends them after it has a token.
      return {
        streamId: this.streamId,
        streamToken: this.nextToken(),
        commitTime: this.engine.snapshotTime(),
      };
    }
    const { writeResults, commitTime } = this.engine.commit(
      { database: this.database, writes: request.writes ?? [] },
      this.caller,
    );
    return { streamToken: this.nextToken(), writeResults, commitTime };
  }

  private nextToken(): string {
    return Buffer.from(`${this.streamId}:${++this.counter}`).toString('base64');
  }
}
