import type { OrderStatus } from '@/features/ordering/model/order-status';
import type { SetOrderStatusInput } from '@/features/ordering/model/status-change';

/**
 * Asks the server to cancel one of the customer's own orders; it puts the jars back on the shelf in the same
 * transaction and refuses (with a Bengali reason) once the seller has confirmed the order. The Functions SDK
 * is loaded on first use, so /orders does not carry it until a customer cancels.
 */
export async function cancelMyOrder(orderId: string): Promise<void> {
  const [{ httpsCallable }, { functions }] = await Promise.all([
    import('firebase/functions'),
    import('@/lib/functions'),
  ]);
  const setOrderStatus = httpsCallable<SetOrderStatusInput, { status: OrderStatus }>(
    functions,
    'setOrderStatus',
  );
  await setOrderStatus({ orderId, status: 'cancelled' });
}
