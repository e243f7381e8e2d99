import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/functions';
import type { PlaceOrderInput, PlaceOrderResult } from '../model/place-order-input';

const placeOrderCallable = httpsCallable<PlaceOrderInput, PlaceOrderResult>(functions, 'placeOrder');

// What the SDK reports when the request or its answer was lost on the way (status 0 reads as 'internal'): the
// order may or may not have been placed. With the same request id, asking again is safe either way.
const LOST_ON_THE_WAY = new Set([
  'functions/internal',
  'functions/unavailable',
  'functions/deadline-exceeded',
]);

/** Pauses before each retry: a phone that lost its signal gets a few seconds to find it again. */
export const RETRY_DELAYS_MS = [500, 1500, 3000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server to place the order. Only what the customer chose travels; the price and the total are
 * read and computed on the server, so a tampered page cannot change what an order costs. A request lost on the
 * way is sent again with the same request id, which the server answers with the order it already placed.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const {
    productId,
    quantity,
    customerName,
    customerPhone,
    customerAddress,
    paymentMethod,
    requestId,
    paymentTrxId,
    paymentPayer,
  } = input;
  const payload = {
    productId,
    quantity,
    customerName,
    customerPhone,
    customerAddress,
    paymentMethod,
    requestId,
    // A bKash/Nagad payment already sent: its TrxID and the number it came from (placeOrder claims it).
    ...(paymentTrxId !== undefined && { paymentTrxId }),
    ...(paymentPayer !== undefined && { paymentPayer }),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return (await placeOrderCallable(payload)).data;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const retryable = requestId !== undefined && typeof code === 'string' && LOST_ON_THE_WAY.has(code);
      if (!retryable || attempt >= RETRY_DELAYS_MS.length) throw error;
      await wait(RETRY_DELAYS_MS[attempt]);
    }
  }
}
