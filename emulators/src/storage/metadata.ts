/**
 * Client-supplied object metadata: validating the JSON both APIs send, and applying it as a patch
 * (a string sets a field, null clears it, absence leaves it alone — the GCS and Firebase PATCH semantics).
 */
import { badRequest } from './errors.js';
import type { StoredObject } from './stored-object.js';

/** Custom-metadata key under which Firebase keeps download tokens (comma-separated). */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const TEXT_FIELDS = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type MetadataPatch = { [K in TextField]?: string | null } & {
  metadata?: Record<string, string | null> | null;
  /** Object name carried in upload metadata (GCS `name`, Firebase `fullPath` → `name`). */
  name?: string;
  /** Checksums a client may send with an upload; the server verifies them against the bytes. */
  md5Hash?: string;
  crc32c?: string;
};

/** The fields of StoredObject a patch can change. */
export type PatchableObject = Pick<StoredObject, TextField | 'customMetadata' | 'downloadTokens'>;

export function parseMetadataPatch(json: unknown): MetadataPatch {
  if (json === null || json === undefined) return {};
  if (typeof json !== 'object' || Array.isArray(json))
    throw badRequest('Object metadata must be a JSON object.');
  const input = json as Record<string, unknown>;
  const patch: MetadataPatch = {};
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string')
      throw badRequest(`Metadata field "${field}" must be a string.`);
    patch[field] = value;
  }
  for (const field of ['name', 'md5Hash', 'crc32c'] as const) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badRequest(`Metadata field "${field}" must be a string.`);
    patch[field] = value;
  }
  const custom = input.metadata;
  if (custom === null) patch.metadata = null;
  else if (custom !== undefined) {
    if (typeof custom !== 'object' || Array.isArray(custom)) {
      throw badRequest('Custom metadata ("metadata") must be an object of string values.');
    }
    const metadata: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
      if (value === null || typeof value === 'string') setOwn(metadata, key, value);
      // The SDKs stringify numbers and booleans themselves; accept them as GCS does.
      else if (typeof value === 'number' || typeof value === 'boolean') setOwn(metadata, key, String(value));
      else throw badRequest(`Custom metadata value for "${key}" must be a string.`);
    }
    patch.metadata = metadata;
  }
  return patch;
}

export function applyMetadataPatch(target: PatchableObject, patch: MetadataPatch): void {
  for (const field of TEXT_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    if (value !== null && value !== '') target[field] = value;
    else if (field === 'contentType') target.contentType = DEFAULT_CONTENT_TYPE;
    else delete target[field];
  }
  if (patch.metadata === null) {
    target.customMetadata = {};
    return;
  }
  if (patch.metadata === undefined) return;
  for (const [key, value] of Object.entries(patch.metadata)) {
    if (key === DOWNLOAD_TOKENS_KEY) {
      target.downloadTokens = parseDownloadTokens(value);
    } else if (value === null) {
      delete target.customMetadata[key];
    } else {
      setOwn(target.customMetadata, key, value);
    }
  }
}

function parseDownloadTokens(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((token) => token.trim()))].filter((token) => token !== '');
}

/**
 * Sets a key as an own property. GCS takes any custom-metadata key, "__proto__" included; a plain assignment
 * of that key would set the object's prototype instead and the key would silently vanish.
 */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
