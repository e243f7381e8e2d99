/**
 * Upload and download throughput of the Storage emulator through the real `firebase/storage` SDK (Node build),
 * the path product-image uploads take. Called by `npm run bench`; prints nothing itself.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getBytes, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import { startStorageEmulator } from './server.js';

export interface UploadBenchResult {
  /** Bytes uploaded. */
  size: number;
  /** "multipart" up to 256 KiB, "resumable" above: the SDK's own choice. */
  protocol: 'multipart' | 'resumable';
  uploadMs: number;
  downloadMs: number;
  /** Upload throughput in MiB/s. */
  uploadMiBps: number;
}

const RESUMABLE_THRESHOLD = 256 * 1024;

export async function benchUpload(sizes: readonly number[]): Promise<UploadBenchResult[]> {
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`benchUpload needs positive byte sizes, got ${size}`);
  }
  const projectId = 'demo-achar-bench';
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
  try {
    const storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port);
    // One untimed upload first, so connection set-up and JIT warm-up do not land on the first size.
    await uploadBytesResumable(ref(storage, 'bench/warm-up.bin'), new Uint8Array(1024));
    const results: UploadBenchResult[] = [];
    for (const [index, size] of sizes.entries()) {
      const bytes = new Uint8Array(size).map((_, i) => i & 0xff);
      const file = ref(storage, `bench/${index}-${size}.bin`);
      const uploadStart = performance.now();
      await uploadBytesResumable(file, bytes, { contentType: 'application/octet-stream' });
      const uploadMs = performance.now() - uploadStart;
      const downloadStart = performance.now();
      const downloaded = await getBytes(file);
      const downloadMs = performance.now() - downloadStart;
      if (downloaded.byteLength !== size)
        throw new Error(`bench download returned ${downloaded.byteLength} of ${size} bytes`);
      results.push({
        size,
        protocol: size > RESUMABLE_THRESHOLD ? 'resumable' : 'multipart',
        uploadMs,
        downloadMs,
        uploadMiBps: size / (1024 * 1024) / (uploadMs / 1000),
      });
    }
    return results;
  } finally {
    await deleteApp(app);
    await emulator.stop();
  }
}
