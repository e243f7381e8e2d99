// placeOrder puts its Bengali reason for an expected refusal (e.g. "not enough stock") in `details.message`:
// the JS SDK appends the HTTP status to `message` ("… [400]"). Transport failures carry a code-like English
// word ("internal", "unavailable") that means nothing to a shopper, so those fall back to the generic sentence.
const MEANINGLESS = new Set([
  '',
  'internal',
  'INTERNAL',
  'unavailable',
  'UNAVAILABLE',
  'deadline-exceeded',
  'unknown',
  'Failed to fetch',
]);

const HTTP_STATUS_SUFFIX = /\s*\[\d{3}\]$/;

/** The server's explanation of a failed order, or `fallback` when there is none worth showing. */
export function orderErrorMessage(error: unknown, fallback: string): string {
  const details = (error as { details?: { message?: unknown } } | null | undefined)?.details;
  if (typeof details?.message === 'string' && details.message.trim() !== '') return details.message.trim();
  const message = error instanceof Error ? error.message.replace(HTTP_STATUS_SUFFIX, '').trim() : '';
  return MEANINGLESS.has(message) ? fallback : message;
}
