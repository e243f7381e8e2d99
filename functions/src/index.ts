import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { placeOrder as placeOrderFor } from './place-order';
import { setOrderStatus as setOrderStatusFor } from './set-order-status';

initializeApp();
setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

/** placeOrder({ productId, quantity, customerName, customerPhone, customerAddress, paymentMethod }) → { orderId } */
export const placeOrder = onCall((request) => placeOrderFor(getFirestore(), request.auth, request.data));

/**
 * setOrderStatus({ orderId, status }) → { status }: admins set any status, a customer cancels their own pending
 * order; the order's jars go back to stock or come off it in the same transaction.
 */
export const setOrderStatus = onCall((request) =>
  setOrderStatusFor(getFirestore(), request.auth, request.data),
);

/**
 * `/p/<slug>` and `/sitemap.xml`, behind Hosting's rewrites (firebase.json): ./pages.ts, bundled apart
 * (lib/pages.js, build.mjs) and loaded at the first request, so the callables' cold start never reads it.
 */
const PAGES_BUNDLE = './pages.js';
export const pages = onRequest(async (request, response) => {
  const { answerPage, hostedShell } = (await import(PAGES_BUNDLE)) as typeof import('./pages');
  const answer = await answerPage(getFirestore(), request, hostedShell);
  response.status(answer.status).set(answer.headers).send(answer.body);
});
