import { createHash } from 'node:crypto';

/** How long placeOrder answers a repeated request with its order; after that the id is refused as expired. */
export const ORDER_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The id of the order a customer's request places: the same request of the same customer always names the same
 * order document, so a repeated call finds the order it already placed; two customers sending the same request
 * id (guessed or copied) name two unrelated documents, so an id never leads to someone else's order.
 */
export function orderIdForRequest(uid: string, requestId: string): string {
  const digest = createHash('sha256').update(`${uid}\n${requestId}`).digest();
  // 20 characters of base 62 from 20 bytes (the tiny bias of byte % 62 is harmless for an id): ~119 bits.
  let id = '';
  for (let i = 0; i < 20; i++) id += ALPHABET[digest[i] % 62];
  return id;
}

/** Whether a repeated request came too late to be answered with the order it placed. */
export function requestExpired(placedAt: Date | null, now: Date): boolean {
  return placedAt === null || now.getTime() - placedAt.getTime() > ORDER_REQUEST_TTL_MS;
}
