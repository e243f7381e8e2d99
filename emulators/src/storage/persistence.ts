/**
 * Export and import of all buckets to a folder, next to the Firestore export of the same folder:
 * `<dir>/storage/metadata.json` lists every object's metadata, and each object's bytes are a file
 * `<dir>/storage/blobs/<bucket>/<sha256 of the name>` (names may hold "/" and run to 1024 bytes, so they
 * cannot be file names themselves). An export is written aside and swapped in, so a crash never leaves half.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
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
        await writeDurably(join(staging, file), bytes);
        objects.push({ ...metadata, file, size: bytes.length });
      }
      manifest.buckets.push({ name: bucket.name, objects });
    }
    await writeDurably(join(staging, METADATA_FILE), JSON.stringify(manifest, null, 2));
    // The old export is moved aside, not removed, until the new one is in place: a crash between the two
    // renames leaves the old one to find (recoverSetAside), never no export at all.
    const aside = join(dir, `${STORAGE_EXPORT_FOLDER}.old-${randomUUID()}`);
    const hadOne = await rename(target, aside).then(
      () => true,
      () => false,
    );
    await rename(staging, target);
    if (hadOne) await rm(aside, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Flushed to the disk before the export replaces the old one: the data folder's logs are pruned after it. */
async function writeDurably(path: string, data: Buffer | string): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.writeFile(data);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** An export set aside by a crash between exportStorage's two renames is put back. */
async function recoverSetAside(dir: string): Promise<void> {
  const target = join(dir, STORAGE_EXPORT_FOLDER);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return;
  const entries = await readdir(dir).catch(() => [] as string[]);
  const aside = entries.find((name) => name.startsWith(`${STORAGE_EXPORT_FOLDER}.old-`));
  if (aside) await rename(join(dir, aside), target);
}

export async function hasStorageExport(dir: string): Promise<boolean> {
  await recoverSetAside(dir);
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
