/**
 * Test-only Cloud Functions for the trigger-delivery suite (tests/functions/triggers.test.ts): the integration
 * suites' global set-up bundles this file alone into a functions package that the shared shop's Functions
 * emulator serves as a codebase of its own, beside the shop's. firebase-functions v1 and v2 Firestore and Storage
 * triggers that record what they were given in `trigger_log`, one document per invocation, so the suite can
 * compare it with what was written. Their collections are no collection of the shop's, and their Storage
 * triggers listen to a bucket of their own, so the shop's photos fire none of them (nor the fixture's objects
 * the shop's). Never deployed: the shop's functions are index.ts's; this file sits here only to resolve
 * firebase-functions from this package's node_modules.
 */
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type DocumentSnapshot } from 'firebase-admin/firestore';
import * as v1 from 'firebase-functions/v1';
import {
  onDocumentCreated,
  onDocumentCreatedWithAuthContext,
  onDocumentDeleted,
  onDocumentUpdated,
  onDocumentWritten,
} from 'firebase-functions/v2/firestore';
import { onObjectDeleted, onObjectFinalized, onObjectMetadataUpdated } from 'firebase-functions/v2/storage';
import { TRIGGER_FIXTURE_BUCKET } from './trigger-fixture-bucket';

initializeApp();

const dataOf = (snapshot: DocumentSnapshot | undefined) =>
  snapshot?.exists ? (snapshot.data() ?? null) : null;

/** One invocation as the function saw it. */
async function record(fn: string, entry: Record<string, unknown>): Promise<void> {
  await getFirestore()
    .collection('trigger_log')
    .add({ fn, ...entry, logged_at: FieldValue.serverTimestamp() });
}

// ---------- 2nd gen Firestore ----------

export const v2Created = onDocumentCreated('v2docs/{docId}', (event) =>
  record('v2Created', {
    id: event.id,
    type: event.type,
    time: event.time,
    source: event.source,
    subject: event.subject ?? null,
    document: event.document,
    database: event.database,
    params: event.params,
    after: dataOf(event.data),
    path: event.data?.ref.path ?? null,
    createTime: event.data?.createTime?.toDate().toISOString() ?? null,
  }),
);

export const v2Updated = onDocumentUpdated('v2docs/{docId}', (event) =>
  record('v2Updated', {
    id: event.id,
    params: event.params,
    before: dataOf(event.data?.before),
    after: dataOf(event.data?.after),
  }),
);

export const v2Deleted = onDocumentDeleted('v2docs/{docId}', (event) =>
  record('v2Deleted', { id: event.id, params: event.params, before: dataOf(event.data) }),
);

export const v2Written = onDocumentWritten('v2docs/{docId}', (event) =>
  record('v2Written', {
    id: event.id,
    type: event.type,
    params: event.params,
    before: dataOf(event.data?.before),
    after: dataOf(event.data?.after),
  }),
);

/** A sub-collection, two wildcards. */
export const v2Nested = onDocumentWritten('shops/{shopId}/items/{itemId}', (event) =>
  record('v2Nested', { id: event.id, params: event.params, after: dataOf(event.data?.after) }),
);

/** Another database than (default). */
export const v2NamedDb = onDocumentCreated({ document: 'named/{id}', database: 'second-db' }, (event) =>
  record('v2NamedDb', {
    id: event.id,
    database: event.database,
    params: event.params,
    after: dataOf(event.data),
  }),
);

/** Events of one document, in the order of its commits. */
export const v2Ordered = onDocumentWritten('ordered/{id}', async (event) => {
  // Uneven work, so that events sent side by side would finish out of order.
  const n = (event.data?.after?.get('n') as number | undefined) ?? -1;
  await new Promise((resolve) => setTimeout(resolve, n % 2 === 0 ? 150 : 0));
  await record('v2Ordered', { id: event.id, params: event.params, n });
});

