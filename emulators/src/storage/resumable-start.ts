/**
 * The first request of a resumable upload, as both APIs send it: the object's metadata as a JSON body, its name in
 * the URL or the metadata, and the content type and size announced in headers whose names differ per API.
 */
import type { IncomingMessage } from 'node:http';
import type { Caller } from '../shared/auth-token.js';
import { badRequest } from './errors.js';
import { readBody } from '../shared/http/request.js';
import { headerValue, parseJsonBody } from './http.js';
import { parseMetadataPatch } from './metadata.js';
import type { StorageOperations } from './operations.js';

/** Room for the JSON metadata of an upload, beside its bytes. */
export const METADATA_ALLOWANCE = 1024 * 1024;

export interface ResumableStartOptions {
  bucket: string;
  nameInUrl: string | null | undefined;
  /** Header announcing the object's content type, e.g. `x-goog-upload-header-content-type`. */
  typeHeader: string;
  /** Header announcing the object's size in bytes, e.g. `x-goog-upload-header-content-length`. */
  lengthHeader: string;
  issueDownloadToken: boolean;
}

export async function openResumableUpload(
  operations: StorageOperations,
  caller: Caller,
  req: IncomingMessage,
  options: ResumableStartOptions,
): Promise<{ id: string; name: string }> {
  const metadata = parseMetadataPatch(parseJsonBody(await readBody(req, METADATA_ALLOWANCE)));
  metadata.contentType ??= headerValue(req, options.typeHeader);
  const name = options.nameInUrl ?? metadata.name;
  if (!name) throw badRequest('The upload names no object: pass ?name= or "name" in the metadata.');
  const announced = headerValue(req, options.lengthHeader);
  if (announced !== undefined && !/^\d+$/.test(announced)) {
    const shown = options.lengthHeader.replace(
      /(^|-)([a-z])/g,
      (_m, dash: string, c: string) => dash + c.toUpperCase(),
    );
    throw badRequest(`${shown} must be a non-negative integer.`);
  }
  const session = operations.startResumableUpload(caller, {
    bucket: options.bucket,
    name,
    metadata,
    declaredSize: announced === undefined ? undefined : Number(announced),
    issueDownloadToken: options.issueDownloadToken,
  });
  return { id: session.id, name };
}
