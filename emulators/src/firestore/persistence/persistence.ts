/**
 * Export/import of Firestore data to a folder, so local data survives a restart
 * (like `firebase emulators:export`, in this emulator's own JSON format: <dir>/firestore/data.json), with a
 * start snapshot beside it (<dir>/firestore/data.v8, ./start-snapshot.ts) that a start reads instead when valid.
 *
 * The file is one JSON document written one Firestore document per line, so a start reads it line by line:
 * 100,000 orders are parsed and stored as they come, never held as one 100 MB string and its whole parsed tree
 * at once (the memory and garbage collection that used to dominate the start). Exports written whole on one
 * line by earlier versions are still read, in one piece.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FirestoreEngine } from '../engine.js';
import type { DocumentJson } from '../types.js';
import { captureStartSnapshot, readStartSnapshot, writeStartSnapshot } from './start-snapshot.js';
import { stringifyProto3 } from '../transports/protos.js';

/** The export's format name; exports written under the old name (before the emulators left the shop) still load. */
const FORMAT = 'firestore-emulator-export';
const OLD_FORMAT = 'achar-firestore-export';
const isExportFormat = (format: unknown): boolean => format === FORMAT || format === OLD_FORMAT;

interface ExportFile {
  format: typeof FORMAT | typeof OLD_FORMAT;
  version: 1;
  exportedAt: string;
  databases: { database: string; documents: DocumentJson[] }[];
}

/**
 * Documents handed to the engine at a time while reading. Small on purpose: parsed documents waiting in a batch
 * survive young-generation collections and get copied or promoted, which with 2,000 cost a third of the start.
 */
const IMPORT_BATCH = 50;
/** Lines written to the file at a time. */
const WRITE_BATCH = 1000;

export async function exportFirestore(engine: FirestoreEngine, dir: string): Promise<number> {
  const databases = engine.exportDocuments();
  const startSnapshot = captureStartSnapshot(engine);
  const header = { format: FORMAT, version: 1, exportedAt: new Date().toISOString() };
  const folder = join(dir, 'firestore');
  await mkdir(folder, { recursive: true });
  const target = join(folder, 'data.json');
  // Write then rename, so a crash mid-export never leaves a half-written file behind. Proto3 JSON text, because
  // plain JSON would write NaN and ±Infinity as null and -0 as 0.
  const file = await open(`${target}.tmp`, 'w');
  try {
    await file.write(`${stringifyProto3(header).slice(0, -1)},"databases":[\n`);
    for (const [d, { database, documents }] of databases.entries()) {
      await file.write(`${JSON.stringify({ database }).slice(0, -1)},"documents":[\n`);
      for (let start = 0; start < documents.length; start += WRITE_BATCH) {
        const lines = documents
          .slice(start, start + WRITE_BATCH)
          .map((doc, i) => stringifyProto3(doc) + (start + i < documents.length - 1 ? ',\n' : '\n'));
        await file.write(lines.join(''));
      }
      await file.write(d < databases.length - 1 ? ']},\n' : ']}\n');
    }
    await file.write(']}\n');
    // On the disk before it replaces the old export: the journal it holds is removed after it.
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(`${target}.tmp`, target);
  await writeStartSnapshot(folder, startSnapshot());
  return databases.reduce((n, d) => n + d.documents.length, 0);
}

/** Loads the export in `dir` into the engine: from its start snapshot when it has a valid one (./start-snapshot.ts). */
export async function importFirestore(engine: FirestoreEngine, dir: string): Promise<number> {
  const snapshot = await readStartSnapshot(join(dir, 'firestore'));
  if (snapshot) return engine.importSharedDocuments(snapshot);
  return readExport(dir, (data) => engine.importDocuments(data));
}

/**
 * The documents of the export in `dir` (none if it has no export), read whole before anything is done with
 * them: a restore that meets a damaged file fails before it has changed anything.
 */
export async function readFirestoreExport(
  dir: string,
): Promise<{ database: string; documents: DocumentJson[] }[]> {
  const byDatabase = new Map<string, DocumentJson[]>();
  await readExport(dir, (data) => {
    let count = 0;
    for (const { database, documents } of data) {
      if (!byDatabase.has(database)) byDatabase.set(database, []);
      byDatabase.get(database)!.push(...documents);
      count += documents.length;
    }
    return count;
  });
  return [...byDatabase].map(([database, documents]) => ({ database, documents }));
}

type Sink = (data: { database: string; documents: DocumentJson[] }[]) => number;

async function readExport(dir: string, sink: Sink): Promise<number> {
  const target = join(dir, 'firestore', 'data.json');
  if (!existsSync(target)) return 0;
  const streamed = await importByLine(sink, target);
  if (streamed !== undefined) return streamed;
  let file: ExportFile;
  try {
    file = JSON.parse(await readFile(target, 'utf8')) as ExportFile;
  } catch (error) {
    throw notJson(target, error);
  }
  if (!isExportFormat(file?.format) || !Array.isArray(file.databases))
    throw new Error(`${target} is not a Firestore export of this emulator`);
  return sink(file.databases);
}

const HEADER_END = ',"databases":[';
const DATABASE_END = ',"documents":[';

/**
 * Reads a file exportFirestore wrote, one line at a time; undefined when its first line is not that format's
 * header (an older one-line export, or a foreign file), which the caller then reads whole.
 */
async function importByLine(sink: Sink, target: string): Promise<number | undefined> {
  let lineNumber = 0;
  let count = 0;
  let database: string | undefined;
  let batch: DocumentJson[] = [];
  let ended = false;
  const flush = () => {
    if (database !== undefined && batch.length > 0) count += sink([{ database, documents: batch }]);
    batch = [];
  };
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw notJson(target, error, lineNumber);
    }
  };
  for await (const line of linesOf(target)) {
    lineNumber++;
    if (lineNumber === 1) {
      if (!line.endsWith(HEADER_END)) return undefined;
      const header = parse(`${line}]}`) as Partial<ExportFile>;
      if (!isExportFormat(header?.format)) return undefined;
      continue;
    }
    if (ended) {
      if (line.trim() === '') continue;
      throw notJson(target, new Error('text after the end of the export'), lineNumber);
    }
    if (database === undefined) {
      if (line === ']}') {
        ended = true;
        continue;
      }
      if (!line.endsWith(DATABASE_END)) throw notJson(target, new Error('expected a database'), lineNumber);
      const opened = parse(`${line}]}`) as { database?: unknown };
      if (typeof opened?.database !== 'string')
        throw notJson(target, new Error('a database without a name'), lineNumber);
      database = opened.database;
      continue;
    }
    if (line === ']}' || line === ']},') {
      flush();
      database = undefined;
      continue;
    }
    batch.push(parse(line.endsWith(',') ? line.slice(0, -1) : line) as DocumentJson);
    if (batch.length >= IMPORT_BATCH) flush();
  }
  if (lineNumber === 0) return undefined;
  if (!ended) throw notJson(target, new Error('the file ends before the export does'), lineNumber);
  return count;
}

/**
 * The file's lines, read in chunks of 256 KiB: one await per chunk rather than one per line (readline's), which
 * counts at 100,000 lines. A line may end in "\r\n".
 */
async function* linesOf(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 18 });
  let rest = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
    }
    if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
  } finally {
    stream.destroy();
  }
}

function notJson(target: string, error: unknown, line?: number): Error {
  const where = line === undefined ? '' : `line ${line}: `;
  return new Error(
    `${target} is not valid JSON (${where}${error instanceof Error ? error.message : String(error)})`,
  );
}
