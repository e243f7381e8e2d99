import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentCreated, onDocumentUpdated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onObjectDeleted, onObjectFinalized } from 'firebase-functions/v2/storage';
import { getStorage } from 'firebase-admin/storage';
import { defineSecret, defineString } from 'firebase-functions/params';
import { notifySellerOfOrder as notifySellerOfOrderIn } from './order-mail';
import {
  deleteProductPhotoSizes as deleteSizesOf,
  markProductPhotoSized,
  resizeProductPhoto as resize,
} from './product-photo-sizes';
import { placeOrder as placeOrderFor } from './place-order';
import { setOrderStatus as setOrderStatusFor } from './set-order-status';
import { submitPayment as submitPaymentFor } from './submit-payment';
import { reviewPayment as reviewPaymentFor } from './review-payment';
import { expireUnpaidOrders as expireUnpaidOrdersIn } from './expire-unpaid-orders';
import { editOrder as editOrderFor } from './edit-order';
import { checkLowStock } from './low-stock';
import { countShelf } from './shelf-lots';
import { smsCustomerOnStatus as smsCustomerOnStatusIn } from './order-sms';
import { recordRefund as recordRefundFor } from './record-refund';
import { sendEveningSummary } from './evening-summary';
import { bookCourier as bookCourierFor } from './courier/book-courier';
import { answerCourierWebhook, pollCourierParcels } from './courier/courier-state';
import { courierStatus as courierStatusFor } from './courier/courier-status';
import { recordCourierPayout as recordCourierPayoutFor } from './courier/record-courier-payout';
import { STEADFAST_BASE_URL, steadfastCourier } from './courier/steadfast';
import { cspViolations, parsedReport } from './csp-report';

initializeApp();
setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

/**
 * The shop's address, for links in the seller's mail and the product pages' canonical addresses and template:
 * functions/.env (deployed), .env.local (emulators). The
 * default is for a copy of the package without them (the tests' private one), which must still load.
 */
const SHOP_URL = defineString('SHOP_URL', { default: 'https://keraniganjachar.com.bd' });

/**
 * placeOrder({ productId, quantity, customerName, customerPhone, customerAddress, paymentMethod, requestId?,
 * paymentTrxId?, paymentPayer? }) → { orderId }
 */
export const placeOrder = onCall((request) => placeOrderFor(getFirestore(), request.auth, request.data));

/**
 * setOrderStatus({ orderId, status } | { orderId, undo: true }) → { status, notice? }: admins set a status or undo
 * their last change within minutes, a customer cancels their own pending order; what may move and what it does to
 * the jars and the money is the order ledger's (./move-order.ts).
 */
export const setOrderStatus = onCall((request) =>
  setOrderStatusFor(getFirestore(), request.auth, request.data),
);

/**
 * submitPayment({ orderId, trxId, payer }) → { payment_state: 'claimed' }: the customer of a bKash/Nagad order
 * gives the TrxID of the money sent; it is claimed for that order alone.
 */
export const submitPayment = onCall((request) =>
  submitPaymentFor(getFirestore(), request.auth, request.data),
);

/**
 * editOrder({ orderId, quantity?, customerName?, customerPhone?, customerAddress? }) → { changed }: the seller
 * before dispatch, the customer (address, phone) while pending; stock, totals, roll-ups and summaries move with it.
 */
export const editOrder = onCall((request) => editOrderFor(getFirestore(), request.auth, request.data));

/**
 * reviewPayment({ orderId, decision: 'verify' | 'reject' | 'move', reason?, toOrderId? }) → { payment_state }: the
 * seller's check of a claimed TrxID; a rejected one is free again, a moved one claims the order it paid.
 */
export const reviewPayment = onCall((request) =>
  reviewPaymentFor(getFirestore(), request.auth, request.data),
);

/** recordRefund({ orderId, amount, trxId }) → { refunded_amount }: the seller sent money owed back. */
export const recordRefund = onCall((request) => recordRefundFor(getFirestore(), request.auth, request.data));

/**
 * Every 15 minutes (Dhaka time), cancels the orders whose bKash/Nagad payment did not come before their
 * `payment_due_at`, returning their jars (./expire-unpaid-orders.ts). Cloud Scheduler calls it when deployed;
 * locally `npm start` and the tests' shop do (emulators/src/scheduler, docs/scheduled-functions.md). A failed
 * order fails the run, so the next one tries it again and the failure shows in the logs.
 */
export const expireUnpaidOrders = onSchedule(
  { schedule: 'every 15 minutes', timeZone: 'Asia/Dhaka', region: 'us-central1' },
  async () => {
    const report = await expireUnpaidOrdersIn(getFirestore());
    logger.info('expireUnpaidOrders', report);
    if (report.failed.length > 0)
      throw new Error(`expireUnpaidOrders: ${report.failed.length} order(s) could not be cancelled`);
  },
);

