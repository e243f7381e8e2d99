/**
 * Vector search (`findNearest`): an exact nearest-neighbour search over the documents the query's filters let
 * through, as production's flat vector indexes answer it. The request's checks, the distances and the ranking
 * live here; ./queries.ts runs the filtered query and hands its documents over.
 *
 * Production's rules (google.firestore.v1.StructuredQuery.FindNearest):
 * - EUCLIDEAN and COSINE distances grow as vectors differ (nearest first, kept while distance <= threshold);
 *   DOT_PRODUCT grows as they agree (largest first, kept while distance >= threshold);
 * - only documents whose field holds a vector of the query vector's dimension take part, others are skipped;
 * - limit 1–1000, a query vector of at most 2048 dimensions, the ordering supersedes orderBy.
 */
import type { StructuredQueryJson, v1, Value } from '../types.js';
import { invalidArgument } from '../errors.js';
import { compareSegments, DOCUMENT_NAME_FIELD, parseFieldPath } from '../paths.js';
import type { StoredDocument } from '../stored-document.js';
import { doubleOf, getField, kindOf, setField } from '../values.js';

export const MAX_NEAREST_LIMIT = 1000;
export const MAX_VECTOR_DIMENSION = 2048;

export type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

export interface NearestSearch {
  /** The field holding each document's vector. */
  readonly vectorField: string[];
  readonly queryVector: Float64Array;
  readonly measure: DistanceMeasure;
  readonly limit: number;
  /** Where each result gets its distance (a field path), if asked. */
  readonly distanceResultField: string[] | undefined;
  readonly distanceThreshold: number | undefined;
}

export interface NearestResult {
  doc: StoredDocument;
  distance: number;
}

/** What a search did, for Query Explain's statistics. */
export interface NearestStats {
  /** Documents of the filtered query whose vector field was read. */
  candidates: number;
  /** Vectors of the right dimension compared with the query vector. */
  vectorsCompared: number;
}

const MEASURES: ReadonlySet<string> = new Set<DistanceMeasure>(['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT']);

/**
 * Checks a request's findNearest and the rest of its query, as production refuses them: INVALID_ARGUMENT with
 * what is wrong. Cursors, offset and a limit of the query itself are refused: vector queries have no cursors
 * (the SDKs say so), and the nearest-neighbour limit is the one that counts.
 */
export function compileNearest(
  findNearest: v1.StructuredQueryFindNearest,
  query: StructuredQueryJson,
): NearestSearch {
  const fieldPath = findNearest.vectorField?.fieldPath;
  if (!fieldPath) throw invalidArgument('Invalid findNearest: vector_field is required');
  const vectorField = parseFieldPath(fieldPath);
  if (vectorField[0] === DOCUMENT_NAME_FIELD)
    throw invalidArgument('Invalid findNearest: vector_field cannot be __name__');

  if (!findNearest.queryVector) throw invalidArgument('Invalid findNearest: query_vector is required');
  const elements = vectorElements(findNearest.queryVector);
  if (!elements) throw invalidArgument('Invalid findNearest: query_vector must be a vector value');
  if (elements.length === 0) throw invalidArgument('Invalid findNearest: query_vector cannot be empty');
  if (elements.length > MAX_VECTOR_DIMENSION) {
    throw invalidArgument(
      `Invalid findNearest: query_vector has ${elements.length} dimensions, more than the maximum of ${MAX_VECTOR_DIMENSION}`,
    );
  }
  if (elements.some((x) => !Number.isFinite(x)))
    throw invalidArgument('Invalid findNearest: query_vector must hold finite numbers');

  const measure = String(findNearest.distanceMeasure ?? '');
  if (!MEASURES.has(measure)) {
    throw invalidArgument(
      'Invalid findNearest: distance_measure must be one of EUCLIDEAN, COSINE or DOT_PRODUCT',
    );
  }

  const limit = findNearest.limit;
  if (limit === undefined || limit === null) throw invalidArgument('Invalid findNearest: limit is required');
  if (!Number.isInteger(limit) || limit <= 0 || limit > MAX_NEAREST_LIMIT) {
    throw invalidArgument(
      `Invalid findNearest: limit must be a positive integer of no more than ${MAX_NEAREST_LIMIT}`,
    );
  }

  const resultField = findNearest.distanceResultField;
  const distanceResultField = resultField ? parseFieldPath(resultField) : undefined;
  if (distanceResultField?.[0] === DOCUMENT_NAME_FIELD)
    throw invalidArgument('Invalid findNearest: distance_result_field cannot be __name__');

  const threshold = findNearest.distanceThreshold;
  const distanceThreshold = threshold === undefined || threshold === null ? undefined : Number(threshold);
  if (distanceThreshold !== undefined && Number.isNaN(distanceThreshold))
    throw invalidArgument('Invalid findNearest: distance_threshold must be a number');

  if (query.startAt || query.endAt)
    throw invalidArgument('Invalid findNearest: a vector query cannot have cursors (start_at, end_at)');
  if (query.offset) throw invalidArgument('Invalid findNearest: a vector query cannot have an offset');
  if (query.limit !== undefined && query.limit !== null)
    throw invalidArgument('Invalid findNearest: the limit of a vector query is findNearest.limit');

  return {
    vectorField,
    queryVector: Float64Array.from(elements),
    measure: measure as DistanceMeasure,
    limit,
    distanceResultField,
    distanceThreshold,
  };
}

