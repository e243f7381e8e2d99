/**
 * The hashes Cloud Storage reports for every object. Clients check them: @google-cloud/storage validates
 * uploads and downloads against `crc32c` / `md5Hash` and the `x-goog-hash` header, so they must be exact.
 */
import { createHash } from 'node:crypto';
import { crc32c } from '../shared/crc32c.js';

export { crc32c };

/** GCS encodes the checksum as base64 of its 4 big-endian bytes. */
export function crc32cBase64(bytes: Uint8Array): string {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32c(bytes));
  return out.toString('base64');
}

export function md5Base64(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('base64');
}
