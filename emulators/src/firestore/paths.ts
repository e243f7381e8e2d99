/**
 * Resource names (`projects/p/databases/d/documents/a/b`) and field paths (`a.b`, `` `x.y`.z ``).
 */
import { invalidArgument } from './errors.js';

export interface DatabaseId {
  projectId: string;
  databaseId: string;
}

/** Segments relative to the database's documents root; even length = document, odd = collection. */
export type Segments = readonly string[];

const DATABASE_RE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

export function parseDatabaseName(name: string): DatabaseId {
  const match = DATABASE_RE.exec(name);
  if (!match)
    throw invalidArgument(
      `Invalid database name: "${name}". Expected projects/{project}/databases/{database}`,
    );
  return { projectId: match[1], databaseId: match[2] };
}

export function databaseName(db: DatabaseId): string {
  return `projects/${db.projectId}/databases/${db.databaseId}`;
}

export function documentsRoot(db: DatabaseId): string {
  return `${databaseName(db)}/documents`;
}

/** Splits a resource name under `…/documents` into its database and its segments (possibly empty). */
export function parseResourceName(name: string): { db: DatabaseId; segments: string[] } {
  const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!match) throw invalidArgument(`Invalid resource name: "${name}"`);
  const rest = match[3];
  const segments = rest === undefined || rest === '' ? [] : rest.split('/');
  for (const segment of segments) validateSegment(segment, name);
  return { db: { projectId: match[1], databaseId: match[2] }, segments };
}

/**
 * `__id<int64>__` names a numeric id (Datastore's), which sorts before every string id. Such names appear as
 * query bounds, e.g. firebase-admin's recursiveDelete() starts at `…/__id-9223372036854775808__`.
 */
const NUMERIC_ID = /^__id(-?\d{1,19})__$/;

export function validateSegment(segment: string, name: string): void {
  if (
    segment === '' ||
    segment === '.' ||
    segment === '..' ||
    (/^__.*__$/.test(segment) && !NUMERIC_ID.test(segment))
  ) {
    throw invalidArgument(`Invalid resource name "${name}": segment "${segment}" is not allowed`);
  }
  if (Buffer.byteLength(segment, 'utf8') > 1500) {
    throw invalidArgument(`Invalid resource name "${name}": a segment exceeds 1500 bytes`);
  }
}

export function parseDocumentName(name: string): { db: DatabaseId; segments: string[] } {
  const parsed = parseResourceName(name);
  if (parsed.segments.length === 0 || parsed.segments.length % 2 !== 0) {
    throw invalidArgument(`Invalid document name: "${name}" does not name a document`);
  }
  return parsed;
}

export function documentName(db: DatabaseId, segments: Segments): string {
  return segments.length === 0 ? documentsRoot(db) : `${documentsRoot(db)}/${segments.join('/')}`;
}

/** The key the store indexes documents by: their path below the documents root. */
export const segmentsKey = (segments: Segments): string => segments.join('/');

export const collectionIdOf = (docSegments: Segments): string => docSegments[docSegments.length - 2];
export const documentIdOf = (docSegments: Segments): string => docSegments[docSegments.length - 1];
export const parentPathOf = (docSegments: Segments): string => segmentsKey(docSegments.slice(0, -2));

/**
 * Compares document paths segment by segment, as Firestore orders `__name__`
 * (not as plain strings: "a/b" < "a/b/c" < "a/bb").
 */
export function compareSegments(a: Segments, b: Segments): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return compareSegment(a[i], b[i]);
  }
  return a.length - b.length;
}

function compareSegment(a: string, b: string): number {
  const numericA = NUMERIC_ID.exec(a);
  const numericB = NUMERIC_ID.exec(b);
  if (numericA && numericB) {
    const x = BigInt(numericA[1]);
    const y = BigInt(numericB[1]);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (numericA) return -1;
  if (numericB) return 1;
  return compareUtf8(a, b);
}

/** Firestore orders strings by their UTF-8 bytes, which differs from UTF-16 code unit order for surrogates. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(i)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    if (ca > 0xffff) i++;
  }
  return a.length - b.length;
}

// ---- field paths ----

/** Parses a field path as written in masks and queries: dot-separated, segments optionally `backticked`. */
export function parseFieldPath(path: string): string[] {
  if (path === '') throw invalidArgument('Invalid field path: empty');
  const segments: string[] = [];
  let i = 0;
  while (i < path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < path.length) {
        const ch = path[i];
        if (ch === '\\' && i + 1 < path.length) {
          segment += path[i + 1];
          i += 2;
          continue;
        }
        if (ch === '`') {
          closed = true;
          i++;
          break;
        }
        segment += ch;
        i++;
      }
      if (!closed) throw invalidArgument(`Invalid field path "${path}": unterminated backtick`);
      if (segment === '') throw invalidArgument(`Invalid field path "${path}": empty backticked segment`);
    } else {
      while (i < path.length && path[i] !== '.') {
        const ch = path[i];
        if (!/[A-Za-z0-9_]/.test(ch)) {
          throw invalidArgument(`Invalid field path "${path}": "${ch}" must be inside backticks`);
        }
        segment += ch;
        i++;
      }
      if (segment === '') throw invalidArgument(`Invalid field path "${path}": empty segment`);
      if (/^[0-9]/.test(segment)) {
        throw invalidArgument(
          `Invalid field path "${path}": segment "${segment}" starting with a digit must be backticked`,
        );
      }
    }
    segments.push(segment);
    if (i < path.length) {
      if (path[i] !== '.') throw invalidArgument(`Invalid field path "${path}": expected "." at ${i}`);
      i++;
      if (i === path.length) throw invalidArgument(`Invalid field path "${path}": trailing "."`);
    }
  }
  return segments;
}

/** Canonical string form of a field path (the inverse of parseFieldPath). */
export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((s) =>
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`',
    )
    .join('.');
}

export const DOCUMENT_NAME_FIELD = '__name__';
