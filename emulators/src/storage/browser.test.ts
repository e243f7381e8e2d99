/**
 * The unmodified web SDK in headless Chromium against the Storage emulator, from a page on another origin:
 * CORS preflights, the XHR transport, exposed X-Goog-Upload-* headers, download URLs in an <img>.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessSite } from '../testing/browser.js';
import { startStorageEmulator, type StorageEmulator } from './server.js';
import { recordingRuleset } from '../testing/recording-ruleset.js';

type StorageHarness = {
  uploadImage(path: string): Promise<{ size: number; contentType?: string; url: string; imageWidth: number }>;
  uploadResumable(
    path: string,
    size: number,
  ): Promise<{ progress: number[]; size: number; firstByte: number }>;
  cancelResumable(path: string, size: number): Promise<string>;
  metadataRoundTrip(path: string): Promise<Record<string, string> | undefined>;
  list(path: string): Promise<{ items: string[]; prefixes: string[] }>;
  errorCodeOf(action: 'read' | 'write' | 'delete', path: string): Promise<string>;
};
declare const storageHarness: StorageHarness;

let emulator: StorageEmulator;
let site: HarnessSite;
// Everything is allowed except the private/ folder, which only "owner-of-private" may use.
const rules = recordingRuleset(
  (request) => !request.path.includes('/o/private/') || request.auth?.uid === 'owner-of-private',
);

beforeAll(async () => {
  emulator = await startStorageEmulator({
    host: '127.0.0.1',
    port: 0,
    projectId: 'demo-project',
    rules: () => rules,
  });
  site = await HarnessSite.open(fileURLToPath(new URL('./__browser__', import.meta.url)));
}, 120_000);

afterAll(async () => {
  await site?.close();
  await emulator?.stop();
});

const openHarness = (user?: string): Promise<Page> =>
  site.openPage(`port=${emulator.port}${user ? `&user=${user}` : ''}`);

describe('web Storage SDK in Chromium against the emulator', () => {
  it('uploads an image whose download URL an <img> on the page displays', async () => {
    const page = await openHarness('admin');
    const result = await page.evaluate(() => storageHarness.uploadImage('product-images/pixel.png'));
    expect(result).toMatchObject({ size: 68, contentType: 'image/png', imageWidth: 1 });
    expect(result.url).toContain(`127.0.0.1:${emulator.port}/v0/b/`);
    await page.close();
  });

  it('uploads resumably in chunks with progress, and cancels with storage/canceled', async () => {
    const page = await openHarness('admin');
    const size = 700 * 1024;
    const result = await page.evaluate((n) => storageHarness.uploadResumable('big/jar.bin', n), size);
    expect(result.size).toBe(size);
    expect(result.firstByte).toBe((size - 1) % 251);
    expect(result.progress.at(-1)).toBe(size);
    expect(new Set(result.progress).size).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => storageHarness.cancelResumable('big/cancelled.bin', 1024 * 1024))).toBe(
      'storage/canceled',
    );
    expect(await page.evaluate(() => storageHarness.list('big'))).toEqual({
      items: ['big/jar.bin'],
      prefixes: [],
    });
    await page.close();
  });

  it('updates metadata and lists folders', async () => {
    const page = await openHarness();
    expect(await page.evaluate(() => storageHarness.metadataRoundTrip('notes/n.txt'))).toEqual({
      jar: 'glass',
    });
    expect((await page.evaluate(() => storageHarness.list(''))).prefixes).toEqual(
      expect.arrayContaining(['notes', 'product-images']),
    );
    await page.close();
  });

  it('reports storage/unauthorized and storage/object-not-found to the page', async () => {
    const visitor = await openHarness();
    expect(await visitor.evaluate(() => storageHarness.errorCodeOf('write', 'private/x.bin'))).toBe(
      'storage/unauthorized',
    );
    expect(await visitor.evaluate(() => storageHarness.errorCodeOf('read', 'notes/missing.txt'))).toBe(
      'storage/object-not-found',
    );
    await visitor.close();
    const owner = await openHarness('owner-of-private');
    expect(await owner.evaluate(() => storageHarness.errorCodeOf('write', 'private/x.bin'))).toBe('ok');
    expect(await owner.evaluate(() => storageHarness.errorCodeOf('delete', 'private/x.bin'))).toBe('ok');
    await owner.close();
  });
});
