/**
 * Which queries production can serve with its automatic single-field indexes, and which need a composite
 * index from firestore.indexes.json (https://firebase.google.com/docs/firestore/query-data/index-overview).
 * Production fails the others with FAILED_PRECONDITION and a console link; here the message carries the
 * index JSON to paste into firestore.indexes.json, so "works locally, breaks after deploy" cannot happen.
 *
 * The rules, per disjunct of the filter (an OR query needs every branch served):
 * - equality-type filters (==, in, array-contains(-any), is null/NaN) alone merge single-field indexes;
 * - one ordered/inequality field and no equality is one single-field index;
 * - anything more (equality + order or inequality, two ordered fields, a descending __name__ after
 *   equalities) needs a composite index: the equality fields, then the order fields in their directions;
 * - single-field indexes exist for collection scope unless a fieldOverride says otherwise (an exemption
 *   with `indexes: []` removes them); a collection-group query needs them declared with
 *   `queryScope: COLLECTION_GROUP` in fieldOverrides.
 */
import { readFileSync } from 'node:fs';
import type { FilterJson } from '../types.js';
import { failedPrecondition } from '../errors.js';
import { DOCUMENT_NAME_FIELD, parseFieldPath } from '../paths.js';
import type { CompiledQuery } from './query.js';
import type { OrderSpec } from './query-shape.js';

type Order = 'ASCENDING' | 'DESCENDING';
type Scope = 'COLLECTION' | 'COLLECTION_GROUP';

export interface IndexFieldJson {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
  /** A vector index's field (the last one): what findNearest searches, flat (exact) as production's. */
  vectorConfig?: { dimension: number; flat?: Record<string, never> };
}

export interface IndexJson {
  collectionGroup: string;
  queryScope?: Scope;
  fields: IndexFieldJson[];
}

export interface FieldOverrideJson {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: { order?: Order; arrayConfig?: 'CONTAINS'; queryScope?: Scope }[];
}

export interface IndexesFileJson {
  indexes?: IndexJson[];
  fieldOverrides?: FieldOverrideJson[];
}

export type IndexMode = 'enforce' | 'warn';

export interface IndexRequirementsOptions {
  /** firestore.indexes.json; read again whenever a query is checked after the file changed. */
  file?: string;
  /** Or the declarations themselves (tests). */
  config?: IndexesFileJson;
  /** The project the file belongs to: enforced. Other projects (nobody declared their indexes) only warn. */
  projectId: string;
  /** `warn` logs what production would refuse instead of failing it. */
  mode?: IndexMode;
  log?: (line: string) => void;
}

/** What a query needs that the declarations lack: the JSON to paste and where it goes. */
export type MissingIndex =
  { section: 'indexes'; json: IndexJson } | { section: 'fieldOverrides'; json: FieldOverrideJson };

interface Need {
  field: string[];
  kind: 'eq' | 'contains' | Order;
}

export class IndexRequirements {
  private config: IndexesFileJson;
  private readonly warned = new Set<string>();

  constructor(private readonly options: IndexRequirementsOptions) {
    this.config = options.config ?? (options.file ? readIndexesFile(options.file) : {});
  }

  /** The declared composite indexes, as last read. */
  get declared(): IndexesFileJson {
    return this.config;
  }

  /** Re-reads the file (the emulator watches it, as it watches the rules). */
  reload(config?: IndexesFileJson): void {
    this.config = config ?? (this.options.file ? readIndexesFile(this.options.file) : {});
  }

  /** Throws FAILED_PRECONDITION (or logs, when not enforced) when production would refuse the query. */
  check(query: CompiledQuery): void {
    this.report(query, missingIndex(query, this.config));
  }

  /** The same for a findNearest over `vectorField` with a query vector of `dimension` numbers. */
  checkVector(query: CompiledQuery, vectorField: readonly string[], dimension: number): void {
    this.report(query, missingVectorIndex(query, vectorField, dimension, this.config));
  }

