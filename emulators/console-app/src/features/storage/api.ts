/** The Storage emulator's GCS JSON API (what firebase-admin uses; it acts as the owner, rules skipped). */
import { currentTexts } from '../../i18n/texts';
import { storageTexts } from './texts';
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';

export interface StoredObject {
  name: string;
  size: string;
  contentType?: string;
  updated?: string;
  md5Hash?: string;
  metadata?: Record<string, string>;
}

/** The emulator's own upload limit (emulators/src/storage: 20 MiB by default). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export class StorageApi {
  private readonly origin: string;
  readonly bucket: string;

  constructor(config: ConsoleConfig) {
    this.origin = origin(config.emulators.storage);
    this.bucket = config.bucket;
  }

  private objectUrl(name: string): string {
    return `${this.origin}/storage/v1/b/${encodeURIComponent(this.bucket)}/o/${encodeURIComponent(name)}`;
  }

  /** Files and sub-folders directly under `prefix` ("" or "product-images/"). */
  async list(prefix: string): Promise<{ items: StoredObject[]; prefixes: string[] }> {
    const params = new URLSearchParams({ prefix, delimiter: '/', maxResults: '1000' });
    const body = await requestJson<{ items?: StoredObject[]; prefixes?: string[] }>(
      `${this.origin}/storage/v1/b/${encodeURIComponent(this.bucket)}/o?${params}`,
    );
    return { items: body.items ?? [], prefixes: body.prefixes ?? [] };
  }

  downloadUrl(name: string): string {
    return `${this.objectUrl(name)}?alt=media`;
  }

  async upload(name: string, file: File): Promise<void> {
    if (file.size > MAX_UPLOAD_BYTES)
      throw new Error(currentTexts(storageTexts).tooBig(file.name, file.size / 1024 / 1024));
    const params = new URLSearchParams({ uploadType: 'media', name });
    await requestJson(`${this.origin}/upload/storage/v1/b/${encodeURIComponent(this.bucket)}/o?${params}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
  }

  async remove(name: string): Promise<void> {
    await requestJson(this.objectUrl(name), { method: 'DELETE' });
  }
}
