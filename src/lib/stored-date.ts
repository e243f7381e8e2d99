/**
 * The one reader of a stored moment: a Firestore Timestamp (anything with `toDate()`, so the web SDK's and the
 * admin SDK's all read alike) or a Date. Anything else, including a server timestamp not yet
 * resolved, reads as null, so a malformed document shows "no date" instead of breaking a list.
 */
export function storedDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    'toDate' in value &&
    typeof value.toDate === 'function'
  ) {
    const date: unknown = value.toDate();
    return date instanceof Date ? date : null;
  }
  return null;
}

/** A stored moment as milliseconds since 1970 (to compare two of them), or null as storedDate has it. */
export function storedMillis(value: unknown): number | null {
  return storedDate(value)?.getTime() ?? null;
}
