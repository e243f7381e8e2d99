/**
 * A query the emulator refused because it needs a composite index, as production reports it. The emulator's
 * reason carries the index as firestore.indexes.json writes it; production's carries a link to create it in the
 * Firebase console, `…/firestore/indexes?create_composite=<the Index message, protobuf, base64>`. Both are
 * shown, so what a developer sees here is what the deployed app would log, and what to paste to avoid it.
 * The Index message: name (1), query_scope (2: COLLECTION 1, COLLECTION_GROUP 2), fields (3), each field_path
 * (1), order (2: ASCENDING 1, DESCENDING 2) or array_config (3: CONTAINS 1) — google/firestore/admin/v1/index.proto.
 */
import { Writer } from 'protobufjs/minimal';

export interface IndexJson {
  collectionGroup: string;
  queryScope?: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: { fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS' }[];
}

const REQUIRES_INDEX = 'The query requires an index.';

/** The index a refusal names, or null when the refusal is about something else. */
export function indexOfRefusal(detail: string | null | undefined): IndexJson | null {
  if (!detail?.startsWith(REQUIRES_INDEX)) return null;
  const start = detail.indexOf('{');
  if (start < 0) return null;
  try {
    const json = JSON.parse(detail.slice(start)) as IndexJson;
    return typeof json.collectionGroup === 'string' && Array.isArray(json.fields) ? json : null;
  } catch {
    return null;
  }
}

/** Production's link to create the index in the Firebase console. */
export function createIndexLink(projectId: string, index: IndexJson): string {
  const writer = Writer.create();
  writer
    .uint32((1 << 3) | 2)
    .string(`projects/${projectId}/databases/(default)/collectionGroups/${index.collectionGroup}/indexes/_`);
  writer.uint32((2 << 3) | 0).int32(index.queryScope === 'COLLECTION_GROUP' ? 2 : 1);
  for (const field of index.fields) {
    writer.uint32((3 << 3) | 2).fork();
    writer.uint32((1 << 3) | 2).string(field.fieldPath);
    if (field.arrayConfig) writer.uint32((3 << 3) | 0).int32(1);
    else writer.uint32((2 << 3) | 0).int32(field.order === 'DESCENDING' ? 2 : 1);
    writer.ldelim();
  }
  const encoded = btoa(String.fromCharCode(...writer.finish())).replace(/=+$/, '');
  return `https://console.firebase.google.com/v1/r/project/${projectId}/firestore/indexes?create_composite=${encoded}`;
}

/** Production's words for the refusal (what the SDK logs: the gRPC status, then the message). */
export const productionMessage = (projectId: string, index: IndexJson) =>
  `FAILED_PRECONDITION: ${REQUIRES_INDEX} You can create it here: ${createIndexLink(projectId, index)}`;
