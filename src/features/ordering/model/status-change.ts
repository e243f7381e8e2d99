import { isFirestoreDocumentId } from './document-id';
import { isOrderStatus, type OrderStatus } from './order-status';

/** What the setOrderStatus callable accepts: a status to set, or `undo: true` for the seller's last change. */
export type SetOrderStatusInput = { orderId: string } & ({ status: OrderStatus } | { undo: true });

/** The payload as a SetOrderStatusInput, or null when it is not one (unknown status, impossible id). */
export function parseSetOrderStatusInput(data: unknown): SetOrderStatusInput | null {
  if (typeof data !== 'object' || data === null) return null;
  const { orderId, status, undo } = data as Record<string, unknown>;
  if (typeof orderId !== 'string' || !isFirestoreDocumentId(orderId)) return null;
  if (undo === true) return status === undefined ? { orderId, undo: true } : null;
  return isOrderStatus(status) ? { orderId, status } : null;
}
