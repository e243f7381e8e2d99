/** A listing's page tokens and positions: where the next page starts, in GCS name order. */
import { badRequest } from './errors.js';
import { compareNames } from './state.js';

/** The folder a name or prefix lies in, without its trailing "/" ("" for the bucket's root). */
export function folderOf(key: string): string {
  return key.slice(0, key.lastIndexOf('/') + 1).replace(/\/+$/, '');
}

export interface PageCursor {
  key: string;
  isPrefix: boolean;
}

export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(`${cursor.isPrefix ? 'p' : 'i'}:${cursor.key}`, 'utf8').toString('base64url');
}

export function decodePageToken(token: string): PageCursor {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!/^[pi]:/.test(text) || text.length < 3) throw badRequest('Invalid pageToken.');
  return { key: text.slice(2), isPrefix: text[0] === 'p' };
}

/** Binary search for the first name not sorting before `key`. */
export function firstIndexAtOrAfter(names: readonly string[], key: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareNames(names[mid], key) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
