/**
 * The in-memory world of the Storage emulator: buckets of objects and the resumable uploads in flight.
 * Operations (operations.ts) are the only writers; the HTTP routers only read through them.
 */
import type { Caller } from '../shared/auth-token.js';
import type { MetadataPatch } from './metadata.js';
import type { StorageObjectLog } from './object-log.js';
import type { StoredObject } from './stored-object.js';

export type { StoredObject } from './stored-object.js';

export type ResumableStatus = 'active' | 'final' | 'cancelled';

export interface ResumableUpload {
  id: string;
  bucket: string;
  name: string;
  /** Rules and ownership are decided for the caller who started the upload: the session URL is its capability. */
  caller: Caller;
  metadata: MetadataPatch;
  /** Total size announced at start, when the client announced one. */
  declaredSize?: number;
  issueDownloadToken: boolean;
  chunks: Buffer[];
  received: number;
  status: ResumableStatus;
  lastActivity: number;
  /** The stored object once finalized, so a repeated finalize answers the same. */
  result?: StoredObject;
}

export class Bucket {
  readonly objects = new Map<string, StoredObject>();
  private sorted: string[] | null = null;

  constructor(readonly name: string) {}

  put(object: StoredObject): void {
    if (!this.objects.has(object.name)) this.sorted = null;
    this.objects.set(object.name, object);
  }

  remove(name: string): boolean {
    const removed = this.objects.delete(name);
    if (removed) this.sorted = null;
    return removed;
  }

  /** Object names in GCS order: lexicographic by UTF-8 bytes (differs from UTF-16 order for astral characters). */
  sortedNames(): readonly string[] {
    if (!this.sorted) this.sorted = [...this.objects.keys()].sort(compareNames);
    return this.sorted;
  }
}

export function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export class StorageState {
  readonly buckets = new Map<string, Bucket>();
  readonly uploads = new Map<string, ResumableUpload>();
  /** Where acknowledged objects are made durable before the answer (a data folder); none in memory. */
  log: StorageObjectLog | undefined;
  private lastGeneration = 0n;

  /** Buckets spring into existence on first use, as in the official emulator. */
  bucket(name: string): Bucket {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = new Bucket(name);
      this.buckets.set(name, bucket);
    }
    return bucket;
  }

  /** Strictly increasing microsecond timestamps, so two uploads in the same millisecond still differ. */
  nextGeneration(): string {
    const now = BigInt(Date.now()) * 1000n;
    this.lastGeneration = now > this.lastGeneration ? now : this.lastGeneration + 1n;
    return this.lastGeneration.toString();
  }

  reset(): void {
    this.buckets.clear();
    this.uploads.clear();
  }
}
