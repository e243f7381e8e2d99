// Callable failures carry the server's message (Bengali, from placeOrder) for expected refusals such as
// "not enough stock". Transport failures carry a code-like English word ("internal", "unavailable") that
// means nothing to a shopper, so those fall back to the generic Bengali sentence.
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

/** The server's explanation of a failed order, or `fallback` when there is none worth showing. */
export function orderErrorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return MEANINGLESS.has(message) ? fallback : message;
}
