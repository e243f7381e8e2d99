/**
 * A parser for `multipart/related` bodies (RFC 2387), the form both SDKs use for one-shot uploads:
 * part 1 is the JSON metadata, part 2 the object's bytes. busboy cannot be used here: it accepts only
 * multipart/form-data and skips parts without a form-data Content-Disposition, which these parts lack.
 * The body is already buffered (uploads are size-capped), so a Buffer scan is enough.
 */
import { badRequest } from './errors.js';
import { parseMetadataPatch, type MetadataPatch } from './metadata.js';

export interface MultipartPart {
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: Buffer;
}

export function boundaryOf(contentType: string | undefined): string {
  const match = /^\s*multipart\/related\s*(?:;(.*))?$/i.exec(contentType ?? '');
  if (!match) throw badRequest('A multipart upload needs Content-Type "multipart/related; boundary=…".');
  const param = /(?:^|;)\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(match[1] ?? '');
  const boundary = param?.[1] ?? param?.[2];
  if (!boundary) throw badRequest('The multipart Content-Type has no boundary parameter.');
  return boundary;
}

export function parseMultipartRelated(contentType: string | undefined, body: Buffer): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`, 'latin1');
  let position = body.indexOf(delimiter);
  if (position < 0) throw badRequest('The multipart body does not contain its boundary.');
  const parts: MultipartPart[] = [];
  for (;;) {
    position += delimiter.length;
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts; // "--": closing delimiter
    position = skipLineEnd(body, position);
    const headerEnd = findHeaderEnd(body, position);
    if (headerEnd === null) throw badRequest('A multipart part has no end of headers.');
    const headers = parseHeaders(body.subarray(position, headerEnd.start).toString('latin1'));
    const next = body.indexOf(delimiter, headerEnd.end);
    if (next < 0) throw badRequest('The multipart body is not terminated by its closing boundary.');
    // The line break before a delimiter belongs to the delimiter, not to the part.
    let partEnd = next;
    if (body[partEnd - 1] === 0x0a) partEnd -= body[partEnd - 2] === 0x0d ? 2 : 1;
    parts.push({ headers, body: body.subarray(headerEnd.end, Math.max(partEnd, headerEnd.end)) });
    position = next;
  }
}

/** A one-shot upload body: part 1 the JSON metadata, part 2 the bytes (its Content-Type the fallback type). */
export function parseMultipartUpload(
  contentType: string | undefined,
  body: Buffer,
): { metadata: MetadataPatch; bytes: Buffer } {
  const parts = parseMultipartRelated(contentType, body);
  if (parts.length !== 2)
    throw badRequest(`A multipart upload needs 2 parts (metadata, data), got ${parts.length}.`);
  let json: unknown;
  try {
    json = parts[0].body.length > 0 ? JSON.parse(parts[0].body.toString('utf8')) : undefined;
  } catch {
    throw badRequest('The metadata part of the multipart upload is not valid JSON.');
  }
  const metadata = parseMetadataPatch(json);
  metadata.contentType ??= parts[1].headers['content-type'];
  return { metadata, bytes: parts[1].body };
}

function skipLineEnd(body: Buffer, position: number): number {
  while (body[position] === 0x20 || body[position] === 0x09) position++; // transport padding
  if (body[position] === 0x0d && body[position + 1] === 0x0a) return position + 2;
  if (body[position] === 0x0a) return position + 1;
  throw badRequest('Malformed multipart delimiter line.');
}

function findHeaderEnd(body: Buffer, from: number): { start: number; end: number } | null {
  // A part without headers starts directly with the blank line.
  if (body[from] === 0x0d && body[from + 1] === 0x0a) return { start: from, end: from + 2 };
  if (body[from] === 0x0a) return { start: from, end: from + 1 };
  const crlf = body.indexOf('\r\n\r\n', from, 'latin1');
  const lf = body.indexOf('\n\n', from, 'latin1');
  if (crlf >= 0 && (lf < 0 || crlf <= lf)) return { start: crlf, end: crlf + 4 };
  if (lf >= 0) return { start: lf, end: lf + 2 };
  return null;
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw badRequest(`Malformed multipart header line "${line}".`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
