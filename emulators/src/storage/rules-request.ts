/** The request and object the storage rules see, built in one place for real requests and rules questions. */
import type { Caller } from '../shared/auth-token.js';
import type { RulesMethod, StorageObjectInfo, StorageRulesRequest } from '../rules/types.js';
import type { StoredObject } from './stored-object.js';

/** The request the rules see: the one place it is built, for real requests and rules questions. */
export function storageRulesRequest(
  caller: Caller,
  method: RulesMethod,
  bucket: string,
  name: string,
  resource: StoredObject | null,
  requestResource: StoredObject | null,
): StorageRulesRequest {
  return {
    service: 'firebase.storage',
    path: `/b/${bucket}/o/${name}`,
    method,
    auth: caller.kind === 'user' ? caller.auth : null,
    time: new Date().toISOString(),
    resource: resource && toRulesObject(resource),
    requestResource: requestResource && toRulesObject(requestResource),
  };
}

/** The object as storage rules see it (`resource` / `request.resource`). */
export function toRulesObject(object: StoredObject): StorageObjectInfo {
  return {
    bucket: object.bucket,
    name: object.name,
    size: object.bytes.length,
    contentType: object.contentType,
    contentEncoding: object.contentEncoding,
    contentDisposition: object.contentDisposition,
    contentLanguage: object.contentLanguage,
    cacheControl: object.cacheControl,
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.etag,
    generation: object.generation,
    metageneration: String(object.metageneration),
    timeCreated: object.timeCreated,
    updated: object.updated,
    metadata: { ...object.customMetadata },
  };
}
