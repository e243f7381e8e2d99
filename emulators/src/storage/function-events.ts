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
import http from 'node:http';
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
  private readonly queues = new Map<string, Promise<void>>();
  private pending = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly options: StorageFunctionEventsOptions) {}

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
    const key = `${object.bucket}/${object.name}`;
    this.pending++;
    const next = (this.queues.get(key) ?? Promise.resolve())
      .then(async () => {
        if (!(await this.post('application/json', legacy))) return;
        await this.post('application/cloudevents+json; charset=UTF-8', cloudEvent);
      })
      .catch((error: unknown) => this.options.log(`storage: function event failed: ${String(error)}`))
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
        if (--this.pending === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
    this.queues.set(key, next);
  }

  /** Resolves when every queued event has been sent or given up on. */
  idle(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
  }

  /** false when no Functions emulator listens (nothing to tell); retries what it did not take. */
  private async post(contentType: string, event: unknown): Promise<boolean> {
    const attempts = this.options.attempts ?? 5;
    let delay = this.options.retryDelayMs ?? 250;
    const body = Buffer.from(JSON.stringify(event), 'utf8');
    for (let attempt = 1; attempt <= attempts && !this.stopped; attempt++) {
      try {
        const status = await this.request(contentType, body);
        if (status !== 503) return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return false;
        if (attempt === attempts) this.options.log(`storage: function event not delivered: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      delay = Math.min(delay * 2, 15_000);
    }
    return true;
  }

  private request(contentType: string, body: Buffer): Promise<number> {
    const at = this.options.functionsHost.lastIndexOf(':');
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.options.functionsHost.slice(0, at),
          port: Number(this.options.functionsHost.slice(at + 1)),
          method: 'POST',
          path: `/functions/projects/${encodeURIComponent(this.options.projectId)}/trigger_multicast`,
          headers: { 'content-type': contentType, 'content-length': String(body.length) },
          timeout: 30_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer from the Functions emulator')));
      req.on('error', reject);
      req.end(body);
    });
  }
}
