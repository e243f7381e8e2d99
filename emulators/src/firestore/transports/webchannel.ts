/**
 * WebChannel transport: how the browser SDK runs the Listen and Write streams over plain HTTP.
 * A handshake POST opens a session (and already carries messages); forward POSTs carry more; a backchannel GET
 * receives framed server messages, either held open (streaming) or answered once per batch (long-polling).
 * The protocol, as the SDK speaks it, is written down in emulators/docs/firestore-webchannel.md.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../../shared/auth-token.js';
import { callerFromAuthorization } from '../../shared/auth-token.js';
import type { FirestoreEngine } from '../engine.js';
import { asFirestoreError, FirestoreError, invalidArgument, unauthenticated } from '../errors.js';
import type { BidiMethod, RequestOf } from '../operations.js';
import { openStream } from '../operations.js';
import { readBody } from '../../shared/http/request.js';
import { MAX_BODY_BYTES, parseJsonBody } from './http-util.js';
import { canonicalJson, stringifyProto3 } from './protos.js';

const CHANNEL_RE = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;
const KEEPALIVE_MS = 30_000;
/** A noop is sent this often on an idle backchannel, well inside the client's 1.5 × keepalive abort. */
const NOOP_INTERVAL_MS = 20_000;

type Payload = unknown[];

export interface WebChannelOptions {
  /** A session whose client has had no backchannel or POST for this long is closed and its listener freed. */
  idleTimeoutMs?: number;
}

class ChannelSession {
  readonly sid = randomBytes(12).toString('hex');
  /** Messages not yet acknowledged by the client (AID), in id order. */
  private buffer: [number, Payload][] = [];
  private nextId = 1;
  private lastClientMessageId = -1;
  private backchannel: { res: ServerResponse; longPoll: boolean; writtenUpTo: number } | null = null;
  private noopTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  closed = false;
  /** The Listen or Write stream this session carries. */
  stream: ChannelStream | null = null;

  constructor(
    readonly kind: BidiMethod,
    readonly caller: Caller,
    private readonly idleTimeoutMs: number,
    private readonly onClose: (session: ChannelSession) => void,
  ) {
    this.armIdleTimer();
  }

  get hasBackchannel(): boolean {
    return this.backchannel !== null;
  }

  get lastQueuedId(): number {
    return this.nextId - 1;
  }

  /** Accepts client message ids once each: a retried POST reuses its ids. */
  acceptClientMessage(id: number): boolean {
    if (id <= this.lastClientMessageId) return false;
    this.lastClientMessageId = id;
    return true;
  }

  enqueue(payload: Payload): void {
    if (this.closed) return;
    this.buffer.push([this.nextId++, payload]);
    this.flush();
  }

  sendResponse(message: unknown): void {
    this.enqueue([message]);
  }

  /** A Firestore error ends the stream: the SDK reconnects (or fails the oldest write) as it would over gRPC. */
  sendErrorAndClose(error: FirestoreError): void {
    this.enqueue([{ error: { code: error.code, message: error.message, status: error.status } }]);
    this.disposeStreams();
  }

  openBackchannel(res: ServerResponse, ackedId: number, longPoll: boolean): void {
    if (this.backchannel) this.endBackchannel();
    this.acknowledge(ackedId);
    this.backchannel = { res, longPoll, writtenUpTo: ackedId };
    this.clearIdleTimer();
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache, no-store',
    });
    res.on('close', () => {
      if (this.backchannel?.res === res) {
        this.backchannel = null;
        this.clearNoopTimer();
        this.armIdleTimer();
      }
    });
    if (this.buffer.length > 0) this.flush();
    else if (!longPoll) this.enqueue(['noop']); // proves to the SDK's proxy detection that bytes stream through
    if (this.backchannel?.res === res) this.armNoopTimer();
  }

  /** Client activity: restart the idle countdown (which only runs while no backchannel is open). */
  touch(): void {
    this.clearIdleTimer();
    if (!this.backchannel) this.armIdleTimer();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.disposeStreams();
    this.endBackchannel();
    this.clearNoopTimer();
    this.clearIdleTimer();
    this.onClose(this);
  }

  private disposeStreams(): void {
    this.stream?.close();
    this.stream = null;
  }

  /** The client has processed every message up to `ackedId` (the AID of a GET or POST). */
  acknowledge(ackedId: number): void {
    if (Number.isFinite(ackedId)) this.buffer = this.buffer.filter(([id]) => id > ackedId);
  }

  private flush(): void {
    const channel = this.backchannel;
    if (!channel) return;
    const pending = this.buffer.filter(([id]) => id > channel.writtenUpTo);
    if (pending.length === 0) return;
    channel.writtenUpTo = pending[pending.length - 1][0];
    channel.res.write(frame(pending));
    if (channel.longPoll) {
      // The client acknowledges through the AID of its next GET; until then the messages stay buffered.
      this.endBackchannel();
    } else {
      // Streaming: the client processed what we wrote unless the connection breaks; it re-acks on its next GET.
      this.armNoopTimer();
    }
  }

  private endBackchannel(): void {
    const channel = this.backchannel;
    this.backchannel = null;
    this.clearNoopTimer();
    if (channel && !channel.res.writableEnded) channel.res.end();
    if (!this.closed) this.armIdleTimer();
  }

  private armNoopTimer(): void {
    this.clearNoopTimer();
    this.noopTimer = setTimeout(() => this.enqueue(['noop']), NOOP_INTERVAL_MS);
    this.noopTimer.unref();
  }

  private clearNoopTimer(): void {
    if (this.noopTimer) clearTimeout(this.noopTimer);
    this.noopTimer = null;
  }

  private armIdleTimer(): void {
    if (this.idleTimer || this.closed) return;
    this.idleTimer = setTimeout(() => this.close(), this.idleTimeoutMs);
    this.idleTimer.unref();
  }
}