/**
 * `/` (the jars on sale), `/p/<slug>` and `/sitemap.xml`, behind Hosting's rewrites (firebase.json): ./pages.ts,
 * bundled apart (lib/pages.js, build.mjs) and loaded at the first request, so the callables' cold start never
 * reads it. The pages name the shop by SHOP_URL and take their template from it, whatever host a request names.
 */
const PAGES_BUNDLE = './pages.js';
export const pages = onRequest(async (request, response) => {
  const { answerPage, encodedAnswer, hostedShell, pageSecurityHeaders, shopOrigin } = (await import(
    PAGES_BUNDLE
  )) as typeof import('./pages');
  const origin = shopOrigin(SHOP_URL.value());
  const answer = await answerPage(
    getFirestore(),
    { url: request.url },
    {
      origin,
      template: () => hostedShell(origin),
      securityHeaders: pageSecurityHeaders(process.env.FUNCTIONS_EMULATOR === 'true'),
    },
  );
  const sent = encodedAnswer(answer, request.acceptsEncodings('gzip', 'identity') === 'gzip');
  response.status(sent.status).set(sent.headers).send(sent.body);
});

/**
 * `/csp-report`, behind Hosting's rewrite: what the Content-Security-Policy blocked in a shopper's browser
 * (its `report-uri` and `report-to`), logged as a warning each (./csp-report.ts), so a blocked script is seen.
 */
export const cspReport = onRequest((request, response) => {
  if (request.method !== 'POST') {
    response.status(405).end();
    return;
  }
  for (const violation of cspViolations(parsedReport(request.rawBody ?? request.body)))
    logger.warn('cspReport', violation);
  response.status(204).end();
});

/**
 * On each new order, a mail to the seller (if the Settings tab has it on) in the `mail` collection, which the
 * "Trigger Email from Firestore" extension sends. Runs at least once; the mail's id is the order's, so a retry
 * sends nothing twice.
 */
export const notifySellerOfOrder = onDocumentCreated('orders/{orderId}', async (event) => {
  const order = event.data?.data();
  if (!order) return;
  await notifySellerOfOrderIn(getFirestore(), event.params.orderId, order, SHOP_URL.value());
});

/**
 * On each upload to the default bucket: a product photo's 320, 640 and 960 px WebP sizes
 * (src/features/ordering/model/product-photo-sizes.ts), then the mark on its product. Its own outputs are
 * ignored, so it does not trigger itself. sharp needs more than the default 256 MiB for a camera photo.
 */
export const resizeProductPhoto = onObjectFinalized({ memory: '1GiB' }, async (event) => {
  const outcome = await resize(getStorage().bucket(event.data.bucket), getFirestore(), {
    name: event.data.name,
    contentType: event.data.contentType,
  });
  if (outcome !== 'not-a-product-photo')
    logger.info('resizeProductPhoto', { photo: event.data.name, outcome });
});

/** A product photo deleted (its product deleted, or the photo replaced): its sizes go with it. */
export const deleteProductPhotoSizes = onObjectDeleted(async (event) => {
  await deleteSizesOf(getStorage().bucket(event.data.bucket), event.data.name);
});

/** A product saved after its photo's sizes were made (the upload comes first): marks them on it. */
export const markProductPhotoSizes = onDocumentWritten('products/{productId}', async (event) => {
  await markProductPhotoSized(
    getStorage().bucket(),
    getFirestore(),
    event.params.productId,
    event.data?.after.data(),
  );
});

/**
 * The shelf every reader shows (`stock_quantity`) counted from its lots (./shelf-lots.ts), off the shopper's
 * answer path: after each lot an order or a move deletes or creates, and after each write of the product (a
 * shelf the seller set is applied to the lots; a product from before lots gets its lots).
 * A count that finds the figure right writes nothing, so a burst's last count stands.
 */
export const countShelfOnLot = onDocumentWritten('products/{productId}/shelf/{lot}', async (event) => {
  await countShelf(getFirestore(), getFirestore().doc(`products/${event.params.productId}`));
});
export const countShelfOnProduct = onDocumentWritten('products/{productId}', async (event) => {
  if (event.data?.after.exists)
    await countShelf(getFirestore(), getFirestore().doc(`products/${event.params.productId}`));
});

/**
 * A product at or below its low-stock threshold: one mail to the seller per downward crossing (./low-stock.ts),
 * not again until it is restocked above it.
 */
