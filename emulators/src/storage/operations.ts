/**
 * One function per Storage API method, shared by the Firebase (v0) and GCS JSON routers so that every client
 * sees the same behaviour. Every non-owner call is checked against the security rules here.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Caller } from '../shared/auth-token.js';
import type {
  FirestoreDataAccess,
  RulesDecision,
  RulesMethod,
  RulesProvider,
  Ruleset,
  StorageRulesRequest,
} from '../rules/types.js';
import { crc32cBase64, md5Base64 } from './checksums.js';
import { badRequest, objectNotFound, permissionDenied, StorageError, uploadTooLarge } from './errors.js';
import {
  applyMetadataPatch,
  DEFAULT_CONTENT_TYPE,
  DOWNLOAD_TOKENS_KEY,
  type MetadataPatch,
} from './metadata.js';
import type { StorageAction } from './function-events.js';
import { validateBucketName, validateObjectName } from './names.js';
import type { PageCursor } from './page-tokens.js';
import { decodePageToken, encodePageToken, firstIndexAtOrAfter, folderOf } from './page-tokens.js';
import { storageRulesRequest } from './rules-request.js';
import { compareNames, StorageState, type ResumableUpload, type StoredObject } from './state.js';

export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Firebase and GCS both answer at most 1000 entries per list page, and that many when not told otherwise. */
export const MAX_LIST_PAGE_SIZE = 1000;
/** Unfinished resumable uploads are forgotten after this long without activity. */
export const RESUMABLE_UPLOAD_TTL_MS = 60 * 60 * 1000;

export interface StorageOperationsOptions {
  /** The compiled storage.rules; null (or no function) allows everything, like the official emulator without rules. */
  rules?: RulesProvider;
  firestoreData?: FirestoreDataAccess;
  maxUploadBytes?: number;
  /** Told of every accepted change to an object, in order (Cloud Functions events, ./function-events.ts). */
  onObjectChange?: (action: StorageAction, object: StoredObject) => void;
}

export interface UploadRequest {
  bucket: string;
  name: string;
  bytes: Buffer;
  metadata: MetadataPatch;
  /** Firebase-API uploads get a download token; GCS uploads do not (one is added on first Firebase read). */
  issueDownloadToken: boolean;
}

export interface ResumableStartRequest {
  bucket: string;
  name: string;
  metadata: MetadataPatch;
  declaredSize?: number;
  issueDownloadToken: boolean;
}

export interface ListRequest {
  prefix?: string;
  delimiter?: string;
  pageToken?: string;
  maxResults?: number;
}

export interface ListResult {
  items: StoredObject[];
  prefixes: string[];
  nextPageToken?: string;
}

const NO_FIRESTORE_DATA: FirestoreDataAccess = { get: () => null, getAfter: () => null };

export class StorageOperations {
  readonly maxUploadBytes: number;

  constructor(
    readonly state: StorageState,
    private readonly options: StorageOperationsOptions = {},
  ) {
    this.maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  }

  /** Reads an object. A matching download token (from a download URL) grants access without rules. */
  getObject(caller: Caller, bucket: string, name: string, downloadToken?: string): StoredObject {
    validateBucketName(bucket);
    validateObjectName(name);
    const object = this.state.bucket(bucket).objects.get(name) ?? null;
    const tokenGrants =
      downloadToken !== undefined && object !== null && object.downloadTokens.includes(downloadToken);
    if (!tokenGrants) this.authorize(caller, 'get', bucket, name, object, null);
    if (!object) throw objectNotFound(bucket, name);
    return object;
  }

  /** Firebase hands out download URLs for every object it serves; objects uploaded via GCS get their token here. */
  ensureDownloadToken(object: StoredObject): StoredObject {
    if (object.downloadTokens.length === 0) object.downloadTokens = [randomUUID()];
    return object;
  }

