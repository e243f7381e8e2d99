import { isFirestoreDocumentId } from './document-id';
import { holdsJars, isOrderStatus, type OrderStatus } from './order-status';

/**
 * How many jars go back on the shelf (positive) or come off it again (negative) when an order of `quantity`
 * jars moves from one status to another. A cancelled or returned order holds no jars; every other status does.
 */
export function stockChangeForStatus(from: OrderStatus, to: OrderStatus, quantity: number): number {
  const heldBefore = holdsJars(from);
  const heldAfter = holdsJars(to);
  if (heldBefore === heldAfter) return 0;
  return heldAfter ? -quantity : quantity;
}

/** A customer may cancel their own order only while the seller has not confirmed it. */
export function customerMayCancel(status: OrderStatus): boolean {
  return status === 'pending';
}

/**
 * The moves the seller may not make, each with why (a key of orderMessages.statusChange). A delivered order was
 * paid for and eaten: cancelling it would put jars back on the shelf that are not there. A parcel is returned
 * only from the road (refused at the door), and a returned one can only be sent out again.
 */
export type SellerStatusRefusal =
  'deliveredCannotBeCancelled' | 'returnOnlyWhileDelivering' | 'returnedOnlyResent';

export function sellerStatusRefusal(from: OrderStatus, to: OrderStatus): SellerStatusRefusal | null {
  if (from === to) return null;
  if (from === 'delivered' && to === 'cancelled') return 'deliveredCannotBeCancelled';
  if (to === 'returned' && from !== 'delivering') return 'returnOnlyWhileDelivering';
  if (from === 'returned' && to !== 'delivering') return 'returnedOnlyResent';
  return null;
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
