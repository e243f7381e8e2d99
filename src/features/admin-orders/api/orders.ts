import { httpsCallable } from 'firebase/functions';
import type { OrderStatus, SetOrderStatusInput } from '@/features/ordering/model';
import { functions } from '@/lib/functions';

/** What setOrderStatus answers: the new status and, when not every returned jar fit in stock, a Bengali notice. */
export interface StatusChangeResult {
  status: OrderStatus;
  notice?: string;
}

const setOrderStatus = httpsCallable<SetOrderStatusInput, StatusChangeResult>(functions, 'setOrderStatus');

/**
 * Asks the server to move the order to a status. The server changes the stock with it (a cancelled order's
 * jars go back on the shelf) and may refuse with a Bengali reason, e.g. not enough stock to un-cancel.
 */
export async function updateOrderStatus(orderId: string, status: OrderStatus): Promise<StatusChangeResult> {
  return (await setOrderStatus({ orderId, status })).data;
}

/**
 * Takes back the seller's last status change (a mis-click), within UNDO_MINUTES of it: the order returns to the
 * status it had, with its jars and money. The server refuses a late one with a Bengali reason.
 */
export async function undoOrderStatus(orderId: string): Promise<StatusChangeResult> {
  return (await setOrderStatus({ orderId, undo: true })).data;
}
