/** Builds the `request` and `resource` variables of a rules evaluation from the emulators' request shapes. */
import type { CallerAuth } from '../shared/auth-token.js';
import { fail } from './errors.js';
import { documentToResource, fromJson } from './firestore-values.js';
import type { RulesQueryInfo, RulesRequest, StorageObjectInfo } from './types.js';
import { RulesPath, RulesTimestamp, type RulesMap, type Value } from './values.js';

function authValue(auth: CallerAuth | null): Value {
  if (!auth) return null;
  return new Map<string, Value>([
    ['uid', auth.uid],
    ['token', fromJson(auth.token)],
  ]);
}

function timestampOrNull(text: string | undefined): Value {
  return text === undefined ? null : RulesTimestamp.parse(text);
}

function intOrString(text: string | undefined): Value {
  if (text === undefined) return null;
  return /^-?\d+$/.test(text) ? BigInt(text) : text;
}

/**
 * A Cloud Storage object as rules see it (rules.firebase.storage.Resource): exactly the documented fields, so a
 * rule reading anything else (e.g. `cacheControl`) fails as in production.
 *
 * `request.resource` is the object as it would be stored, and carries the documented fields "with the exception
 * of generation, metageneration, etag, timeCreated, and updated": the server assigns those only once the write
 * succeeds, so a rule that reads them from `request.resource` is an error (a denial), as in production.
 */
export function storageObjectToResource(object: StorageObjectInfo, incoming = false): RulesMap {
  const metadata: RulesMap = new Map(Object.entries(object.metadata ?? {}));
  const resource = new Map<string, Value>([
    ['name', object.name],
    ['bucket', object.bucket],
    ['size', BigInt(Math.trunc(object.size))],
    ['contentType', object.contentType],
    ['metadata', metadata],
    ['md5Hash', object.md5Hash ?? null],
    ['crc32c', object.crc32c ?? null],
    ['contentEncoding', object.contentEncoding ?? null],
    ['contentDisposition', object.contentDisposition ?? null],
    ['contentLanguage', object.contentLanguage ?? null],
  ]);
  if (!incoming) {
    resource.set('etag', object.etag ?? null);
    resource.set('generation', intOrString(object.generation));
    resource.set('metageneration', intOrString(object.metageneration));
    resource.set('timeCreated', timestampOrNull(object.timeCreated));
    resource.set('updated', timestampOrNull(object.updated));
  }
  return resource;
}

function queryValue(query: RulesQueryInfo | undefined): Value {
  if (!query) return null;
  return new Map<string, Value>([
    ['limit', query.limit === undefined ? null : BigInt(query.limit)],
    ['offset', query.offset === undefined ? null : BigInt(query.offset)],
    ['orderBy', query.orderBy ?? []],
  ]);
}

export interface RequestVariables {
  request: RulesMap;
  resource: Value;
}

// One query or batch evaluates the rules many times with the same request.time; parse it once.
let lastTime: { text: string; value: RulesTimestamp | null } = { text: '', value: null };

function requestTime(text: string): RulesTimestamp | null {
  if (lastTime.text !== text) lastTime = { text, value: RulesTimestamp.parse(text) };
  return lastTime.value;
}

export function requestVariables(request: RulesRequest): RequestVariables {
  const time = requestTime(request.time);
  if (!time) fail(`request.time ${JSON.stringify(request.time)} is not an RFC 3339 timestamp.`);
  const variables = new Map<string, Value>([
    ['auth', authValue(request.auth)],
    ['method', request.method],
    ['path', RulesPath.parse(request.path)],
    ['time', time],
  ]);
  if (request.service === 'cloud.firestore') {
    variables.set('resource', request.requestResource ? documentToResource(request.requestResource) : null);
    variables.set('query', queryValue(request.query));
    return { request: variables, resource: request.resource ? documentToResource(request.resource) : null };
  }
  variables.set(
    'resource',
    request.requestResource ? storageObjectToResource(request.requestResource, true) : null,
  );
  return {
    request: variables,
    resource: request.resource ? storageObjectToResource(request.resource) : null,
  };
}
