import { isFirestoreDocumentId } from './document-id';
import { isOrderStatus, type OrderStatus } from './order-status';

/**
 * How many jars go back on the shelf (positive) or come off it again (negative) when an order of `quantity`
 * jars moves from one status to another. A cancelled order holds no jars; every other status holds them.
 */
export function stockChangeForStatus(from: OrderStatus, to: OrderStatus, quantity: number): number {
  const heldBefore = from !== 'cancelled';
  const heldAfter = to !== 'cancelled';
  if (heldBefore === heldAfter) return 0;
  return heldAfter ? -quantity : quantity;
}

/** A customer may cancel their own order only while the seller has not confirmed it. */
export function customerMayCancel(status: OrderStatus): boolean {
  return status === 'pending';
}

/** What the setOrderStatus callable accepts. */
export interface SetOrderStatusInput {
  orderId: string;
  status: OrderStatus;
}

/** The payload as a SetOrderStatusInput, or null when it is not one (unknown status, impossible id). */
export function parseSetOrderStatusInput(data: unknown): SetOrderStatusInput | null {
  if (typeof data !== 'object' || data === null) return null;
  const { orderId, status } = data as Record<string, unknown>;
  if (typeof orderId !== 'string' || !isFirestoreDocumentId(orderId) || !isOrderStatus(status)) return null;
  return { orderId, status };
}
