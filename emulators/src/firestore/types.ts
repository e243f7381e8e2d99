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
