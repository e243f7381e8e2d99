/**
 * Runs in Chromium: the unmodified web SDK (XHR transport, CORS preflights) against the Storage emulator whose
 * port is in the URL (`?port=9199&user=<uid>`). The test calls `window.storageHarness.*`.
 */
import { initializeApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
} from 'firebase/storage';

const params = new URLSearchParams(location.search);
const app = initializeApp({
  projectId: 'demo-project',
  storageBucket: 'demo-project.appspot.com',
  apiKey: 'demo-key',
  appId: '1:1:web:1',
});
const storage = getStorage(app);
const user = params.get('user');
connectStorageEmulator(
  storage,
  '127.0.0.1',
  Number(params.get('port')),
  user ? { mockUserToken: { user_id: user } } : {},
);

/** A 1×1 transparent PNG, so an <img> really decodes what the emulator serves. */
const PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);

const codeOf = (error: unknown) => (error as { code?: string }).code ?? String(error);

const storageHarness = {
  async uploadImage(
    path: string,
  ): Promise<{ size: number; contentType?: string; url: string; imageWidth: number }> {
    const result = await uploadBytes(ref(storage, path), new Blob([PIXEL_PNG], { type: 'image/png' }));
    const url = await getDownloadURL(ref(storage, path));
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error(`the <img> did not load ${url}`));
      image.src = url;
    });
    return {
      size: result.metadata.size,
      contentType: result.metadata.contentType,
      url,
      imageWidth: image.naturalWidth,
    };
  },

  async uploadResumable(
    path: string,
    size: number,
  ): Promise<{ progress: number[]; size: number; firstByte: number }> {
    const bytes = new Uint8Array(size).map((_, i) => i % 251);
    const task = uploadBytesResumable(ref(storage, path), bytes, { contentType: 'application/octet-stream' });
    const progress: number[] = [];
    task.on('state_changed', (snapshot) => progress.push(snapshot.bytesTransferred));
    const done = await task;
    const back = new Uint8Array(await getBytes(ref(storage, path)));
    return { progress, size: done.metadata.size, firstByte: back[size - 1] };
  },

  async cancelResumable(path: string, size: number): Promise<string> {
    const task = uploadBytesResumable(ref(storage, path), new Uint8Array(size));
    task.on('state_changed', (snapshot) => {
      if (snapshot.bytesTransferred > 0) task.cancel();
    });
    try {
      await task;
      return 'completed';
    } catch (error) {
      return codeOf(error);
    }
  },

  async metadataRoundTrip(path: string): Promise<Record<string, string> | undefined> {
    await uploadBytes(ref(storage, path), new Uint8Array([1]));
    await updateMetadata(ref(storage, path), { customMetadata: { jar: 'glass' } });
    return (await getMetadata(ref(storage, path))).customMetadata;
  },

  async list(path: string): Promise<{ items: string[]; prefixes: string[] }> {
    const result = await listAll(ref(storage, path));
    return {
      items: result.items.map((item) => item.fullPath),
      prefixes: result.prefixes.map((p) => p.fullPath),
    };
  },

  async errorCodeOf(action: 'read' | 'write' | 'delete', path: string): Promise<string> {
    try {
      if (action === 'read') await getBytes(ref(storage, path));
      else if (action === 'write') await uploadBytes(ref(storage, path), new Uint8Array([1]));
      else await deleteObject(ref(storage, path));
      return 'ok';
    } catch (error) {
      return codeOf(error);
    }
  },
};

Object.assign(window, { storageHarness });
document.title = 'ready';
