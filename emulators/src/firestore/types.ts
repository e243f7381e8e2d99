/**
 * Firestore v1 messages in their proto3 JSON form (google/firestore/v1/document.proto et al.).
 * The engine speaks only this form; each transport converts to and from its wire format
 * (REST and WebChannel are already proto3 JSON; gRPC converts through proto3-json-serializer).
 */

/** RFC 3339 UTC timestamp with up to 9 fractional digits, e.g. "2026-11-21T06:19:10.123456Z". */
export type TimestampJson = string;

export interface LatLngJson {
  latitude?: number;
  longitude?: number;
}

export interface MapValueJson {
  fields?: Record<string, Value>;
}

export interface ArrayValueJson {
  values?: Value[];
}

/** Exactly one key is set. Doubles may be the strings "NaN", "Infinity", "-Infinity" in JSON. */
export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: number | string }
  | { timestampValue: TimestampJson }
  | { stringValue: string }
  | { bytesValue: string /* base64 */ }
  | { referenceValue: string /* projects/p/databases/d/documents/... */ }
  | { geoPointValue: LatLngJson }
  | { arrayValue: ArrayValueJson }
  | { mapValue: MapValueJson };

export type Fields = Record<string, Value>;

export interface DocumentJson {
  /** projects/{p}/databases/{d}/documents/{path} */
  name: string;
  fields?: Fields;
  createTime?: TimestampJson;
  updateTime?: TimestampJson;
}

export interface DocumentMaskJson {
  fieldPaths?: string[];
}

export interface PreconditionJson {
  exists?: boolean;
  updateTime?: TimestampJson;
}

export interface FieldTransformJson {
  fieldPath: string;
  setToServerValue?: 'REQUEST_TIME' | 'SERVER_VALUE_UNSPECIFIED';
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: ArrayValueJson;
  removeAllFromArray?: ArrayValueJson;
}

export interface WriteJson {
  update?: DocumentJson;
  delete?: string;
  verify?: string;
  transform?: { document: string; fieldTransforms?: FieldTransformJson[] };
  updateMask?: DocumentMaskJson;
  updateTransforms?: FieldTransformJson[];
  currentDocument?: PreconditionJson;
}

export interface WriteResultJson {
  updateTime?: TimestampJson;
  transformResults?: Value[];
}

export interface FieldReferenceJson {
  fieldPath: string;
}

export type FieldFilterOp =
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'ARRAY_CONTAINS_ANY'
  | 'NOT_IN';

export type UnaryFilterOp = 'IS_NAN' | 'IS_NULL' | 'IS_NOT_NAN' | 'IS_NOT_NULL';

export interface FilterJson {
  compositeFilter?: { op: 'AND' | 'OR'; filters?: FilterJson[] };
  fieldFilter?: { field: FieldReferenceJson; op: FieldFilterOp; value: Value };
  unaryFilter?: { op: UnaryFilterOp; field: FieldReferenceJson };
}

export interface OrderJson {
  field: FieldReferenceJson;
  direction?: 'ASCENDING' | 'DESCENDING' | 'DIRECTION_UNSPECIFIED';
}

export interface CursorJson {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQueryJson {
  select?: { fields?: FieldReferenceJson[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: FilterJson;
  orderBy?: OrderJson[];
  startAt?: CursorJson;
  endAt?: CursorJson;
  offset?: number;
  limit?: number | { value?: number };
}

export interface AggregationJson {
  alias?: string;
  count?: { upTo?: number | string | { value?: number | string } };
  sum?: { field: FieldReferenceJson };
  avg?: { field: FieldReferenceJson };
}

export interface TransactionOptionsJson {
  readOnly?: { readTime?: TimestampJson };
  readWrite?: { retryTransaction?: string };
}

export interface TargetJson {
  query?: { parent: string; structuredQuery: StructuredQueryJson };
  documents?: { documents?: string[] };
  targetId?: number;
  resumeToken?: string;
  readTime?: TimestampJson;
  once?: boolean;
  expectedCount?: number | { value?: number };
}

export interface ListenRequestJson {
  database?: string;
  addTarget?: TargetJson;
  removeTarget?: number;
  labels?: Record<string, string>;
}

export interface TargetChangeJson {
  targetChangeType?: 'NO_CHANGE' | 'ADD' | 'REMOVE' | 'CURRENT' | 'RESET';
  targetIds?: number[];
  cause?: { code: number; message: string };
  resumeToken?: string;
  readTime?: TimestampJson;
}

export interface ListenResponseJson {
  targetChange?: TargetChangeJson;
  documentChange?: { document: DocumentJson; targetIds?: number[]; removedTargetIds?: number[] };
  documentDelete?: { document: string; removedTargetIds?: number[]; readTime?: TimestampJson };
  documentRemove?: { document: string; removedTargetIds?: number[]; readTime?: TimestampJson };
  filter?: { targetId: number; count: number };
}
