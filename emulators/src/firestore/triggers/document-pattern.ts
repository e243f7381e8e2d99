/**
 * The document paths a trigger listens to, as firebase-functions registers them: `orders/{id}` (a
 * wildcard is one segment), `users/{uid}/photos/{photoId}`, and Eventarc's path patterns `*` (one segment),
 * `**` and `{name=**}` (any number of segments, at least one). A pattern matches a whole document path.
 */

type Part =
  { kind: 'literal'; text: string } | { kind: 'one'; name?: string } | { kind: 'many'; name?: string };

export interface DocumentPattern {
  readonly text: string;
  /** The wildcards' values when `segments` (a document path) matches; null when it does not. */
  match(segments: readonly string[]): Record<string, string> | null;
}

export function parseDocumentPattern(text: string): DocumentPattern {
  const trimmed = text.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') throw new Error('A trigger needs a document path pattern');
  const parts = trimmed.split('/').map(parsePart);
  return { text: trimmed, match: (segments) => matchParts(parts, 0, segments, 0, {}) };
}

function parsePart(segment: string): Part {
  if (segment === '*') return { kind: 'one' };
  if (segment === '**') return { kind: 'many' };
  const wildcard = /^\{([^{}=]+)(=\*\*)?\}$/.exec(segment);
  if (wildcard) return { kind: wildcard[2] ? 'many' : 'one', name: wildcard[1] };
  if (/[{}]/.test(segment)) throw new Error(`Invalid segment "${segment}" in a trigger's document pattern`);
  return { kind: 'literal', text: segment };
}

function matchParts(
  parts: readonly Part[],
  p: number,
  segments: readonly string[],
  s: number,
  params: Record<string, string>,
): Record<string, string> | null {
  if (p === parts.length) return s === segments.length ? params : null;
  const part = parts[p];
  if (s >= segments.length) return null;
  if (part.kind === 'literal') {
    return part.text === segments[s] ? matchParts(parts, p + 1, segments, s + 1, params) : null;
  }
  if (part.kind === 'one') {
    const next = part.name ? { ...params, [part.name]: segments[s] } : params;
    return matchParts(parts, p + 1, segments, s + 1, next);
  }
  // `many`: the longest run first, leaving at least one segment to each later part.
  for (let end = segments.length; end > s; end--) {
    const next = part.name ? { ...params, [part.name]: segments.slice(s, end).join('/') } : params;
    const found = matchParts(parts, p + 1, segments, end, next);
    if (found) return found;
  }
  return null;
}