  listObjects(caller: Caller, bucket: string, request: ListRequest): ListResult {
    validateBucketName(bucket);
    const prefix = request.prefix ?? '';
    const delimiter = request.delimiter ?? '';
    const maxResults = request.maxResults ?? MAX_LIST_PAGE_SIZE;
    if (!Number.isInteger(maxResults) || maxResults < 1) {
      throw badRequest('maxResults must be a positive integer.');
    }
    const pageSize = Math.min(maxResults, MAX_LIST_PAGE_SIZE);
    const after = request.pageToken ? decodePageToken(request.pageToken) : null;
    // Rules judge a list as the listing of one folder, which is what the SDKs ask for (prefix "folder/" or "",
    // delimiter "/"). A prefix that stops inside a name is judged as its folder, so a user "bo" cannot list
    // "users/bo" to reach "users/bob/…" through the rules of users/{uid}/{file}.
    const folder = folderOf(prefix);
    this.authorize(caller, 'list', bucket, folder, null, null);

    const names = this.state.bucket(bucket).sortedNames();
    const objects = this.state.bucket(bucket).objects;
    const result: ListResult = { items: [], prefixes: [] };
    let last: PageCursor | null = null;
    for (let i = firstIndexAtOrAfter(names, after ? after.key : prefix); i < names.length; i++) {
      const name = names[i];
      if (!name.startsWith(prefix)) {
        if (compareNames(name, prefix) > 0) break;
        continue;
      }
      if (after && (compareNames(name, after.key) <= 0 || (after.isPrefix && name.startsWith(after.key))))
        continue;
      const rest = name.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      const entry: PageCursor =
        cut >= 0
          ? { key: prefix + rest.slice(0, cut + delimiter.length), isPrefix: true }
          : { key: name, isPrefix: false };
      if (last?.isPrefix && entry.isPrefix && last.key === entry.key) continue;
      if (result.items.length + result.prefixes.length === pageSize) {
        result.nextPageToken = encodePageToken(last as PageCursor);
        break;
      }
      if (entry.isPrefix) result.prefixes.push(entry.key);
      else result.items.push(objects.get(name) as StoredObject);
      last = entry;
    }
    if (delimiter !== '/' && caller.kind !== 'owner') {
      // Without the "/" delimiter a page reaches into the folders below: a recursive list is the union of
      // folder listings, so it is allowed only where listing each folder it shows is.
      const folders = new Set([...result.items.map((item) => item.name), ...result.prefixes].map(folderOf));
      folders.delete(folder);
      for (const below of folders) this.authorize(caller, 'list', bucket, below, null, null);
    }
    return result;
  }

  uploadObject(caller: Caller, request: UploadRequest): StoredObject {
    validateBucketName(request.bucket);
    validateObjectName(request.name);
    if (request.bytes.length > this.maxUploadBytes)
      throw uploadTooLarge(request.bytes.length, this.maxUploadBytes);
    const existing = this.state.bucket(request.bucket).objects.get(request.name) ?? null;
    const candidate = this.newObject(request);
    this.authorize(caller, existing ? 'update' : 'create', request.bucket, request.name, existing, candidate);
    this.state.log?.put(candidate);
    this.state.bucket(request.bucket).put(candidate);
    this.options.onObjectChange?.('finalize', candidate);
    return candidate;
  }

  /** Copies an object's bytes and metadata to a new name (GCS rewrite/copy), optionally patching the metadata. */
  copyObject(
    caller: Caller,
    from: { bucket: string; name: string },
    to: { bucket: string; name: string },
    patch: MetadataPatch = {},
  ): StoredObject {
    const source = this.getObject(caller, from.bucket, from.name);
    const metadata: MetadataPatch = {
      contentType: source.contentType,
      cacheControl: source.cacheControl,
      contentDisposition: source.contentDisposition,
      contentEncoding: source.contentEncoding,
      contentLanguage: source.contentLanguage,
      metadata: { ...source.customMetadata },
    };
    const copy = { ...metadata, ...patch, metadata: { ...metadata.metadata, ...patch.metadata } };
    return this.uploadObject(caller, {
      bucket: to.bucket,
      name: to.name,
      bytes: source.bytes,
      metadata: copy,
      issueDownloadToken: false,
    });
  }

  updateMetadata(caller: Caller, bucket: string, name: string, patch: MetadataPatch): StoredObject {
    validateBucketName(bucket);
    validateObjectName(name);
    const existing = this.state.bucket(bucket).objects.get(name) ?? null;
    const candidate = existing ? { ...existing, customMetadata: { ...existing.customMetadata } } : null;
    if (candidate) {
      applyMetadataPatch(candidate, patch);
      candidate.metageneration += 1;
      candidate.updated = new Date().toISOString();
      candidate.etag = etagOf(candidate);
    }
    this.authorize(caller, 'update', bucket, name, existing, candidate);
    if (!candidate) throw objectNotFound(bucket, name);
    this.state.log?.put(candidate);
    this.state.bucket(bucket).put(candidate);
    this.options.onObjectChange?.('metadataUpdate', candidate);
    return candidate;
  }

