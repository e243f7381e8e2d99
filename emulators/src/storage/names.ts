/** What GCS accepts as bucket and object names. */
import { badRequest } from './errors.js';

/** GCS object names: 1–1024 bytes of UTF-8, no line breaks, not "." or "..". */
export function validateObjectName(name: string): void {
  if (name === '') throw badRequest('Object name must not be empty.');
  if (Buffer.byteLength(name, 'utf8') > 1024)
    throw badRequest('Object name must be at most 1024 bytes of UTF-8.');
  if (/[\r\n]/.test(name)) throw badRequest('Object name must not contain line breaks.');
  if (name === '.' || name === '..') throw badRequest('Object name must not be "." or "..".');
}

export function validateBucketName(bucket: string): void {
  if (!/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(bucket)) {
    throw badRequest(`Invalid bucket name "${bucket}".`);
  }
}
