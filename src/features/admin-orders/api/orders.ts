import { httpsCallable } from 'firebase/functions';
import type { OrderStatus, SetOrderStatusInput } from '@/features/ordering/model';
import { functions } from '@/lib/functions';

const setOrderStatus = httpsCallable<SetOrderStatusInput, { status: OrderStatus }>(
  functions,
  'setOrderStatus',
);

/**
 * Asks the server to move the order to a status. The server changes the stock with it (a cancelled order's
 * jars go back on the shelf) and may refuse with a Bengali reason, e.g. not enough stock to un-cancel.
 */
export async function updateOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
  await setOrderStatus({ orderId, status });
}