/** Records that it ran, then fails: production does not retry it (no `retry: true`), nor do we. */
export const v2Throws = onDocumentCreated('throws/{id}', async (event) => {
  await record('v2Throws', { id: event.id, params: event.params });
  throw new Error('this function always fails');
});

export const v2Slow = onDocumentCreated('slow/{id}', async (event) => {
  await new Promise((resolve) => setTimeout(resolve, 4000));
  await record('v2Slow', { id: event.id, params: event.params });
});

/** Registered for a path nothing writes. */
export const v2NeverMatches = onDocumentCreated('never/{a}/matches/{b}', (event) =>
  record('v2NeverMatches', { id: event.id }),
);

export const v2WithAuth = onDocumentCreatedWithAuthContext('authored/{id}', (event) =>
  record('v2WithAuth', { id: event.id, authType: event.authType, authId: event.authId ?? null }),
);

// ---------- 1st gen Firestore ----------

const v1Doc = v1.firestore.document('v1docs/{docId}');

export const v1Create = v1Doc.onCreate((snapshot, context) =>
  record('v1Create', {
    id: context.eventId,
    eventType: context.eventType,
    time: context.timestamp,
    resource: context.resource.name,
    params: context.params,
    after: dataOf(snapshot),
    path: snapshot.ref.path,
  }),
);

export const v1Update = v1Doc.onUpdate((change, context) =>
  record('v1Update', {
    id: context.eventId,
    params: context.params,
    before: dataOf(change.before),
    after: dataOf(change.after),
  }),
);

export const v1Delete = v1Doc.onDelete((snapshot, context) =>
  record('v1Delete', { id: context.eventId, params: context.params, before: dataOf(snapshot) }),
);

export const v1Write = v1Doc.onWrite((change, context) =>
  record('v1Write', {
    id: context.eventId,
    eventType: context.eventType,
    params: context.params,
    before: dataOf(change.before),
    after: dataOf(change.after),
  }),
);

// ---------- Storage ----------

const objectEntry = (object: {
  name?: string;
  bucket?: string;
  contentType?: string;
  size?: string | number;
  metadata?: Record<string, string> | null;
  generation?: string | number;
}) => ({
  name: object.name ?? null,
  bucket: object.bucket ?? null,
  contentType: object.contentType ?? null,
  size: object.size !== undefined ? String(object.size) : null,
  metadata: object.metadata ?? null,
  generation: object.generation !== undefined ? String(object.generation) : null,
});

export const v2ObjectFinalized = onObjectFinalized(TRIGGER_FIXTURE_BUCKET, (event) =>
  record('v2ObjectFinalized', {
    id: event.id,
    type: event.type,
    bucketAttr: event.bucket,
    ...objectEntry(event.data),
  }),
);
export const v2ObjectDeleted = onObjectDeleted(TRIGGER_FIXTURE_BUCKET, (event) =>
  record('v2ObjectDeleted', { id: event.id, ...objectEntry(event.data) }),
);
export const v2ObjectMetadataUpdated = onObjectMetadataUpdated(TRIGGER_FIXTURE_BUCKET, (event) =>
  record('v2ObjectMetadataUpdated', { id: event.id, ...objectEntry(event.data) }),
);

export const v1ObjectFinalize = v1.storage
  .bucket(TRIGGER_FIXTURE_BUCKET)
  .object()
  .onFinalize((object, context) =>
    record('v1ObjectFinalize', { id: context.eventId, eventType: context.eventType, ...objectEntry(object) }),
  );
export const v1ObjectDelete = v1.storage
  .bucket(TRIGGER_FIXTURE_BUCKET)
  .object()
  .onDelete((object, context) => record('v1ObjectDelete', { id: context.eventId, ...objectEntry(object) }));
export const v1ObjectMetadataUpdate = v1.storage
  .bucket(TRIGGER_FIXTURE_BUCKET)
  .object()
  .onMetadataUpdate((object, context) =>
    record('v1ObjectMetadataUpdate', { id: context.eventId, ...objectEntry(object) }),
  );
