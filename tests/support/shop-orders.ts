/**
 * Orders a suite needs as its starting point, placed the way the shop places every order — through the
 * placeOrder callable, as the customer — but from Node, not through the order dialog: the dialog's journey is
 * walked once (storefront.test.ts, payments.test.ts, tap-replay.test.ts); a suite about the seller's edit, the
 * customer's cancel or the mail only needs the order to exist, with its stock, history and statistics as
 * placeOrder writes them.
 */
import { readProjectConfig } from '../../emulators/src/config.js';
import { newOrderRequestId } from '../../src/features/ordering/model/order-request-id';
import type { PlaceOrderInput, PlaceOrderResult } from '../../src/features/ordering/model/place-order-input';
import { shopAdminFirestore, uniqueEmail, type Account } from './shop-browser';

const { auth, functions, projectId } = readProjectConfig();
const AUTH = `http://${auth.host}:${auth.port}/identitytoolkit.googleapis.com/v1`;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok || answer.error)
    throw new Error(`${url}: ${response.status} ${JSON.stringify(answer.error)}`);
  return answer;
}

/** A new shopper's account, opened as the sign-up form opens one (no browser needed). */
export async function newShopperAccount(who: string): Promise<Account> {
  const account = { email: uniqueEmail(who), password: 'achar-e2e-123' };
  await post(`${AUTH}/accounts:signUp?key=demo-api-key`, { ...account, returnSecureToken: true });
  return account;
}

const signIn = (account: Account) =>
  post<{ idToken: string; localId: string }>(`${AUTH}/accounts:signInWithPassword?key=demo-api-key`, {
    ...account,
    returnSecureToken: true,
  });

/**
 * Sets `phone` (01XXXXXXXXX) on the shopper `account` as the order dialog's phone code would have verified it:
 * the account's next ID token carries it (phone_number).
 */
export async function verifyPhoneOf(account: Account, phone: string): Promise<void> {
  const { localId } = await signIn(account);
  await post(
    `${AUTH}/projects/${projectId}/accounts:update`,
    { localId, phoneNumber: `+88${phone}` },
    { Authorization: 'Bearer owner' },
  );
}

/**
 * Places `order` as the shopper `account` (an account of the suite's own, e.g. from signUp): its phone number is
 * set on the account as the order dialog's phone code would have verified it, and the callable is asked with the
 * account's ID token. Returns the order's id.
 */
export async function placeOrderAs(
  account: Account,
  order: Omit<PlaceOrderInput, 'requestId'>,
): Promise<string> {
  await verifyPhoneOf(account, order.customerPhone);
  // Signed in again: the new ID token carries the verified number (phone_number), as after the phone code.
  const { idToken } = await signIn(account);
  const { result } = await post<{ result: PlaceOrderResult }>(
    `http://${functions.host}:${functions.port}/${projectId}/us-central1/placeOrder`,
    { data: { ...order, requestId: newOrderRequestId() } },
    { Authorization: `Bearer ${idToken}` },
  );
  return result.orderId;
}

/**
 * A jar on sale with a few left, to order from (the first active product can be one another suite has sold out):
 * its id and name.
 */
export async function jarOnSale(): Promise<{ id: string; name: string }> {
  const products = await shopAdminFirestore().collection('products').where('is_active', '==', true).get();
  const jar = products.docs.find((doc) => ((doc.get('stock_quantity') as number) ?? 0) >= 5);
  if (!jar) throw new Error('No jar on sale with 5 or more in stock');
  return { id: jar.id, name: jar.get('name') as string };
}