/**
 * A stored vector's numbers, read once: stored values are never changed in place (a write stores new ones), so
 * the numbers of a value object stay true for as long as it lives, and a search reads typed arrays.
 */
const storedVectors = new WeakMap<Value, Float64Array | null>();

function storedVector(value: Value): Float64Array | undefined {
  let vector = storedVectors.get(value);
  if (vector === undefined) {
    const elements = vectorElements(value);
    vector = elements ? Float64Array.from(elements) : null;
    storedVectors.set(value, vector);
  }
  return vector ?? undefined;
}

/** The numbers of a vector value, or undefined when the value is not a vector of numbers. */
export function vectorElements(value: Value): number[] | undefined {
  if (kindOf(value) !== 'vector') return undefined;
  const inner = (value as { mapValue: { fields?: Record<string, Value> } }).mapValue.fields?.value;
  if (!inner || !('arrayValue' in inner)) return undefined;
  const out: number[] = [];
  for (const element of inner.arrayValue.values ?? []) {
    if ('doubleValue' in element) out.push(doubleOf(element));
    else if ('integerValue' in element) out.push(Number(element.integerValue));
    else return undefined;
  }
  return out;
}

/**
 * The distance between two vectors of the same dimension by a measure. COSINE is 1 − cos θ (0 for the same
 * direction, 2 for opposite ones); it is NaN when either vector has no length, and such a document is skipped.
 */
export function distanceBetween(
  measure: DistanceMeasure,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): number {
  let dot = 0;
  let squares = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    dot += x * y;
    squares += (x - y) * (x - y);
    normA += x * x;
    normB += y * y;
  }
  switch (measure) {
    case 'EUCLIDEAN':
      return Math.sqrt(squares);
    case 'DOT_PRODUCT':
      return dot;
    case 'COSINE':
      return normA === 0 || normB === 0 ? NaN : 1 - dot / Math.sqrt(normA * normB);
  }
}

/** True when `a` is nearer to the query than `b` by the measure (DOT_PRODUCT: the larger is nearer). */
const nearer = (measure: DistanceMeasure, a: number, b: number): boolean =>
  measure === 'DOT_PRODUCT' ? a > b : a < b;

const withinThreshold = (search: NearestSearch, distance: number): boolean =>
  search.distanceThreshold === undefined ||
  (search.measure === 'DOT_PRODUCT'
    ? distance >= search.distanceThreshold
    : distance <= search.distanceThreshold);

/**
 * The `limit` nearest of the candidates, nearest first; equal distances are ordered by document name, so
 * answers repeat (production leaves their order open). Keeps at most `limit` results while it reads.
 */
export function findNearest(
  search: NearestSearch,
  candidates: Iterable<StoredDocument>,
  stats: NearestStats = { candidates: 0, vectorsCompared: 0 },
): NearestResult[] {
  const ranked: NearestResult[] = [];
  const before = (a: NearestResult, b: NearestResult): boolean =>
    a.distance === b.distance
      ? compareSegments(a.doc.segments, b.doc.segments) < 0
      : nearer(search.measure, a.distance, b.distance);
  const dimension = search.queryVector.length;
  for (const doc of candidates) {
    stats.candidates++;
    const value = getField(doc.fields, search.vectorField);
    if (value === undefined) continue;
    const elements = storedVector(value);
    if (!elements || elements.length !== dimension) continue;
    stats.vectorsCompared++;
    const distance = distanceBetween(search.measure, search.queryVector, elements);
    if (Number.isNaN(distance) || !withinThreshold(search, distance)) continue;
    const result = { doc, distance };
    if (ranked.length === search.limit && !before(result, ranked[ranked.length - 1])) continue;
    // Insertion into a list of at most `limit` (≤ 1000) results.
    let at = ranked.length;
    while (at > 0 && before(result, ranked[at - 1])) at--;
    ranked.splice(at, 0, result);
    if (ranked.length > search.limit) ranked.pop();
  }
  return ranked;
}

/** A result's fields as answered: the projection, with the distance written where the request asked. */
export function withDistance(
  fields: Record<string, Value>,
  search: NearestSearch,
  distance: number,
): Record<string, Value> {
  const path = search.distanceResultField;
  if (!path) return fields;
  // Stored values are shared and never changed in place: the answer gets its own copy of what it changes.
  const out = path.length === 1 ? { ...fields } : (structuredClone(fields) as Record<string, Value>);
  setField(out, path, { doubleValue: distance });
  return out;
}