  deleteObject(caller: Caller, bucket: string, name: string): void {
    validateBucketName(bucket);
    validateObjectName(name);
    const existing = this.state.bucket(bucket).objects.get(name) ?? null;
    this.authorize(caller, 'delete', bucket, name, existing, null);
    if (!existing) throw objectNotFound(bucket, name);
    this.state.log?.remove(bucket, name);
    this.state.bucket(bucket).remove(name);
    this.options.onObjectChange?.('delete', existing);
  }

  startResumableUpload(caller: Caller, request: ResumableStartRequest): ResumableUpload {
    validateBucketName(request.bucket);
    validateObjectName(request.name);
    if (request.declaredSize !== undefined) {
      if (!Number.isInteger(request.declaredSize) || request.declaredSize < 0) {
        throw badRequest('The announced upload size must be a non-negative integer.');
      }
      if (request.declaredSize > this.maxUploadBytes)
        throw uploadTooLarge(request.declaredSize, this.maxUploadBytes);
    }
    this.forgetStaleUploads();
    const upload: ResumableUpload = {
      id: randomUUID(),
      bucket: request.bucket,
      name: request.name,
      caller,
      metadata: request.metadata,
      declaredSize: request.declaredSize,
      issueDownloadToken: request.issueDownloadToken,
      chunks: [],
      received: 0,
      status: 'active',
      lastActivity: Date.now(),
    };
    this.state.uploads.set(upload.id, upload);
    return upload;
  }

  resumableUpload(id: string): ResumableUpload {
    const upload = this.state.uploads.get(id);
    if (!upload) throw new StorageError('notFound', `Not Found. No resumable upload with id "${id}".`);
    return upload;
  }

  /** Appends a chunk. `offset`, when given, must be where the previous chunk ended. */
  appendToUpload(id: string, bytes: Buffer, offset?: number): ResumableUpload {
    const upload = this.activeUpload(id);
    if (offset !== undefined && offset !== upload.received) {
      throw badRequest(
        `Upload offset ${offset} does not match the ${upload.received} bytes received so far.`,
      );
    }
    const total = upload.received + bytes.length;
    if (total > this.maxUploadBytes) {
      this.state.uploads.delete(id);
      throw uploadTooLarge(total, this.maxUploadBytes);
    }
    if (upload.declaredSize !== undefined && total > upload.declaredSize) {
      throw badRequest(`Upload is longer than the announced ${upload.declaredSize} bytes.`);
    }
    if (bytes.length > 0) upload.chunks.push(bytes);
    upload.received = total;
    upload.lastActivity = Date.now();
    return upload;
  }

  /**
   * Stores the uploaded bytes as the object. Finalizing twice answers the first result. Checksums the client
   * computed are verified against the bytes (400 on mismatch, nothing stored).
   */
  finalizeUpload(id: string, checksums: { md5Hash?: string; crc32c?: string } = {}): StoredObject {
    const upload = this.resumableUpload(id);
    if (upload.status === 'final' && upload.result) return upload.result;
    if (upload.status !== 'active') throw badRequest('The upload was cancelled.');
    if (upload.declaredSize !== undefined && upload.received !== upload.declaredSize) {
      throw badRequest(`Upload is incomplete: received ${upload.received} of ${upload.declaredSize} bytes.`);
    }
    try {
      const object = this.uploadObject(upload.caller, {
        bucket: upload.bucket,
        name: upload.name,
        bytes: Buffer.concat(upload.chunks),
        metadata: { ...upload.metadata, ...checksums },
        issueDownloadToken: upload.issueDownloadToken,
      });
      upload.status = 'final';
      upload.result = object;
      upload.chunks = [];
      return object;
    } catch (error) {
      // A refused upload leaves nothing behind, not even its session.
      this.state.uploads.delete(id);
      throw error;
    }
  }

  cancelUpload(id: string): void {
    const upload = this.resumableUpload(id);
    if (upload.status === 'final')
      throw badRequest('The upload is already finalized and cannot be cancelled.');
    this.state.uploads.delete(id);
  }

  /** Drops a session after a failed request, whatever its state. */
  abandonUpload(id: string): void {
    this.state.uploads.delete(id);
  }

  reset(): void {
    this.state.log?.reset();
    this.state.reset();
  }

