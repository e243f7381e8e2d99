/**
 * The Bengali reason a callable gave for refusing (the functions put it in `details.message`, because the SDK
 * appends " [400]" to `message`), or undefined for a failure without one (network, server fault).
 */
export function refusalReason(error: unknown): string | undefined {
  const details = (error as { details?: { message?: unknown } } | null | undefined)?.details;
  return typeof details?.message === 'string' && details.message.trim() !== ''
    ? details.message.trim()
    : undefined;
}
