/** A stored object as the Storage emulator keeps it: bytes and metadata. Imports nothing of the emulator. */
export interface StoredObject {
  bucket: string;
  name: string;
  bytes: Buffer;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customMetadata: Record<string, string>;
  downloadTokens: string[];
  md5Hash: string;
  crc32c: string;
  etag: string;
  /** Microseconds since the epoch as a decimal string, like GCS; unique per upload. */
  generation: string;
  metageneration: number;
  timeCreated: string;
  updated: string;
}