  private report(query: CompiledQuery, missing: MissingIndex | null): void {
    if (!missing) return;
    const message = missingIndexMessage(missing);
    const enforced = (this.options.mode ?? 'enforce') === 'enforce';
    if (enforced && query.db.projectId === this.options.projectId) throw failedPrecondition(message);
    const key = `${query.db.projectId} ${JSON.stringify(missing.json)}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.options.log?.(`firestore: warning (project ${query.db.projectId}): ${message}`);
  }
}

export function readIndexesFile(file: string): IndexesFileJson {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    return JSON.parse(text) as IndexesFileJson;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function missingIndexMessage(missing: MissingIndex): string {
  const json = JSON.stringify(missing.json);
  if (missing.section === 'indexes' && missing.json.fields.some((f) => f.vectorConfig))
    return `Missing vector index configuration. Add it to "indexes" in firestore.indexes.json (and deploy it): ${json}`;
  return missing.section === 'indexes'
    ? `The query requires an index. Add it to "indexes" in firestore.indexes.json (and deploy it): ${json}`
    : `The query requires a single-field index that is exempted or not created for this scope. Add it to "fieldOverrides" in firestore.indexes.json (and deploy it): ${json}`;
}

/** The index production would need for this query and the declarations lack, or null when it can be served. */
export function missingIndex(query: CompiledQuery, config: IndexesFileJson): MissingIndex | null {
  if (!query.collectionId) return null; // kindless queries (recursive delete) scan by name
  const scope: Scope = query.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const nameOrder = query.orderBy.find((o) => isName(o.path))?.direction ?? 1;
  const orders = query.orderBy.filter((o) => !isName(o.path));
  for (const equalities of disjuncts(query.where)) {
    const eqKeys = new Set(equalities.filter((e) => e.kind === 'eq').map((e) => keyOf(e.field)));
    // Production drops an orderBy on a field fixed by an equality.
    const order = orders.filter((o) => !eqKeys.has(keyOf(o.path)));
    const eqNeeds = dedupe(equalities);
    const needs: Need[] = [...eqNeeds, ...order.map(toNeed)];
    const composite =
      order.length > 1 ||
      (order.length === 1 && equalities.length > 0) ||
      (order.length === 0 && equalities.length > 0 && nameOrder === -1);
    if (!composite) {
      for (const need of needs) {
        if (!singleFieldIndexExists(config, query.collectionId, scope, need)) {
          return {
            section: 'fieldOverrides',
            json: fieldOverrideFor(config, query.collectionId, scope, need),
          };
        }
      }
      continue;
    }
    const lastDirection = order.length > 0 ? order[order.length - 1].direction : 1;
    const wanted: IndexJson = {
      collectionGroup: query.collectionId,
      queryScope: scope,
      fields: [
        ...needs.map(fieldJson),
        ...(nameOrder !== lastDirection || order.length === 0
          ? [{ fieldPath: DOCUMENT_NAME_FIELD, order: orderName(nameOrder) }]
          : []),
      ],
    };
    if (!(config.indexes ?? []).some((index) => serves(index, wanted, scope, eqNeeds.length))) {
      return { section: 'indexes', json: wanted };
    }
  }
  return null;
}

const isName = (path: readonly string[]) => path.length === 1 && path[0] === DOCUMENT_NAME_FIELD;
const keyOf = (path: readonly string[]) => path.join('\u0000');
const orderName = (direction: 1 | -1): Order => (direction === 1 ? 'ASCENDING' : 'DESCENDING');
const toNeed = (o: OrderSpec): Need => ({ field: o.path, kind: orderName(o.direction) });

function dedupe(needs: Need[]): Need[] {
  const seen = new Set<string>();
  return needs.filter((n) => {
    const key = `${n.kind}:${keyOf(n.field)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The equality-type filters of each branch of the filter in disjunctive normal form. */
function disjuncts(filter: FilterJson | undefined): Need[][] {
  if (!filter) return [[]];
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(disjuncts);
    if (filter.compositeFilter.op === 'OR') return parts.flat();
    return parts.reduce<Need[][]>(
      (acc, branches) => acc.flatMap((a) => branches.map((b) => [...a, ...b])),
      [[]],
    );
  }
  if (filter.unaryFilter) {
    const path = pathOf(filter.unaryFilter.field?.fieldPath);
    const op = filter.unaryFilter.op;
    return [op === 'IS_NULL' || op === 'IS_NAN' ? [{ field: path, kind: 'eq' }] : []];
  }
  if (filter.fieldFilter) {
    const path = pathOf(filter.fieldFilter.field?.fieldPath);
    if (isName(path)) return [[]];
    switch (filter.fieldFilter.op) {
      case 'EQUAL':
      case 'IN':
        return [[{ field: path, kind: 'eq' }]];
      case 'ARRAY_CONTAINS':
      case 'ARRAY_CONTAINS_ANY':
        return [[{ field: path, kind: 'contains' }]];
      default:
        return [[]]; // inequalities are in the query's order already
    }
  }
  return [[]];
}

const pathOf = (fieldPath: string | undefined): string[] =>
  !fieldPath ? [] : fieldPath === DOCUMENT_NAME_FIELD ? [DOCUMENT_NAME_FIELD] : parseFieldPath(fieldPath);

/** Dotted field path as firestore.indexes.json writes it (backticks around segments that need them). */
function fieldPathText(path: readonly string[]): string {
  return path
    .map((s) => (/^[a-zA-Z_][a-zA-Z_0-9]*$/.test(s) ? s : '`' + s.replace(/[`\\]/g, (c) => '\\' + c) + '`'))
    .join('.');
}

function fieldJson(need: Need): IndexFieldJson {
  const fieldPath = fieldPathText(need.field);
  if (need.kind === 'contains') return { fieldPath, arrayConfig: 'CONTAINS' };
  return { fieldPath, order: need.kind === 'eq' ? 'ASCENDING' : need.kind };
}

const sameField = (a: string, b: readonly string[]) => {
  try {
    return keyOf(pathOf(a)) === keyOf(b);
  } catch {
    return false;
  }
};

function overrideFor(config: IndexesFileJson, collectionGroup: string, field: readonly string[]) {
  return (config.fieldOverrides ?? []).find(
    (o) => o.collectionGroup === collectionGroup && sameField(o.fieldPath, field),
  );
}

function singleFieldIndexExists(config: IndexesFileJson, group: string, scope: Scope, need: Need): boolean {
  const override = overrideFor(config, group, need.field);
  if (!override) return scope === 'COLLECTION';
  return override.indexes.some(
    (i) =>
      (i.queryScope ?? 'COLLECTION') === scope &&
      (need.kind === 'contains'
        ? i.arrayConfig === 'CONTAINS'
        : need.kind === 'eq'
          ? !!i.order
          : i.order === need.kind),
  );
}

/** The field's override with the missing single-field index added (automatic ones kept when none existed). */
function fieldOverrideFor(
  config: IndexesFileJson,
  group: string,
  scope: Scope,
  need: Need,
): FieldOverrideJson {
  const existing = overrideFor(config, group, need.field);
  const indexes: FieldOverrideJson['indexes'] = existing
    ? [...existing.indexes]
    : [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
      ];
  indexes.push(
    need.kind === 'contains'
      ? { arrayConfig: 'CONTAINS', queryScope: scope }
      : { order: need.kind === 'eq' ? 'ASCENDING' : need.kind, queryScope: scope },
  );
  return { collectionGroup: group, fieldPath: existing?.fieldPath ?? fieldPathText(need.field), indexes };
}

/**
 * A declared index serves the query when it has its scope (a collection-group index serves collection queries
 * too), the equality fields first in any order and direction, then the order fields exactly.
 */
function serves(index: IndexJson, wanted: IndexJson, scope: Scope, eqCount: number): boolean {
  if (index.collectionGroup !== wanted.collectionGroup) return false;
  const indexScope = index.queryScope ?? 'COLLECTION';
  if (scope === 'COLLECTION_GROUP' && indexScope !== 'COLLECTION_GROUP') return false;
  const lastOrder = (fields: IndexFieldJson[]) =>
    [...fields].reverse().find((f) => f.order)?.order ?? 'ASCENDING';
  const normalize = (fields: IndexFieldJson[]) => {
    // A trailing __name__ in the last field's direction is implied.
    const last = fields[fields.length - 1];
    const rest = fields.slice(0, -1);
    if (last && sameField(last.fieldPath, [DOCUMENT_NAME_FIELD]) && last.order === lastOrder(rest))
      return rest;
    return fields;
  };
  const have = normalize(index.fields);
  const want = normalize(wanted.fields);
  if (have.length !== want.length) return false;
  const wantedEq = want.slice(0, eqCount);
  const haveEq = have.slice(0, eqCount);
  for (const w of wantedEq) {
    const match = haveEq.find(
      (h) =>
        sameField(h.fieldPath, pathOf(w.fieldPath)) &&
        (w.arrayConfig ? h.arrayConfig === 'CONTAINS' : !!h.order),
    );
    if (!match) return false;
  }
  for (let i = eqCount; i < want.length; i++) {
    const w = want[i];
    const h = have[i];
    if (
      !sameField(h.fieldPath, pathOf(w.fieldPath)) ||
      h.order !== w.order ||
      !!h.arrayConfig !== !!w.arrayConfig
    )
      return false;
  }
  return true;
}

/**
 * The vector index a findNearest needs and the declarations lack, or null. Production searches a vector index:
 * the query's filter fields first, in any order (an equality or range field with a direction, array-contains as
 * CONTAINS), then the vector field with the query vector's dimension; a collection-group query needs a
 * COLLECTION_GROUP index. Single-field and composite indexes never serve one.
 */
export function missingVectorIndex(
  query: CompiledQuery,
  vectorField: readonly string[],
  dimension: number,
  config: IndexesFileJson,
): MissingIndex | null {
  const wanted = vectorIndexFor(query, vectorField, dimension);
  return (config.indexes ?? []).some((index) => servesVector(index, wanted))
    ? null
    : { section: 'indexes', json: wanted };
}

/** The vector index that serves a findNearest over the query's filtered documents, as firestore.indexes.json writes it. */
export function vectorIndexFor(
  query: CompiledQuery,
  vectorField: readonly string[],
  dimension: number,
): IndexJson {
  return {
    collectionGroup: query.collectionId,
    queryScope: query.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    fields: [
      ...filterFields(query.where).map(fieldJson),
      { fieldPath: fieldPathText(vectorField), vectorConfig: { dimension, flat: {} } },
    ],
  };
}

function servesVector(index: IndexJson, wanted: IndexJson): boolean {
  if (index.collectionGroup !== wanted.collectionGroup) return false;
  if (wanted.queryScope === 'COLLECTION_GROUP' && (index.queryScope ?? 'COLLECTION') !== 'COLLECTION_GROUP')
    return false;
  const last = index.fields[index.fields.length - 1];
  const vector = wanted.fields[wanted.fields.length - 1];
  if (last?.vectorConfig?.dimension !== vector.vectorConfig?.dimension) return false;
  if (!sameField(last.fieldPath, pathOf(vector.fieldPath))) return false;
  const prefix = index.fields.slice(0, -1);
  const needs = wanted.fields.slice(0, -1);
  if (prefix.length !== needs.length) return false;
  return needs.every((need) =>
    prefix.some(
      (have) =>
        sameField(have.fieldPath, pathOf(need.fieldPath)) &&
        (need.arrayConfig ? have.arrayConfig === 'CONTAINS' : !!have.order),
    ),
  );
}

/** Every field the filter names, once, with how an index must hold it (ranges ascending). */
function filterFields(filter: FilterJson | undefined): Need[] {
  const needs: Need[] = [];
  const visit = (f: FilterJson): void => {
    if (f.compositeFilter) {
      for (const part of f.compositeFilter.filters ?? []) visit(part);
      return;
    }
    const op = f.fieldFilter?.op ?? f.unaryFilter?.op;
    const path = pathOf((f.fieldFilter ?? f.unaryFilter)?.field?.fieldPath);
    if (path.length === 0 || isName(path)) return;
    const kind: Need['kind'] =
      op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY'
        ? 'contains'
        : op === 'EQUAL' || op === 'IN' || op === 'IS_NULL' || op === 'IS_NAN'
          ? 'eq'
          : 'ASCENDING';
    needs.push({ field: path, kind });
  };
  if (filter) visit(filter);
  return dedupe(needs);
}