export const mailLowStock = onDocumentWritten('products/{productId}', async (event) => {
  const outcome = await checkLowStock(getFirestore(), event.params.productId, event.data?.after.data());
  if (outcome === 'mailed') logger.info('mailLowStock', { productId: event.params.productId });
});

/**
 * The customer's SMS when the order is confirmed, sent out, delivered or cancelled (if the seller has it on in
 * settings/sms), written to the Twilio extension's `messages` outbox once per change (./order-sms.ts).
 */
export const smsCustomerOnStatus = onDocumentUpdated('orders/{orderId}', async (event) => {
  await smsCustomerOnStatusIn(
    getFirestore(),
    event.params.orderId,
    event.data?.before.data(),
    event.data?.after.data(),
  );
});

/**
 * At 21:00 Dhaka time, the seller's mail of the day (./evening-summary.ts): today's orders and revenue beside the
 * same weekday last week, what waits, the low jars; from the roll-ups, at most 50 documents. Locally the
 * scheduler of `npm start` runs it (SCHEDULE_OVERRIDES shortens it for tests).
 */
export const eveningSummary = onSchedule(
  { schedule: 'every day 21:00', timeZone: 'Asia/Dhaka', region: 'us-central1' },
  async (event) => {
    const outcome = await sendEveningSummary(getFirestore(), new Date(event.scheduleTime));
    logger.info('eveningSummary', { outcome });
  },
);

// ---- The courier (Steadfast; docs/courier-steadfast.md) ----

/**
 * The merchant's keys and the webhook's token: Cloud Functions secrets (`firebase functions:secrets:set`), read by
 * the courier's functions alone; the emulators read them from functions/.secret.local (the local courier's).
 * The base URL is the real portal unless functions/.env.local names the local courier.
 */
const STEADFAST_API_KEY = defineSecret('STEADFAST_API_KEY');
const STEADFAST_SECRET_KEY = defineSecret('STEADFAST_SECRET_KEY');
const STEADFAST_WEBHOOK_TOKEN = defineSecret('STEADFAST_WEBHOOK_TOKEN');
const STEADFAST_BASE = defineString('STEADFAST_BASE_URL', { default: STEADFAST_BASE_URL });
const COURIER_SECRETS = [STEADFAST_API_KEY, STEADFAST_SECRET_KEY];

/** The courier, or null while its keys are not set. */
function courier() {
  const apiKey = STEADFAST_API_KEY.value();
  const secretKey = STEADFAST_SECRET_KEY.value();
  if (!apiKey || !secretKey) return null;
  return steadfastCourier({ baseUrl: STEADFAST_BASE.value(), apiKey, secretKey });
}

/**
 * bookCourier({ orderIds } | { allPacked: true }) → { booked: [{ orderId, trackingCode }], failed: [{ orderId,
 * error }] }: the seller hands packed orders to the courier (./courier/book-courier.ts).
 */
export const bookCourier = onCall({ secrets: COURIER_SECRETS, timeoutSeconds: 300 }, (request) =>
  bookCourierFor(getFirestore(), request.auth, request.data, courier()),
);

/**
 * recordCourierPayout({ amount, paidOn, reference, orderIds? }) → { payoutId, orderIds }: the courier paid out
 * the cash it collected; the orders it covers are settled (./courier/record-courier-payout.ts). Admins only.
 */
export const recordCourierPayout = onCall((request) =>
  recordCourierPayoutFor(getFirestore(), request.auth, request.data),
);

/** courierStatus() → { keysSet, credentials }: whether the keys are set and worked last time (Settings). */
export const courierStatus = onCall({ secrets: COURIER_SECRETS }, (request) =>
  courierStatusFor(getFirestore(), request.auth, courier() !== null),
);

/** Steadfast's delivery-status webhook: the callback URL set in its merchant panel, with the shop's token. */
export const courierWebhook = onRequest({ secrets: [STEADFAST_WEBHOOK_TOKEN] }, async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).json({ status: 'error', message: 'POST only.' });
    return;
  }
  const answer = await answerCourierWebhook(
    getFirestore(),
    { authorization: request.get('authorization'), body: request.body as unknown },
    STEADFAST_WEBHOOK_TOKEN.value(),
  );
  response.status(answer.status).json(answer.body);
});

/** Every 30 minutes, the states of the parcels still on their way, for any the webhook missed. */
export const pollCourier = onSchedule(
  { schedule: 'every 30 minutes', timeZone: 'Asia/Dhaka', region: 'us-central1', secrets: COURIER_SECRETS },
  async () => {
    const courierNow = courier();
    if (!courierNow) return;
    const report = await pollCourierParcels(getFirestore(), courierNow);
    logger.info('pollCourier', report);
  },
);
