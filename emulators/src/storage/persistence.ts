/**
 * Export and import of all buckets to a folder, next to the Firestore export of the same folder:
 * `<dir>/storage/metadata.json` lists every object's metadata, and each object's bytes are a file
 * `<dir>/storage/blobs/<bucket>/<sha256 of the name>` (names may hold "/" and run to 1024 bytes, so they
 * cannot be file names themselves). An export is written aside and swapped in, so a crash never leaves half.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { md5Base64 } from './checksums.js';
import type { StorageState, StoredObject } from './state.js';

export const STORAGE_EXPORT_FOLDER = 'storage';
const METADATA_FILE = 'metadata.json';
const FORMAT_VERSION = 1;

type ObjectRecord = Omit<StoredObject, 'bytes'> & { file: string; size: number };

interface ExportFile {
  version: number;
  buckets: { name: string; objects: ObjectRecord[] }[];
}

export async function exportStorage(state: StorageState, dir: string): Promise<void> {
  const target = join(dir, STORAGE_EXPORT_FOLDER);
  const staging = join(dir, `${STORAGE_EXPORT_FOLDER}.tmp-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  try {
    const manifest: ExportFile = { version: FORMAT_VERSION, buckets: [] };
    for (const bucket of state.buckets.values()) {
      const objects: ObjectRecord[] = [];
      const bucketDir = join('blobs', bucket.name);
      await mkdir(join(staging, bucketDir), { recursive: true });
      for (const name of bucket.sortedNames()) {
        const { bytes, ...metadata } = bucket.objects.get(name) as StoredObject;
        const file = join(bucketDir, createHash('sha256').update(name).digest('hex'));
        await writeFile(join(staging, file), bytes);
        objects.push({ ...metadata, file, size: bytes.length });
      }
      manifest.buckets.push({ name: bucket.name, objects });
    }
    await writeFile(join(staging, METADATA_FILE), JSON.stringify(manifest, null, 2));
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

export async function hasStorageExport(dir: string): Promise<boolean> {
  return stat(join(dir, STORAGE_EXPORT_FOLDER, METADATA_FILE)).then(
    () => true,
    () => false,
  );
}

/** Replaces the whole state with the export in `dir`. Nothing changes if the export is unreadable. */
export async function importStorage(state: StorageState, dir: string): Promise<void> {
  const root = join(dir, STORAGE_EXPORT_FOLDER);
  const manifestPath = join(root, METADATA_FILE);
  let manifest: ExportFile;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ExportFile;
  } catch (error) {
    throw new Error(`Cannot read the Storage export ${manifestPath}: ${(error as Error).message}`);
  }
  if (manifest?.version !== FORMAT_VERSION || !Array.isArray(manifest.buckets)) {
    throw new Error(`${manifestPath} is not a version ${FORMAT_VERSION} Storage export.`);
  }
  const loaded: StoredObject[] = [];
  for (const bucket of manifest.buckets) {
    if (typeof bucket?.name !== 'string' || !Array.isArray(bucket.objects)) {
      throw new Error(`${manifestPath} has a malformed bucket entry.`);
    }
    for (const record of bucket.objects) {
      if (typeof record?.name !== 'string' || typeof record.file !== 'string' || record.file.includes('..')) {
        throw new Error(`${manifestPath} has a malformed object entry in bucket "${bucket.name}".`);
      }
      const bytes = await readFile(join(root, record.file));
      if (md5Base64(bytes) !== record.md5Hash) {
        throw new Error(`Object "${record.name}" in bucket "${bucket.name}" does not match its MD5 hash.`);
      }
      const { file: _file, size: _size, ...metadata } = record;
      loaded.push({
        ...metadata,
        bucket: bucket.name,
        bytes,
        customMetadata: { ...metadata.customMetadata },
        downloadTokens: [...(metadata.downloadTokens ?? [])],
      });
    }
  }
  state.reset();
  for (const bucket of manifest.buckets) state.bucket(bucket.name);
  for (const object of loaded) state.bucket(object.bucket).put(object);
}
