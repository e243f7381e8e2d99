import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { md5Base64 } from './checksums.js';
import { exportStorage, hasStorageExport, importStorage } from './persistence.js';
import { startStorageEmulator, type StorageEmulator } from './server.js';
import { StorageState } from './state.js';

const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;
const objectUrl = (emulator: StorageEmulator, name: string, bucket = BUCKET) =>
  `${emulator.url}/v0/b/${bucket}/o/${encodeURIComponent(name)}`;

async function upload(
  emulator: StorageEmulator,
  name: string,
  body: Buffer,
  metadata: object,
  bucket = BUCKET,
) {
  const boundary = 'export-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name, ...metadata })}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const response = await fetch(`${emulator.url}/v0/b/${bucket}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/related; boundary=${boundary}`,
      'X-Goog-Upload-Protocol': 'multipart',
    },
    body: payload,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('storage export and import', () => {
  let dir: string;
  const emulators: StorageEmulator[] = [];
  const start = async (dataDir?: string) => {
    const emulator = await startStorageEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT, dataDir });
    emulators.push(emulator);
    return emulator;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-export-'));
  });
  afterEach(async () => {
    await Promise.all(emulators.splice(0).map((emulator) => emulator.stop()));
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips objects, bytes and all metadata through a folder', async () => {
    const source = await start();
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255]);
    const stored = await upload(source, 'product-images/আমের আচার.png', bytes, {
      cacheControl: 'public, max-age=60',
      metadata: { product: 'p1' },
    });
    await upload(source, 'a/very/deep/name.txt', Buffer.from('deep'), {}, 'second-bucket');
    await source.exportTo(dir);

    const manifest = JSON.parse(await readFile(join(dir, 'storage', 'metadata.json'), 'utf8'));
    expect(manifest.buckets.map((bucket: { name: string }) => bucket.name).sort()).toEqual([
      BUCKET,
      'second-bucket',
    ]);

    const target = await start();
    await target.importFrom(dir);
    const metadata = await (await fetch(objectUrl(target, 'product-images/আমের আচার.png'))).json();
    expect(metadata).toEqual(stored);
    const media = await fetch(
      `${objectUrl(target, 'product-images/আমের আচার.png')}?alt=media&token=${stored.downloadTokens}`,
    );
    expect(Buffer.from(await media.arrayBuffer()).equals(bytes)).toBe(true);
    expect(media.headers.get('cache-control')).toBe('public, max-age=60');
    const list = await (await fetch(`${target.url}/v0/b/second-bucket/o?prefix=a/very/deep/`)).json();
    expect(list.items).toEqual([{ name: 'a/very/deep/name.txt', bucket: 'second-bucket' }]);
  });

  it('exports through POST /internal/export', async () => {
    const source = await start();
    await upload(source, 'via-http.png', Buffer.from('h'), {});
    const response = await fetch(`${source.url}/internal/export`, {
      method: 'POST',
      body: JSON.stringify({ path: dir }),
    });
    expect(response.status).toBe(200);
    const manifest = JSON.parse(await readFile(join(dir, 'storage', 'metadata.json'), 'utf8'));
    expect(manifest.buckets[0].objects.map((object: { name: string }) => object.name)).toEqual([
      'via-http.png',
    ]);
    const missingPath = await fetch(`${source.url}/internal/export`, { method: 'POST', body: '{}' });
    expect(missingPath.status).toBe(400);
  });

  it('import replaces what was there', async () => {
    const source = await start();
    await upload(source, 'kept.png', Buffer.from('k'), {});
    await source.exportTo(dir);
    const target = await start();
    await upload(target, 'replaced.png', Buffer.from('r'), {});
    await target.importFrom(dir);
    const list = await (await fetch(`${target.url}/v0/b/${BUCKET}/o`)).json();
    expect(list.items.map((item: { name: string }) => item.name)).toEqual(['kept.png']);
  });

  it('keeps data across a restart when given a data folder', async () => {
    const first = await start(dir);
    await upload(first, 'survivor.png', Buffer.from('still here'), {});
    await first.stop();
    emulators.splice(emulators.indexOf(first), 1);

    const second = await start(dir);
    const media = await fetch(`${objectUrl(second, 'survivor.png')}?alt=media`);
    expect(await media.text()).toBe('still here');
  });

  it('rejects a damaged export with a clear error and keeps the current data', async () => {
    const source = await start();
    const stored = await upload(source, 'x.png', Buffer.from('original'), {});
    await source.exportTo(dir);
    const manifestPath = join(dir, 'storage', 'metadata.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    await writeFile(join(dir, 'storage', manifest.buckets[0].objects[0].file), 'tampered');
    await expect(source.importFrom(dir)).rejects.toThrow(/does not match its MD5 hash/);
    await writeFile(manifestPath, '{ not json');
    await expect(source.importFrom(dir)).rejects.toThrow(/Cannot read the Storage export/);
    await writeFile(manifestPath, JSON.stringify({ version: 99, buckets: [] }));
    await expect(source.importFrom(dir)).rejects.toThrow(/is not a version 1 Storage export/);
    await expect(source.importFrom(join(dir, 'nowhere'))).rejects.toThrow(/Cannot read the Storage export/);
    expect(await (await fetch(objectUrl(source, 'x.png'))).json()).toEqual(stored);
  });

  it('finds the old export a crash left set aside between the two renames of a new one', async () => {
    const state = new StorageState();
    state.bucket(BUCKET).put({
      bucket: BUCKET,
      name: 'kept.txt',
      bytes: Buffer.from('kept'),
      contentType: 'text/plain',
      customMetadata: {},
      downloadTokens: [],
      md5Hash: md5Base64(Buffer.from('kept')),
      crc32c: '',
      etag: 'e',
      generation: '1',
      metageneration: 1,
      timeCreated: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
    });
    await exportStorage(state, dir);
    await rename(join(dir, 'storage'), join(dir, 'storage.old-crashed'));
    expect(await hasStorageExport(dir)).toBe(true);
    const loaded = new StorageState();
    await importStorage(loaded, dir);
    expect(loaded.bucket(BUCKET).objects.get('kept.txt')?.bytes.toString()).toBe('kept');
  });
});
