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

/** A Cloud Storage object as rules see it (rules.firebase.storage.Resource). */
export function storageObjectToResource(object: StorageObjectInfo): RulesMap {
  const metadata: RulesMap = new Map(Object.entries(object.metadata ?? {}));
  const resource = new Map<string, Value>([
    ['name', object.name],
    ['bucket', object.bucket],
    ['size', BigInt(Math.trunc(object.size))],
    ['contentType', object.contentType],
    ['metadata', metadata],
    ['md5Hash', object.md5Hash ?? null],
    ['crc32c', object.crc32c ?? null],
    ['etag', object.etag ?? null],
    ['generation', intOrString(object.generation)],
    ['metageneration', intOrString(object.metageneration)],
    ['timeCreated', timestampOrNull(object.timeCreated)],
    ['updated', timestampOrNull(object.updated)],
    ['contentEncoding', object.contentEncoding ?? null],
    ['contentDisposition', object.contentDisposition ?? null],
    ['contentLanguage', object.contentLanguage ?? null],
    ['cacheControl', object.cacheControl ?? null],
  ]);
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
    request.requestResource ? storageObjectToResource(request.requestResource) : null,
  );
  return {
    request: variables,
    resource: request.resource ? storageObjectToResource(request.resource) : null,
  };
}