  private activeUpload(id: string): ResumableUpload {
    const upload = this.resumableUpload(id);
    if (upload.status !== 'active') throw badRequest('The upload is no longer active.');
    return upload;
  }

  private forgetStaleUploads(): void {
    const cutoff = Date.now() - RESUMABLE_UPLOAD_TTL_MS;
    for (const [id, upload] of this.state.uploads)
      if (upload.lastActivity < cutoff) this.state.uploads.delete(id);
  }

  private newObject(request: UploadRequest): StoredObject {
    const { bytes, metadata } = request;
    const md5Hash = md5Base64(bytes);
    const crc32c = crc32cBase64(bytes);
    if (metadata.md5Hash !== undefined && metadata.md5Hash !== md5Hash) {
      throw badRequest(
        `Provided MD5 hash "${metadata.md5Hash}" does not match the uploaded data ("${md5Hash}").`,
      );
    }
    if (metadata.crc32c !== undefined && metadata.crc32c !== crc32c) {
      throw badRequest(
        `Provided CRC32C "${metadata.crc32c}" does not match the uploaded data ("${crc32c}").`,
      );
    }
    const now = new Date().toISOString();
    const object: StoredObject = {
      bucket: request.bucket,
      name: request.name,
      bytes,
      contentType: DEFAULT_CONTENT_TYPE,
      customMetadata: {},
      downloadTokens: [],
      md5Hash,
      crc32c,
      etag: '',
      generation: this.state.nextGeneration(),
      metageneration: 1,
      timeCreated: now,
      updated: now,
    };
    applyMetadataPatch(object, metadata);
    const tokensGiven = metadata.metadata != null && DOWNLOAD_TOKENS_KEY in metadata.metadata;
    if (!tokensGiven && request.issueDownloadToken) object.downloadTokens = [randomUUID()];
    object.etag = etagOf(object);
    return object;
  }

  private authorize(
    caller: Caller,
    method: RulesMethod,
    bucket: string,
    name: string,
    resource: StoredObject | null,
    requestResource: StoredObject | null,
  ): void {
    if (caller.kind === 'owner') {
      this.options.rules?.bypassed?.({ method, path: `/b/${bucket}/o/${name}` });
      return;
    }
    const ruleset = this.options.rules?.() ?? null;
    if (!ruleset) return;
    let allowed = false;
    let reason: string | undefined;
    try {
      const decision = ruleset.evaluate(
        storageRulesRequest(caller, method, bucket, name, resource, requestResource),
        this.firestoreData,
      );
      allowed = decision.allowed;
      reason = decision.message;
    } catch (error) {
      // An error while evaluating denies, as in production rules.
      reason = error instanceof Error ? error.message : String(error);
    }
    if (!allowed) {
      const target = method === 'list' ? `listing "${name}/"` : `"${name}"`;
      throw permissionDenied(`No ${method} permission for ${target}${reason ? `: ${reason}` : ''}.`);
    }
  }

  /** What `firestore.get()` / `exists()` in the rules read. */
  get firestoreData(): FirestoreDataAccess {
    return this.options.firestoreData ?? NO_FIRESTORE_DATA;
  }

  /**
   * A rules question, writing nothing: what `ruleset` decides (with its trace) for `method` on an object as it is
   * now, and for create/update on the object an upload of `upload` would make (built as `uploadObject` builds it).
   */
  askRules(
    ruleset: Ruleset,
    caller: Caller,
    method: RulesMethod,
    bucket: string,
    name: string,
    upload?: { bytes: Buffer; metadata: MetadataPatch },
  ): { decision: RulesDecision; request: StorageRulesRequest } {
    validateBucketName(bucket);
    if (method !== 'list') validateObjectName(name);
    const existing = method === 'list' ? null : (this.state.bucket(bucket).objects.get(name) ?? null);
    const candidate =
      (method === 'create' || method === 'update') && upload
        ? this.newObject({ bucket, name, ...upload, issueDownloadToken: true })
        : null;
    const request = storageRulesRequest(caller, method, bucket, name, existing, candidate);
    return { decision: ruleset.evaluate(request, this.firestoreData, { trace: true }), request };
  }
}

function etagOf(object: StoredObject): string {
  return createHash('md5')
    .update(`${object.bucket}/${object.name}#${object.generation}.${object.metageneration}`)
    .digest('base64')
    .replace(/=+$/, '');
}
