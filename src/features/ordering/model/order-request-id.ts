// One confirmation of the order dialog is one order request: the dialog makes its id once and sends it with
// every try, so placeOrder can answer a repeated request (the shopper's second tap after a lost answer, the
// dialog's own retry after a network error) with the order it already placed instead of placing another.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 20;

/** The shape of a request id: 20 letters and digits, like a Firestore auto-id (~119 bits of randomness). */
export const ORDER_REQUEST_ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/** A new random request id (Web Crypto, in the browser and in Node alike). */
export function newOrderRequestId(): string {
  let id = '';
  while (id.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH))) {
      // Bytes from 248 up are dropped: 248 = 4 × 62, so every letter stays equally likely.
      if (byte < 248 && id.length < LENGTH) id += ALPHABET[byte % 62];
    }
  }
  return id;
}
