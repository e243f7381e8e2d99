import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/functions';
import type { PlaceOrderInput, PlaceOrderResult } from '../model/place-order-input';

const placeOrderCallable = httpsCallable<PlaceOrderInput, PlaceOrderResult>(functions, 'placeOrder');

/**
 * Asks the server to place the order. Only what the customer chose travels; the price and the total are
 * read and computed on the server, so a tampered page cannot change what an order costs.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { productId, quantity, customerName, customerPhone, customerAddress, paymentMethod } = input;
  const result = await placeOrderCallable({
    productId,
    quantity,
    customerName,
    customerPhone,
    customerAddress,
    paymentMethod,
  });
  return result.data;
}
