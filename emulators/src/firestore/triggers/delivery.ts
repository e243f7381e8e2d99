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
import {
  OrderedQueues,
  postToFunctionsEmulator,
  sendUntilTaken,
} from '../../shared/functions-emulator-client.js';
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
  private readonly queues: OrderedQueues;
  private stopped = false;
  private inFlight = 0;
  private readonly waitingForSlot: (() => void)[] = [];
  /** Told of every finished delivery (tests, the request log). */
  onDelivered: ((outcome: DeliveryOutcome) => void) | undefined;

  constructor(private readonly options: DeliveryOptions) {
    this.queues = new OrderedQueues((error) => options.log(`firestore: trigger delivery: ${String(error)}`));
  }

  /** Queues one event for one trigger; `order` names the document, whose events stay in order. */
  send(projectId: string, key: string, order: string, eventId: string, request: FunctionRequest): void {
    this.queues.run(`${key}\u0000${order}`, async () => {
      const outcome = await this.deliver(projectId, key, eventId, request);
      this.onDelivered?.(outcome);
    });
  }

  /** The emulator is stopping: nothing more is sent or retried. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when every queued event has been delivered or given up on. */
  idle(): Promise<void> {
    return this.queues.idle();
  }

  /** Resolves when the events queued so far have been delivered or given up on (later ones are not waited for). */
  settled(): Promise<void> {
    return this.queues.settled();
  }

  private async deliver(
    projectId: string,
    key: string,
    eventId: string,
    request: FunctionRequest,
  ): Promise<DeliveryOutcome> {
    const path = `/functions/projects/${encodeURIComponent(projectId)}/triggers/${encodeURIComponent(key)}`;
    const body = Buffer.from(request.body, 'utf8');
    const attempts = this.options.attempts ?? 8;
    const outcome = await sendUntilTaken(
      () =>
        this.withSlot(() =>
          postToFunctionsEmulator(
            this.options.functionsHost,
            path,
            request.headers,
            body,
            this.options.answerTimeoutMs ?? 540_000,
          ),
        ),
      { attempts, retryDelayMs: this.options.retryDelayMs ?? 250, stopped: () => this.stopped },
    );
    if (outcome.status !== undefined && outcome.status >= 400)
      this.options.log(`firestore: trigger ${key} answered ${outcome.status} for event ${eventId}`);
    if (outcome.status === undefined && !this.stopped)
      this.options.log(
        `firestore: trigger ${key}: event ${eventId} not delivered after ${attempts} attempts (${outcome.error})`,
      );
    return { key, eventId, status: outcome.status, attempts: outcome.attempts, error: outcome.error };
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
}
