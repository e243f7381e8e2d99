/**
 * A document change as production hands it to a function (see emulators/docs/function-triggers.md):
 * 2nd gen a binary-mode CloudEvent (`ce-*` headers) whose data is the protobuf `DocumentEventData`
 * (google/events/cloud/firestore/v1/data.proto: value = 1, old_value = 2, update_mask = 3, each the
 * google.firestore.v1 message of the same shape), 1st gen the legacy JSON event with a `Change` in `data`.
 */
import protobuf from 'protobufjs';
import type { Caller } from '../../shared/auth-token.js';
import type { DatabaseId } from '../paths.js';
import { documentName, segmentsKey } from '../paths.js';
import type { StoredDocument } from '../stored-document.js';
import { toDocumentJson } from '../stored-document.js';
import type { Fields, Value } from '../types.js';
import { valuesEqual } from '../values.js';
import { encodeBinary, stringifyProto3 } from '../transports/protos.js';
import type { ChangeKind, FirestoreTrigger } from './registry.js';

/** One document's change in one commit, shared by every trigger it fires (one event id, as in production). */
export interface DocumentChange {
  db: DatabaseId;
  segments: readonly string[];
  before: StoredDocument | null;
  after: StoredDocument | null;
  kind: ChangeKind;
  commitTime: string;
  eventId: string;
  caller: Caller;
}

/** What is POSTed to the Functions emulator: headers and body. */
export interface FunctionRequest {
  headers: Record<string, string>;
  body: string;
}

/** Where production's Firestore events say they come from; the emulator has no real location. */
export const EVENT_LOCATION = 'nam5';

export function changeKind(before: StoredDocument | null, after: StoredDocument | null): ChangeKind {
  if (!before) return 'created';
  return after ? 'updated' : 'deleted';
}

export function functionRequest(trigger: FirestoreTrigger, change: DocumentChange): FunctionRequest {
  return trigger.generation === '2nd' ? cloudEvent(trigger, change) : legacyEvent(trigger, change);
}

function cloudEvent(trigger: FirestoreTrigger, change: DocumentChange): FunctionRequest {
  const { db } = change;
  const path = segmentsKey(change.segments);
  const headers: Record<string, string> = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-id': change.eventId,
    'ce-source': `//firestore.googleapis.com/projects/${db.projectId}/databases/${db.databaseId}`,
    'ce-type': trigger.eventType,
    'ce-time': change.commitTime,
    'ce-subject': `documents/${path}`,
    'ce-dataschema':
      'https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto',
    'ce-location': EVENT_LOCATION,
    'ce-project': db.projectId,
    'ce-database': db.databaseId,
    'ce-namespace': '(default)',
    'ce-document': path,
  };
  if (trigger.withAuthContext) Object.assign(headers, authContext(change.caller));
  // firebase-tools' Functions emulator reads a protobuf body as base64 text (what Google's emulator sends).
  return { headers, body: documentEventData(change).toString('base64') };
}

/** The `authtype`/`authid` extension attributes of the `…WithAuthContext` events. */
function authContext(caller: Caller): Record<string, string> {
  if (caller.kind === 'owner') return { 'ce-authtype': 'service_account', 'ce-authid': 'owner' };
  if (caller.kind === 'user') return { 'ce-authtype': 'app_user', 'ce-authid': caller.auth.uid };
  return { 'ce-authtype': 'unauthenticated' };
}

export function documentEventData(change: DocumentChange): Buffer {
  const writer = protobuf.Writer.create();
  if (change.after) writer.uint32((1 << 3) | 2).bytes(encodeDocument(change.db, change.after));
  if (change.before) writer.uint32((2 << 3) | 2).bytes(encodeDocument(change.db, change.before));
  if (change.kind === 'updated') {
    const mask = encodeBinary('google.firestore.v1.DocumentMask', { fieldPaths: updateMask(change) });
    writer.uint32((3 << 3) | 2).bytes(mask);
  }
  return Buffer.from(writer.finish());
}

function encodeDocument(db: DatabaseId, doc: StoredDocument): Buffer {
  return encodeBinary('google.firestore.v1.Document', toDocumentJson(db, doc));
}

function legacyEvent(trigger: FirestoreTrigger, change: DocumentChange): FunctionRequest {
  const { db } = change;
  const data: Record<string, unknown> = {
    value: change.after ? toDocumentJson(db, change.after) : {},
    oldValue: change.before ? toDocumentJson(db, change.before) : {},
    updateMask: change.kind === 'updated' ? { fieldPaths: updateMask(change) } : {},
  };
  const body = {
    data,
    eventId: change.eventId,
    eventType: trigger.eventType,
    notSupported: {},
    resource: documentName(db, change.segments),
    timestamp: change.commitTime,
  };
  return { headers: { 'content-type': 'application/json' }, body: stringifyProto3(body) };
}

/** The paths of the fields an update changed (added, removed or altered), into nested maps. */
export function updateMask(change: DocumentChange): string[] {
  const paths: string[] = [];
  diffFields(change.before?.fields ?? {}, change.after?.fields ?? {}, [], paths);
  return paths;
}

function diffFields(before: Fields, after: Fields, prefix: string[], out: string[]): void {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of [...names].sort()) {
    const a = before[name] as Value | undefined;
    const b = after[name] as Value | undefined;
    const path = [...prefix, name];
    if (a && b && 'mapValue' in a && 'mapValue' in b) {
      diffFields(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {}, path, out);
    } else if (!a || !b || !valuesEqual(a, b)) {
      out.push(path.map(quoteSegment).join('.'));
    }
  }
}

function quoteSegment(segment: string): string {
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(segment) ? segment : `\`${segment.replace(/[\\`]/g, '\\$&')}\``;
}
