/**
 * Export/import of Firestore data to a folder, so local data survives a restart
 * (like `firebase emulators:export`, in this emulator's own JSON format: <dir>/firestore/data.json).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FirestoreEngine } from './engine.js';
import type { DocumentJson } from './types.js';
import { stringifyProto3 } from './transports/protos.js';

interface ExportFile {
  format: 'achar-firestore-export';
  version: 1;
  exportedAt: string;
  databases: { database: string; documents: DocumentJson[] }[];
}

export async function exportFirestore(engine: FirestoreEngine, dir: string): Promise<number> {
  const databases = engine.exportDocuments();
  const file: ExportFile = {
    format: 'achar-firestore-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    databases,
  };
  const folder = join(dir, 'firestore');
  await mkdir(folder, { recursive: true });
  const target = join(folder, 'data.json');
  // Write then rename, so a crash mid-export never leaves a half-written file behind. Proto3 JSON text, because
  // plain JSON would write NaN and ±Infinity as null and -0 as 0.
  await writeFile(`${target}.tmp`, stringifyProto3(file));
  await rename(`${target}.tmp`, target);
  return databases.reduce((n, d) => n + d.documents.length, 0);
}

export async function importFirestore(engine: FirestoreEngine, dir: string): Promise<number> {
  const target = join(dir, 'firestore', 'data.json');
  if (!existsSync(target)) return 0;
  let file: ExportFile;
  try {
    file = JSON.parse(await readFile(target, 'utf8')) as ExportFile;
  } catch (error) {
    throw new Error(
      `${target} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (file?.format !== 'achar-firestore-export' || !Array.isArray(file.databases))
    throw new Error(`${target} is not a Firestore export of this emulator`);
  return engine.importDocuments(file.databases);
}
