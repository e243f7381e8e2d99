/** The real `firebase/storage` SDK (Node build) against the emulator, as the web app will use it. */
import { createHash } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
  type StorageError as SdkStorageError,
  type UploadTaskSnapshot,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sdkError as sdkErrorOf } from '../testing/waiting.js';
import { startStorageEmulator, type StorageEmulator } from './server.js';

const sdkError = (promise: Promise<unknown>) => sdkErrorOf<SdkStorageError>(promise);
const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;

describe('Firebase Storage SDK against the emulator', () => {
  let emulator: StorageEmulator;
  let app: FirebaseApp;
  let storage: FirebaseStorage;

  beforeAll(async () => {
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      maxUploadBytes: 3 << 20,
    });
    app = initializeApp(
      { projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' },
      'firebase-api-test',
    );
    storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port);
  });
  afterAll(async () => {
    await deleteApp(app);
    await emulator.stop();
  });
  beforeEach(() => emulator.reset());

  it('uploads bytes with metadata and reads them back', async () => {
    const image = ref(storage, 'product-images/mango achar.png');
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);
    const result = await uploadBytes(image, bytes, {
      contentType: 'image/png',
      cacheControl: 'public, max-age=60',
      customMetadata: { product: 'p1' },
    });
    expect(result.metadata).toMatchObject({
      bucket: BUCKET,
      fullPath: 'product-images/mango achar.png',
      name: 'mango achar.png',
      size: 8,
      contentType: 'image/png',
      cacheControl: 'public, max-age=60',
      customMetadata: { product: 'p1' },
      metageneration: '1',
    });
    expect(result.metadata.md5Hash).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(Buffer.from(await getBytes(image)).equals(bytes)).toBe(true);
  });

  it('gives a download URL that serves the bytes with their content type and cache headers', async () => {
    const file = ref(storage, 'product-images/ছবি.jpg');
    await uploadString(file, 'jpeg-bytes', 'raw', {
      contentType: 'image/jpeg',
      contentDisposition: 'inline',
    });
    const url = await getDownloadURL(file);
    expect(url).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:${emulator.port}/v0/b/${BUCKET}/o/product-images%2F.+\\?alt=media&token=`,
      ),
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('jpeg-bytes');
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
  });

  it('uploads strings in every format the SDK offers', async () => {
    await uploadString(ref(storage, 's/raw.txt'), 'আচার', 'raw');
    await uploadString(ref(storage, 's/b64.txt'), Buffer.from('base64 text').toString('base64'), 'base64');
    await uploadString(
      ref(storage, 's/data.txt'),
      'data:text/plain;base64,' + Buffer.from('data url').toString('base64'),
      'data_url',
    );
    const text = async (path: string) => Buffer.from(await getBytes(ref(storage, path))).toString('utf8');
    expect(await text('s/raw.txt')).toBe('আচার');
    expect(await text('s/b64.txt')).toBe('base64 text');
    expect(await text('s/data.txt')).toBe('data url');
    expect((await getMetadata(ref(storage, 's/data.txt'))).contentType).toBe('text/plain');
  });

  it('uploads large files resumably in chunks, reporting progress', async () => {
    const size = 1024 * 1024 + 123; // > 256 KiB makes the SDK use the resumable protocol
    const bytes = new Uint8Array(size).map((_, i) => (i * 7) % 256);
    const task = uploadBytesResumable(ref(storage, 'big/achar.bin'), bytes, {
      contentType: 'application/x-achar',
    });
    const progress: number[] = [];
    task.on('state_changed', (snapshot: UploadTaskSnapshot) => progress.push(snapshot.bytesTransferred));
    const snapshot = await task;
    expect(snapshot.state).toBe('success');
    expect(snapshot.metadata.size).toBe(size);
    expect(snapshot.metadata.contentType).toBe('application/x-achar');
    // 256 KiB, then 512 KiB (the SDK doubles its chunk), then the rest.
    expect(progress.filter((value, i) => value !== progress[i - 1])).toEqual([0, 262144, 786432, size]);
    // Compared as Buffers: a deep toEqual over a megabyte is needlessly slow.
    expect(Buffer.from(await getBytes(ref(storage, 'big/achar.bin'))).equals(bytes)).toBe(true);
  });

  it('cancels a resumable upload with storage/canceled and stores nothing', async () => {
    const task = uploadBytesResumable(ref(storage, 'big/cancelled.bin'), new Uint8Array(2 * 1024 * 1024));
    task.on('state_changed', (snapshot: UploadTaskSnapshot) => {
      if (snapshot.bytesTransferred > 0) task.cancel();
    });
    const error = await sdkError(task.then());
    expect(error.code).toBe('storage/canceled');
    expect(task.snapshot.state).toBe('canceled');
    expect((await sdkError(getMetadata(ref(storage, 'big/cancelled.bin')))).code).toBe(
      'storage/object-not-found',
    );
    expect((await listAll(ref(storage, 'big'))).items).toEqual([]);
  });

  it('refuses an upload over the maximum size and keeps serving', async () => {
    const error = await sdkError(uploadBytes(ref(storage, 'too-big.bin'), new Uint8Array((3 << 20) + 1)));
    // The Node SDK does not surface the server's message; the raw HTTP suite checks it.
    expect(error.code).toBe('storage/unknown');
    expect(error.status).toBe(413);
    const resumable = await sdkError(
      uploadBytesResumable(ref(storage, 'too-big-2.bin'), new Uint8Array((3 << 20) + 1)).then(),
    );
    expect(resumable.status).toBe(413);
    expect((await listAll(ref(storage))).items).toEqual([]);
    await uploadString(ref(storage, 'after.txt'), 'still here');
    expect((await getMetadata(ref(storage, 'after.txt'))).size).toBe(10);
  });

  it('updates custom metadata and clears fields set to null', async () => {
    const file = ref(storage, 'meta.txt');
    await uploadString(file, 'x', 'raw', { contentType: 'text/plain', customMetadata: { a: '1', b: '2' } });
    const updated = await updateMetadata(file, {
      contentLanguage: 'bn',
      customMetadata: { b: null as unknown as string, c: '3' },
    });
    expect(updated.customMetadata).toEqual({ a: '1', c: '3' });
    expect(updated.contentLanguage).toBe('bn');
    expect(updated.metageneration).toBe('2');
    const read = await getMetadata(file);
    expect(read.customMetadata).toEqual({ a: '1', c: '3' });
    expect(read.contentType).toBe('text/plain');
  });

  it('lists folders and items, page by page and all at once, sorted by name', async () => {
    for (const name of ['c.png', 'a.png', 'b.png', 'd.png', 'e.png'])
      await uploadString(ref(storage, `products/${name}`), name);
    await uploadString(ref(storage, 'products/old/z.png'), 'z');
    await uploadString(ref(storage, 'root.txt'), 'r');

    const first = await list(ref(storage, 'products'), { maxResults: 2 });
    expect(first.prefixes.map((prefix) => prefix.fullPath)).toEqual([]);
    expect(first.items.map((item) => item.name)).toEqual(['a.png', 'b.png']);
    expect(first.nextPageToken).toBeTruthy();
    const second = await list(ref(storage, 'products'), { maxResults: 2, pageToken: first.nextPageToken });
    expect(second.items.map((item) => item.name)).toEqual(['c.png', 'd.png']);
    const third = await list(ref(storage, 'products'), { maxResults: 2, pageToken: second.nextPageToken });
    expect(third.items.map((item) => item.name)).toEqual(['e.png']);
    expect(third.prefixes.map((prefix) => prefix.fullPath)).toEqual(['products/old']);
    expect(third.nextPageToken).toBeUndefined();

    const all = await listAll(ref(storage, 'products'));
    expect(all.items.map((item) => item.fullPath)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((n) => `products/${n}.png`),
    );
    const root = await listAll(ref(storage));
    expect(root.prefixes.map((prefix) => prefix.fullPath)).toEqual(['products']);
    expect(root.items.map((item) => item.fullPath)).toEqual(['root.txt']);
  });

  it("refuses to list a prefix that is not a folder, in production's words, whoever asks", async () => {
    await uploadString(ref(storage, 'products/a.png'), 'a');
    const listing = (prefix: string) =>
      fetch(
        `http://127.0.0.1:${emulator.port}/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(prefix)}&delimiter=%2F`,
        { headers: { Authorization: 'Firebase owner' } },
      );
    const partial = await listing('products/a');
    expect(partial.status).toBe(400);
    expect(await partial.json()).toMatchObject({
      error: { message: 'The prefix parameter is required to be empty or ends with a single / character.' },
    });
    const folder = await listing('products/');
    expect(folder.status).toBe(200);
    expect(await folder.json()).toMatchObject({ items: [{ name: 'products/a.png', bucket: BUCKET }] });
  });

  it('deletes objects, after which every read is storage/object-not-found', async () => {
    const file = ref(storage, 'products/gone.png');
    await uploadString(file, 'bye');
    await deleteObject(file);
    expect((await sdkError(getMetadata(file))).code).toBe('storage/object-not-found');
    expect((await sdkError(getBytes(file))).code).toBe('storage/object-not-found');
    expect((await sdkError(getDownloadURL(file))).code).toBe('storage/object-not-found');
    expect((await sdkError(deleteObject(file))).code).toBe('storage/object-not-found');
    expect((await sdkError(updateMetadata(file, { contentType: 'x/y' }))).code).toBe(
      'storage/object-not-found',
    );
  });

  it('serves a byte range when getBytes is given a maximum size', async () => {
    await uploadString(ref(storage, 'range.txt'), '0123456789');
    const head = await getBytes(ref(storage, 'range.txt'), 4);
    expect(Buffer.from(head).toString()).toBe('0123');
  });
});
