/**
 * Sends trigger events to firebase-tools' Functions emulator (`POST /functions/projects/{p}/triggers/{key}`),
 * in the background: a commit never waits for a function. The events of one document for one trigger go one
 * at a time, in commit order (the next is sent once the function has answered the previous); other documents
 * and other triggers are not held up by a slow one. A delivery the Functions emulator did not take (not
 * listening yet, connection lost, 503) is sent again with the same event id, so a function can see an event
 * twice — at least once, as in production. A function that fails is not retried (production's default).
 *
 * At most `maxInFlight` events are at the Functions emulator at once. Production scales out to as many instances
 * as events arrive; firebase-tools' emulator starts a Node worker per concurrent event, so a burst (the seed's
 * hundred writes at `npm start`) would start dozens of workers on a laptop and starve the shop. The cap only
 * delays: every event is still sent, each document's in commit order.
 */
import http from 'node:http';
import type { FunctionRequest } from './events.js';

export interface DeliveryOptions {
  /** host:port of the Functions emulator (firebase.json's emulators.functions). */
  functionsHost: string;
  log: (line: string) => void;
  /** Attempts for a delivery the Functions emulator did not take; default 8 (about 30 s of back-off in all). */
  attempts?: number;
  /** First back-off; doubled each time up to 15 s. Tests shorten it. */
  retryDelayMs?: number;
  /** Longest wait for a function's answer (production's longest timeout, 540 s). */
  answerTimeoutMs?: number;
  /** Events at the Functions emulator at once; default 4. */
  maxInFlight?: number;
}

export interface DeliveryOutcome {
  key: string;
  eventId: string;
  /** The Functions emulator's status; undefined when it was never reached. */
  status?: number;
  attempts: number;
  error?: string;
}

export class TriggerDelivery {
  private readonly queues = new Map<string, Promise<void>>();
  private pending = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  private inFlight = 0;
  private readonly waitingForSlot: (() => void)[] = [];
  /** Told of every finished delivery (tests, the request log). */
  onDelivered: ((outcome: DeliveryOutcome) => void) | undefined;

  constructor(private readonly options: DeliveryOptions) {}

  /** Queues one event for one trigger; `order` names the document, whose events stay in order. */
  send(projectId: string, key: string, order: string, eventId: string, request: FunctionRequest): void {
    const queueKey = `${key}\u0000${order}`;
    this.pending++;
    const previous = this.queues.get(queueKey) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(projectId, key, eventId, request))
      .then((outcome) => this.onDelivered?.(outcome))
      .catch((error: unknown) => this.options.log(`firestore: trigger ${key}: ${String(error)}`))
      .finally(() => {
        if (this.queues.get(queueKey) === next) this.queues.delete(queueKey);
        if (--this.pending === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    this.queues.set(queueKey, next);
  }

  /** The emulator is stopping: nothing more is sent or retried. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when every queued event has been delivered or given up on. */
  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async deliver(
    projectId: string,
    key: string,
    eventId: string,
    request: FunctionRequest,
  ): Promise<DeliveryOutcome> {
    const attempts = this.options.attempts ?? 8;
    let delay = this.options.retryDelayMs ?? 250;
    let lastError = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.stopped) return { key, eventId, attempts: attempt - 1, error: 'the emulator stopped' };
      try {
        const status = await this.withSlot(() =>
          this.post(
            `/functions/projects/${encodeURIComponent(projectId)}/triggers/${encodeURIComponent(key)}`,
            request,
          ),
        );
        if (status !== 503) {
          if (status >= 400)
            this.options.log(`firestore: trigger ${key} answered ${status} for event ${eventId}`);
          return { key, eventId, status, attempts: attempt };
        }
        lastError = 'HTTP 503';
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
      if (attempt < attempts) {
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, 15_000);
      }
    }
    this.options.log(
      `firestore: trigger ${key}: event ${eventId} not delivered after ${attempts} attempts (${lastError})`,
    );
    return { key, eventId, attempts, error: lastError };
  }

  /** Runs `send` once fewer than maxInFlight events are at the Functions emulator (a freed slot is handed on). */
  private async withSlot<T>(send: () => Promise<T>): Promise<T> {
    if (this.inFlight < (this.options.maxInFlight ?? 4)) this.inFlight++;
    else await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    try {
      return await send();
    } finally {
      const next = this.waitingForSlot.shift();
      if (next) next();
      else this.inFlight--;
    }
  }

  /** The most events that were at the Functions emulator at once (tests). */
  peakInFlight = 0;

  private post(path: string, request: FunctionRequest): Promise<number> {
    const [host, port] = splitHost(this.options.functionsHost);
    const body = Buffer.from(request.body, 'utf8');
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host,
          port,
          method: 'POST',
          path,
          headers: { ...request.headers, 'content-length': String(body.length) },
          timeout: this.options.answerTimeoutMs ?? 540_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer from the Functions emulator in time')));
      req.on('error', reject);
      req.end(body);
    });
  }
}

function splitHost(hostPort: string): [string, number] {
  const at = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, at).replace(/^\[|\]$/g, '');
  return [host, Number(hostPort.slice(at + 1))];
}
