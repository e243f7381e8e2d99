/**
 * Applying one Write to a document: preconditions, set/merge with update masks, delete and field transforms.
 * Pure: takes the document as it is and returns what it becomes; the engine decides whether to commit.
 */
import type { FieldTransformJson, Fields, Value, WriteJson } from '../types.js';
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from '../errors.js';
import { parseFieldPath } from '../paths.js';
import { parseTimestamp, compareInstants } from '../timestamps.js';
import {
  cloneFields,
  compareValues,
  doubleOf,
  getField,
  isNaNValue,
  isNumber,
  setField,
  typeOrder,
} from '../values.js';

export interface DocumentVersion {
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export interface WriteOutcome {
  /** The document after this write; null when deleted (or when a verify/delete hits a missing doc). */
  after: Fields | null;
  transformResults: Value[];
  /** True when the document's content actually changed (production keeps the old updateTime otherwise). */
  changed: boolean;
}

export function checkPrecondition(write: WriteJson, current: DocumentVersion | null, docName: string): void {
  const pre = write.currentDocument;
  if (!pre) return;
  if (pre.exists !== undefined) {
    if (pre.exists && !current) throw notFound(`No document to update: ${docName}`);
    if (!pre.exists && current) throw alreadyExists(`Document already exists: ${docName}`);
  }
  if (pre.updateTime !== undefined) {
    if (!current) throw failedPrecondition(`Document ${docName} does not exist (precondition updateTime)`);
    if (compareInstants(parseTimestamp(pre.updateTime), parseTimestamp(current.updateTime)) !== 0) {
      throw failedPrecondition(
        `Document ${docName} was updated at ${current.updateTime}, not ${pre.updateTime}`,
      );
    }
  }
}

/** Applies the data part of a write (update/delete/transform); the caller has checked preconditions. */
export function applyWrite(
  write: WriteJson,
  current: DocumentVersion | null,
  commitTime: string,
): WriteOutcome {
  if (write.delete !== undefined) return { after: null, transformResults: [], changed: current !== null };
  if (write.verify !== undefined)
    return { after: current?.fields ?? null, transformResults: [], changed: false };

  let fields: Fields;
  let transforms: FieldTransformJson[] = write.updateTransforms ?? [];
  if (write.update) {
    // An empty mask is omitted by proto3 JSON but still means "merge nothing": keep updateMask presence.
    const mask = write.updateMask ? (write.updateMask.fieldPaths ?? []) : undefined;
    if (mask) {
      fields = cloneFields(current?.fields);
      for (const path of mask) {
        const segments = parseFieldPath(path);
        const value = getField(write.update.fields, segments);
        setField(fields, segments, value === undefined ? undefined : structuredClone(value));
      }
    } else {
      fields = cloneFields(write.update.fields);
    }
  } else if (write.transform) {
    fields = cloneFields(current?.fields);
    transforms = write.transform.fieldTransforms ?? [];
  } else {
    throw invalidArgument('Invalid write: one of update, delete, verify or transform is required');
  }

  const transformResults = transforms.map((t) => applyTransform(fields, t, commitTime));
  const changed = current === null || !fieldsEqual(current.fields, fields);
  return { after: fields, transformResults, changed };
}

/** Exact equality, types included (1 and 1.0 differ): a write that changes nothing keeps the old updateTime. */
function fieldsEqual(a: Fields, b: Fields): boolean {
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  // NaN, ±Infinity and -0 are distinct stored values that JSON.stringify would blur.
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0)))
    return Object.is(value, -0) ? '"-0"' : `"${value}"`;
  return JSON.stringify(value);
}

function applyTransform(fields: Fields, transform: FieldTransformJson, commitTime: string): Value {
  const path = parseFieldPath(transform.fieldPath ?? '');
  const existing = getField(fields, path);
  let result: Value;
  if (transform.setToServerValue !== undefined) {
    if (transform.setToServerValue !== 'REQUEST_TIME') {
      throw invalidArgument(`Unsupported server value "${transform.setToServerValue}"`);
    }
    result = { timestampValue: commitTime };
  } else if (transform.increment !== undefined) {
    result = numericTransform(existing, transform.increment, 'increment');
  } else if (transform.maximum !== undefined) {
    result = numericTransform(existing, transform.maximum, 'maximum');
  } else if (transform.minimum !== undefined) {
    result = numericTransform(existing, transform.minimum, 'minimum');
  } else if (transform.appendMissingElements !== undefined) {
    const current = existing && 'arrayValue' in existing ? [...(existing.arrayValue.values ?? [])] : [];
    for (const element of transform.appendMissingElements.values ?? []) {
      if (!current.some((v) => sameElement(v, element))) current.push(element);
    }
    result = { arrayValue: { values: current } };
  } else if (transform.removeAllFromArray !== undefined) {
    const remove = transform.removeAllFromArray.values ?? [];
    const current = existing && 'arrayValue' in existing ? (existing.arrayValue.values ?? []) : [];
    result = { arrayValue: { values: current.filter((v) => !remove.some((r) => sameElement(v, r))) } };
  } else {
    throw invalidArgument(`Invalid field transform on "${transform.fieldPath}": no transform type set`);
  }
  setField(fields, path, result);
  // arrayUnion/arrayRemove report null as their transform result, like production.
  return transform.appendMissingElements !== undefined || transform.removeAllFromArray !== undefined
    ? { nullValue: null }
    : result;
}

function sameElement(a: Value, b: Value): boolean {
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

function numericTransform(
  existing: Value | undefined,
  operand: Value,
  kind: 'increment' | 'maximum' | 'minimum',
): Value {
  if (!isNumber(operand)) throw invalidArgument(`${kind} requires a numeric operand`);
  if (existing === undefined || !isNumber(existing)) {
    return kind === 'increment' || existing === undefined || !isNumber(existing) ? operand : existing;
  }
  if (kind === 'increment') {
    if ('integerValue' in existing && 'integerValue' in operand) {
      let sum = BigInt(existing.integerValue) + BigInt(operand.integerValue);
      if (sum > INT64_MAX) sum = INT64_MAX;
      if (sum < INT64_MIN) sum = INT64_MIN;
      return { integerValue: sum.toString() };
    }
    return { doubleValue: asNumber(existing) + asNumber(operand) };
  }
  // "The maximum (or minimum) of any numeric value x and NaN is NaN", although NaN sorts first in queries.
  if (isNaNValue(existing)) return existing;
  if (isNaNValue(operand)) return operand;
  const cmp = compareValues(existing, operand);
  if (kind === 'maximum') {
    if (cmp > 0) return existing;
    if (cmp < 0) return operand;
  } else {
    if (cmp < 0) return existing;
    if (cmp > 0) return operand;
  }
  // Equivalent operands (3 and 3.0, 0 and -0.0): the field does not change (google.firestore.v1.DocumentTransform).
  return existing;
}

const asNumber = (v: Value): number =>
  'integerValue' in v ? Number(v.integerValue) : doubleOf(v as { doubleValue: number | string });
