/** The real firebase-admin Storage (@google-cloud/storage) against the emulator, as Cloud Functions use it. */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { initializeApp as initializeWebApp, deleteApp as deleteWebApp } from 'firebase/app';
import { connectStorageEmulator, getBytes, getStorage as getWebStorage, ref } from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from './server.js';
import { recordingRuleset } from '../testing/recording-ruleset.js';

const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;

describe('firebase-admin Storage against the emulator', () => {
  let emulator: StorageEmulator;
  let app: App;
  let previousHosts: (string | undefined)[] = [];
  const denyEveryone = recordingRuleset(() => false);
  const bucket = () => getStorage(app).bucket();

  beforeAll(async () => {
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      rules: () => denyEveryone,
      maxUploadBytes: 4 << 20,
    });
    previousHosts = [process.env.FIREBASE_STORAGE_EMULATOR_HOST, process.env.STORAGE_EMULATOR_HOST];
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
    delete process.env.STORAGE_EMULATOR_HOST; // firebase-admin derives it from the line above
    app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, 'gcs-api-test');
  });
  afterAll(async () => {
    restoreEnv('FIREBASE_STORAGE_EMULATOR_HOST', previousHosts[0]);
    restoreEnv('STORAGE_EMULATOR_HOST', previousHosts[1]);
    await deleteApp(app);
    await emulator.stop();
  });
  beforeEach(() => emulator.reset());

  it('saves (simple and resumable) and downloads, with checksums the client validates', async () => {
    const small = bucket().file('exports/orders.csv');
    await small.save('id,total\n1,৳250\n', { resumable: false, contentType: 'text/csv' });
    const [text] = await small.download();
    expect(text.toString('utf8')).toBe('id,total\n1,৳250\n');

    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 251);
    const large = bucket().file('exports/backup.bin');
    await large.save(bytes, { resumable: true, validation: 'crc32c' });
    const [downloaded] = await large.download({ validation: 'md5' });
    expect(downloaded.equals(bytes)).toBe(true);
    // The admin SDK is the owner: rules that deny everyone were never consulted.
    expect(denyEveryone.requests).toEqual([]);
  });

  it('reads and updates metadata, including custom metadata removal', async () => {
    const file = bucket().file('product-images/tetul.webp');
    await file.save(Buffer.from('webp'), {
      contentType: 'image/webp',
      metadata: { metadata: { product: 'p9', old: 'x' } },
    });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({
      name: 'product-images/tetul.webp',
      bucket: BUCKET,
      contentType: 'image/webp',
      size: '4',
      metageneration: '1',
      metadata: { product: 'p9', old: 'x' },
    });
    await file.setMetadata({ cacheControl: 'public, max-age=86400', metadata: { old: null, shelf: 'top' } });
    const [updated] = await file.getMetadata();
    expect(updated.cacheControl).toBe('public, max-age=86400');
    expect(updated.metadata).toEqual({ product: 'p9', shelf: 'top' });
    expect(updated.metageneration).toBe('2');
  });

  it('lists files with prefixes and pages, and deletes them', async () => {
    for (const name of ['b.png', 'a.png', 'c.png']) await bucket().file(`product-images/${name}`).save(name);
    await bucket().file('other/z.txt').save('z');
    const [files] = await bucket().getFiles({ prefix: 'product-images/' });
    expect(files.map((file) => file.name)).toEqual([
      'product-images/a.png',
      'product-images/b.png',
      'product-images/c.png',
    ]);
    const [page, nextQuery] = await bucket().getFiles({ autoPaginate: false, maxResults: 2 });
    expect(page.map((file) => file.name)).toEqual(['other/z.txt', 'product-images/a.png']);
    expect(nextQuery).toMatchObject({ pageToken: expect.any(String) });

    expect(await bucket().file('product-images/a.png').exists()).toEqual([true]);
    await bucket().file('product-images/a.png').delete();
    expect(await bucket().file('product-images/a.png').exists()).toEqual([false]);
    await expect(bucket().file('product-images/a.png').delete()).rejects.toMatchObject({ code: 404 });
    await expect(bucket().file('missing.txt').download()).rejects.toMatchObject({ code: 404 });
  });

  it('copies and moves files with their metadata', async () => {
    const original = bucket().file('product-images/original.png');
    await original.save(Buffer.from('png'), {
      contentType: 'image/png',
      metadata: { metadata: { product: 'p1' } },
    });
    await original.copy(bucket().file('backup/original.png'));
    const [copied] = await bucket().file('backup/original.png').getMetadata();
    expect(copied).toMatchObject({ contentType: 'image/png', size: '3', metadata: { product: 'p1' } });
    await original.move('product-images/renamed.png');
    expect(await original.exists()).toEqual([false]);
    const [moved] = await bucket().file('product-images/renamed.png').download();
    expect(moved.toString()).toBe('png');
    await expect(bucket().file('nope.png').copy('other.png')).rejects.toMatchObject({ code: 404 });
  });

  it('makes a download URL for an admin-uploaded file that the web SDK and plain fetch can use', async () => {
    const file = bucket().file('product-images/jolpai.png');
    await file.save(Buffer.from([1, 2, 3, 4]), { contentType: 'image/png' });
    const url = await getDownloadURL(file);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([1, 2, 3, 4]));

    const web = initializeWebApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'k' }, 'gcs-web');
    const storage = getWebStorage(web);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port, { mockUserToken: 'owner' });
    expect(Buffer.from(await getBytes(ref(storage, 'product-images/jolpai.png')))).toEqual(
      Buffer.from([1, 2, 3, 4]),
    );
    await deleteWebApp(web);
  });

  it('refuses a file over the maximum size and keeps serving', async () => {
    await expect(
      bucket()
        .file('huge.bin')
        .save(Buffer.alloc((4 << 20) + 1), { resumable: false }),
    ).rejects.toMatchObject({
      code: 413,
    });
    await expect(
      bucket()
        .file('huge.bin')
        .save(Buffer.alloc((4 << 20) + 1), { resumable: true }),
    ).rejects.toThrow();
    expect(await bucket().file('huge.bin').exists()).toEqual([false]);
    await bucket().file('small.txt').save('ok');
    expect(await bucket().file('small.txt').exists()).toEqual([true]);
  });
});

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