/** `<length>\n<json>` where length counts UTF-16 code units, as the client's parser does. */
function frame(messages: [number, Payload][] | unknown): string {
  const json = stringifyProto3(messages);
  return `${json.length}\n${json}`;
}

export class WebChannelTransport {
  private readonly sessions = new Map<string, ChannelSession>();
  private readonly idleTimeoutMs: number;

  constructor(
    private readonly engine: FirestoreEngine,
    options: WebChannelOptions = {},
  ) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  closeAll(): void {
    for (const session of [...this.sessions.values()]) session.close();
  }

  /** Handles the request if it is a channel route; returns false otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const match = CHANNEL_RE.exec(url.pathname);
    if (!match) return false;
    const kind: BidiMethod = match[1] === 'Listen' ? 'Listen' : 'Write';
    const params = url.searchParams;
    try {
      if (params.get('TYPE') === 'terminate') {
        this.sessions.get(params.get('SID') ?? '')?.close();
        await readBody(req, MAX_BODY_BYTES).catch(() => null);
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end();
        return true;
      }
      if (req.method === 'GET') return this.backchannel(res, params);
      if (req.method !== 'POST') throw invalidArgument(`${req.method} is not a WebChannel method`);
      const body = new URLSearchParams((await readBody(req, MAX_BODY_BYTES)).toString('utf8'));
      const sid = params.get('SID');
      if (!sid) return this.handshake(kind, res, params, body);
      const session = this.sessions.get(sid);
      if (!session) return unknownSid(res);
      session.touch();
      session.acknowledge(Number(params.get('AID') ?? '-1'));
      this.deliver(session, body);
      const ack = frame([session.hasBackchannel ? 1 : 0, session.lastQueuedId, 0]);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(ack);
      return true;
    } catch (error) {
      const e = asFirestoreError(error);
      if (!res.headersSent) res.writeHead(e.httpStatus, { 'Content-Type': 'text/plain' }).end(e.message);
      return true;
    }
  }

  private handshake(
    kind: BidiMethod,
    res: ServerResponse,
    params: URLSearchParams,
    body: URLSearchParams,
  ): true {
    const headers = parseHeaderBlock(body.get('headers') ?? params.get('$httpHeaders') ?? '');
    const caller: Caller = callerFromAuthorization(headers.get('authorization'), unauthenticated);
    const session = new ChannelSession(kind, caller, this.idleTimeoutMs, (s) => this.sessions.delete(s.sid));
    this.sessions.set(session.sid, session);
    session.stream = openChannelStream(this.engine, kind, caller, (response) =>
      session.sendResponse(response),
    );

    const handshake = frame([[0, ['c', session.sid, '', 8, 14, KEEPALIVE_MS]]]);
    res
      .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-HTTP-Session-Id': session.sid })
      .end(handshake);
    // Messages carried by the handshake are answered on the backchannel.
    this.deliver(session, body);
    return true;
  }

  private backchannel(res: ServerResponse, params: URLSearchParams): true {
    const session = this.sessions.get(params.get('SID') ?? '');
    if (!session) return unknownSid(res);
    const aid = Number(params.get('AID') ?? '-1');
    session.openBackchannel(res, Number.isFinite(aid) ? aid : -1, params.get('CI') === '1');
    return true;
  }

  private deliver(session: ChannelSession, body: URLSearchParams): void {
    const count = Number(body.get('count') ?? '0');
    const ofs = Number(body.get('ofs') ?? '0');
    for (let i = 0; i < count; i++) {
      const data = body.get(`req${i}___data__`);
      if (data === null || !session.acceptClientMessage(ofs + i)) continue;
      if (session.closed) return;
      try {
        // The same reading as a REST body: an object, with nothing the codec would silently alter.
        const parsed = parseJsonBody(data);
        session.stream?.deliver(parsed);
      } catch (error) {
        session.sendErrorAndClose(asFirestoreError(error));
        return;
      }
    }
  }
}

/** A session's stream: each client message, read as the stream's request type, handled in order. */
interface ChannelStream {
  deliver(json: unknown): void;
  close(): void;
}

function openChannelStream<M extends BidiMethod>(
  engine: FirestoreEngine,
  method: M,
  caller: Caller,
  send: (response: unknown) => void,
): ChannelStream {
  const stream = openStream(engine, method, caller, send);
  return {
    deliver: (json) => stream.handle(canonicalJson<RequestOf<M>>(stream.requestType, json)),
    close: () => stream.close(),
  };
}

function unknownSid(res: ServerResponse): true {
  res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Unknown SID');
  return true;
}

/** The handshake's `headers` field: "Name:Value\r\n" pairs. */
function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}
