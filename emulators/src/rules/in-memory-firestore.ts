/**
 * A tiny Firestore stand-in for rules tests and the benchmark: documents written as plain objects,
 * served in proto3 JSON through the FirestoreDataAccess interface the emulators implement.
 */
import type { DocumentJson, Fields, Value as FirestoreValue } from '../firestore/types.js';
import type { FirestoreDataAccess } from './types.js';

export type PlainValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Date
  | Uint8Array
  | PlainValue[]
  | { [key: string]: PlainValue };

/** Whole numbers become integerValue; write `1.5`-style numbers or use {doubleValue} for doubles. */
export function toFirestoreValue(value: PlainValue): FirestoreValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'bigint') return { integerValue: value.toString() };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (value instanceof Uint8Array) return { bytesValue: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toFirestoreValue) } };
  return { mapValue: { fields: toFirestoreFields(value) } };
}

export function toFirestoreFields(data: { [key: string]: PlainValue }): Fields {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(data)) fields[key] = toFirestoreValue(value);
  return fields;
}

/** "/databases/(default)/documents/a/b" or "a/b" → the full resource name used in DocumentJson. */
export function documentName(path: string, projectId = 'demo-project'): string {
  const relative = path.replace(/^\/?databases\/[^/]+\/documents\//, '').replace(/^\//, '');
  return `projects/${projectId}/databases/(default)/documents/${relative}`;
}

export function documentJson(path: string, data: { [key: string]: PlainValue }): DocumentJson {
  return { name: documentName(path), fields: toFirestoreFields(data) };
}

/** Documents before and (optionally) after the request's writes, keyed by full document path. */
export class InMemoryFirestore implements FirestoreDataAccess {
  private readonly before = new Map<string, DocumentJson>();
  private readonly after = new Map<string, DocumentJson | null>();
  readonly reads: string[] = [];

  static fullPath(path: string): string {
    return path.startsWith('/databases/')
      ? path
      : `/databases/(default)/documents/${path.replace(/^\//, '')}`;
  }

  set(path: string, data: { [key: string]: PlainValue }): this {
    this.before.set(InMemoryFirestore.fullPath(path), documentJson(path, data));
    return this;
  }

  /** What getAfter() sees for `path`; null = deleted by the batch. */
  setAfter(path: string, data: { [key: string]: PlainValue } | null): this {
    this.after.set(InMemoryFirestore.fullPath(path), data ? documentJson(path, data) : null);
    return this;
  }

  get(path: string): DocumentJson | null {
    this.reads.push(path);
    return this.before.get(path) ?? null;
  }

  getAfter(path: string): DocumentJson | null {
    this.reads.push(`after:${path}`);
    return this.after.has(path) ? (this.after.get(path) ?? null) : (this.before.get(path) ?? null);
  }
}
