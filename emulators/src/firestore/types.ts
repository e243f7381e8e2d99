/**
 * The engine's names for the Firestore v1 messages, in their proto3 JSON form. Every type here is the
 * generated one (./proto-types/firestore-v1.ts, made from the protos the server loads); the engine's own
 * names are aliases, kept so the modules that hold documents, queries and listeners read in their words.
 */
import type * as v1 from './proto-types/firestore-v1.js';

export type * as v1 from './proto-types/firestore-v1.js';

export type MapValueJson = v1.MapValue;
/** Exactly one key is set. Doubles may be the strings "NaN", "Infinity", "-Infinity" in JSON. */
export type Value = v1.Value;
export type Fields = Record<string, Value>;
/** A document as the engine holds and answers it: always named. */
export type DocumentJson = v1.Document & { name: string };
export type PreconditionJson = v1.Precondition;
export type FieldTransformJson = v1.DocumentTransformFieldTransform;
export type WriteJson = v1.Write;
export type WriteResultJson = v1.WriteResult;
export type FieldFilterOp = v1.StructuredQueryFieldFilterOperator;
export type FilterJson = v1.StructuredQueryFilter;
export type CursorJson = v1.Cursor;
export type StructuredQueryJson = v1.StructuredQuery;
export type AggregationJson = v1.StructuredAggregationQueryAggregation;
export type TransactionOptionsJson = v1.TransactionOptions;
export type TargetJson = v1.Target;
export type ListenRequestJson = v1.ListenRequest;
export type ListenResponseJson = v1.ListenResponse;
