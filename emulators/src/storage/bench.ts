/**
 * Upload and download throughput of the Storage emulator through the real `firebase/storage` SDK (Node build),
 * the path product-image uploads take. Called by `npm run bench`; prints nothing itself.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getBytes, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import { startStorageEmulator } from './server.js';

export interface UploadBenchResult {
  /** Bytes uploaded. */
  size: number;
  /** The upload protocol the emulator was sent (the SDK picks multipart up to 256 KiB, resumable above). */
  protocol: 'multipart' | 'resumable';
  uploadMs: number;
  downloadMs: number;
  /** Upload throughput in MiB/s. */
  uploadMiBps: number;
}

/**
 * The upload protocols the server was asked for, as each request arrives (Node's own http.server channel), so a
 * result names the path the upload really took rather than the one its size suggests.
 */
function watchUploadProtocols(): { taken(): string[]; stop(): void } {
  let protocols: string[] = [];
  const onRequest = (message: unknown): void => {
    const { request } = message as { request: IncomingMessage };
    const protocol = request.headers['x-goog-upload-protocol'];
    if (request.method === 'POST' && typeof protocol === 'string') protocols.push(protocol);
  };
  subscribe('http.server.request.start', onRequest);
  return {
    taken() {
      const seen = protocols;
      protocols = [];
      return seen;
    },
    stop: () => unsubscribe('http.server.request.start', onRequest),
  };
}

function protocolOf(seen: string[], size: number): UploadBenchResult['protocol'] {
  const kinds = new Set(seen);
  const [protocol] = kinds;
  if (kinds.size !== 1 || (protocol !== 'multipart' && protocol !== 'resumable'))
    throw new Error(`the upload of ${size} bytes used protocols [${[...kinds].join(', ')}]`);
  return protocol;
}

export async function benchUpload(sizes: readonly number[]): Promise<UploadBenchResult[]> {
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`benchUpload needs positive byte sizes, got ${size}`);
  }
  const projectId = 'demo-storage-bench';
  const emulator = await startStorageEmulator({
    host: '127.0.0.1',
    port: 0,
    projectId,
    maxUploadBytes: Math.max(...sizes, 1),
  });
  const app = initializeApp(
    { projectId, storageBucket: `${projectId}.appspot.com`, apiKey: 'bench' },
    `storage-bench-${Date.now()}`,
  );
  const uploads = watchUploadProtocols();
  try {
    const storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port);
    // One untimed upload first, so connection set-up and JIT warm-up do not land on the first size.
    await uploadBytesResumable(ref(storage, 'bench/warm-up.bin'), new Uint8Array(1024));
    uploads.taken();
    const results: UploadBenchResult[] = [];
    for (const [index, size] of sizes.entries()) {
      const bytes = new Uint8Array(size).map((_, i) => i & 0xff);
      const file = ref(storage, `bench/${index}-${size}.bin`);
      const uploadStart = performance.now();
      await uploadBytesResumable(file, bytes, { contentType: 'application/octet-stream' });
      const uploadMs = performance.now() - uploadStart;
      const protocol = protocolOf(uploads.taken(), size);
      const downloadStart = performance.now();
      const downloaded = await getBytes(file);
      const downloadMs = performance.now() - downloadStart;
      if (downloaded.byteLength !== size)
        throw new Error(`bench download returned ${downloaded.byteLength} of ${size} bytes`);
      results.push({
        size,
        protocol,
        uploadMs,
        downloadMs,
        uploadMiBps: size / (1024 * 1024) / (uploadMs / 1000),
      });
    }
    return results;
  } finally {
    uploads.stop();
    await deleteApp(app);
    await emulator.stop();
  }
}
