/**
 * Storage's Cloud Functions events, sent as firebase-tools' own Storage emulator sends them (see
 * emulators/docs/function-triggers.md): every change to an object is POSTed twice to the Functions emulator's
 * `trigger_multicast` route, once as a 1st gen legacy event (`google.storage.object.finalize|delete|
 * metadataUpdate`) and once as a structured-mode CloudEvent (`google.cloud.storage.object.v1.finalized|
 * deleted|metadataUpdated`), each carrying the object's GCS JSON resource. The Functions emulator fans each
 * out to the functions registered for that event type and bucket. Sent in the background, in order per
 * object; a Functions emulator that is not running is skipped quietly, one that did not take an event (lost
 * connection, 503) gets it again with the same id: at least once.
 */
import { randomUUID } from 'node:crypto';
import {
  OrderedQueues,
  postToFunctionsEmulator,
  sendUntilTaken,
} from '../shared/functions-emulator-client.js';
import type { StoredObject } from './state.js';

export type StorageAction = 'finalize' | 'delete' | 'metadataUpdate';

const CLOUD_EVENT_ACTIONS: Record<StorageAction, string> = {
  finalize: 'finalized',
  delete: 'deleted',
  metadataUpdate: 'metadataUpdated',
};

export interface StorageFunctionEventsOptions {
  /** host:port of firebase-tools' Functions emulator. */
  functionsHost: string;
  projectId: string;
  /** The object's GCS JSON resource, as the GCS API answers it. */
  objectJson: (object: StoredObject) => Record<string, unknown>;
  log: (line: string) => void;
  attempts?: number;
  retryDelayMs?: number;
}

export class StorageFunctionEvents {
  private readonly queues: OrderedQueues;
  private stopped = false;

  constructor(private readonly options: StorageFunctionEventsOptions) {
    this.queues = new OrderedQueues((error) =>
      options.log(`storage: function event failed: ${String(error)}`),
    );
  }

  /** Queues the two events of one change; `object` is the object after it (before it, for a delete). */
  dispatch(action: StorageAction, object: StoredObject): void {
    if (this.stopped) return;
    const data = this.options.objectJson(object);
    const time = action === 'delete' ? new Date().toISOString() : object.updated;
    const eventId = randomUUID();
    const legacy = {
      eventId,
      timestamp: time,
      eventType: `google.storage.object.${action}`,
      resource: {
        service: 'storage.googleapis.com',
        name: `projects/_/buckets/${object.bucket}/objects/${object.name}`,
        type: 'storage#object',
      },
      data,
    };
    const cloudEvent = {
      specversion: '1.0',
      id: eventId,
      type: `google.cloud.storage.object.v1.${CLOUD_EVENT_ACTIONS[action]}`,
      source: `//storage.googleapis.com/projects/_/buckets/${object.bucket}`,
      // firebase-functions reads the bucket from this extension attribute, as production sends it.
      bucket: object.bucket,
      subject: `objects/${object.name}`,
      time,
      datacontenttype: 'application/json',
      data,
    };
    this.queues.run(`${object.bucket}/${object.name}`, async () => {
      if (!(await this.post('application/json', legacy))) return;
      await this.post('application/cloudevents+json; charset=UTF-8', cloudEvent);
    });
  }

  /** Resolves when every queued event has been sent or given up on. */
  idle(): Promise<void> {
    return this.queues.idle();
  }

  stop(): void {
    this.stopped = true;
  }

  /** false when no Functions emulator listens (nothing to tell); retries what it did not take. */
  private async post(contentType: string, event: unknown): Promise<boolean> {
    const body = Buffer.from(JSON.stringify(event), 'utf8');
    const outcome = await sendUntilTaken(
      () =>
        postToFunctionsEmulator(
          this.options.functionsHost,
          `/functions/projects/${encodeURIComponent(this.options.projectId)}/trigger_multicast`,
          { 'content-type': contentType },
          body,
          30_000,
        ),
      {
        attempts: this.options.attempts ?? 5,
        retryDelayMs: this.options.retryDelayMs ?? 250,
        stopped: () => this.stopped,
        isFinal: (error) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED',
      },
    );
    if (outcome.finalError !== undefined) return false;
    if (outcome.status === undefined && !this.stopped)
      this.options.log(`storage: function event not delivered: ${outcome.error}`);
    return true;
  }
}
