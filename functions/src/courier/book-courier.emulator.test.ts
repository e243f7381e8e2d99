// Handing parcels to the courier, against the repo's Firestore emulator and the local courier: the booking
// callable, the webhook and the poll, through the order ledger. Never booked twice, never half-booked; each
// courier state once in the history; a returned parcel's jars back only when the seller says it came home.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCourierEmulator, type CourierEmulator } from '../../../emulators/src/index';
import { courierTexts, type PaymentMethod } from '../../../src/features/ordering/model';
import { reviewPayment } from '../review-payment';
import { setOrderStatus } from '../set-order-status';
import { submitPayment } from '../submit-payment';
import { lemonOrder, placeOrder, useLemonShelf } from '../testing/lemon-shelf';
import { bookCourier, COURIER_BOOKINGS } from './book-courier';
import { COURIER_HEALTH } from './courier-health';
import { answerCourierWebhook, pollCourierParcels } from './courier-state';
import { courierStatus } from './courier-status';
import { steadfastCourier } from './steadfast';

const shelf = useLemonShelf('book-courier-emulator-test');
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };
const customer = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const TOKEN = 'hook-token';
const t = courierTexts;

let twin: CourierEmulator;
let webhook: http.Server;
let webhookUrl: string;

beforeAll(async () => {
  // The shop's webhook function, as index.ts serves it: the twin calls it after each move of a parcel.
  webhook = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      void answerCourierWebhook(
        shelf.db,
        { authorization: req.headers.authorization, body: JSON.parse(text) as unknown },
        TOKEN,
      ).then((answer) => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/`;
  twin = await startCourierEmulator({
    apiKey: 'key',
    secretKey: 'secret',
    webhook: { url: webhookUrl, token: TOKEN },
  });
});

afterAll(async () => {
  await twin?.stop();
  await new Promise((resolve) => webhook?.close(resolve));
});

beforeEach(async () => {
  twin.state.clear();
  await control('webhook', { url: webhookUrl, token: TOKEN });
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  for (const name of [COURIER_BOOKINGS, COURIER_HEALTH]) {
    const docs = await shelf.db.collection(name).get();
    await Promise.all(docs.docs.map((doc) => doc.ref.delete()));
  }
});

const courier = (secretKey = 'secret', timeoutMs = 2000) =>
  steadfastCourier({ baseUrl: twin.apiUrl, apiKey: 'key', secretKey, timeoutMs });

async function control(path: string, body: unknown) {
  const answer = await fetch(`${twin.url}/__courier/${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await answer.json()) as { webhook?: { status: number } | null };
}

async function packedOrder(quantity = 2, method: PaymentMethod = 'cash_on_delivery', changes = {}) {
  const { orderId } = await placeOrder(
    shelf.db,
    customer,
    lemonOrder({ quantity, paymentMethod: method, ...changes }),
  );
  if (method !== 'cash_on_delivery') {
    await submitPayment(shelf.db, customer, { orderId, trxId: '8N7A6D5EE7', payer: '01812345678' });
    await reviewPayment(shelf.db, seller, { orderId, decision: 'verify' });
  }
  await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
  await setOrderStatus(shelf.db, seller, { orderId, status: 'preparing' });
  return orderId;
}

const order = async (id: string) => (await shelf.db.doc(`orders/${id}`).get()).data()!;
const historyOf = async (id: string) =>
  (await shelf.db.collection(`orders/${id}/history`).where('by', '==', 'courier').get()).docs.map(
    (doc) => doc.get('changes') as { field: string; to: unknown }[],
  );

describe('booking a packed order', () => {
  it('sends the ledger’s amount and moves the order to delivering with the courier’s codes', async () => {
    const orderId = await packedOrder(2);
    const result = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());

    const [parcel] = twin.state.list();
    expect(parcel).toMatchObject({ invoice: orderId, cod_amount: 321, recipient_phone: '01712345678' });
    expect(result).toEqual({ booked: [{ orderId, trackingCode: parcel.tracking_code }], failed: [] });
    expect(await order(orderId)).toMatchObject({
      status: 'delivering',
      courier_consignment_id: String(parcel.consignment_id),
      courier_tracking_code: parcel.tracking_code,
      courier_state: 'in_review',
      courier_error: null,
    });
    expect(await shelf.stock()).toBe(3);
    const [line] = await historyOf(orderId);
    expect(line).toContainEqual({ field: 'status', from: 'preparing', to: 'delivering' });
  });

  it('asks nothing at the door for a verified bKash payment', async () => {
    const orderId = await packedOrder(1, 'bkash');
    await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(twin.state.list()[0].cod_amount).toBe(0);
  });

  it('refuses a too-long address in Bengali before calling the courier', async () => {
    const orderId = await packedOrder(1, 'cash_on_delivery', { customerAddress: 'ক'.repeat(260) });
    const result = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(result.failed).toEqual([
      { orderId, error: t.bookingFailed(t.problems.addressTooLong('২৬০', '২৫০')) },
    ]);
    expect(twin.state.list()).toEqual([]);
    expect((await order(orderId)).status).toBe('preparing');
  });

  it('refuses anyone but the seller, and an order that is not packed', async () => {
    const orderId = await packedOrder(1);
    await expect(bookCourier(shelf.db, customer, { orderIds: [orderId] }, courier())).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    const result = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(result.failed[0].error).toBe(t.bookingFailed(t.problems.notPacked));
    expect(twin.state.list()).toEqual([]);
  });

  it('books every packed order in one bulk call', async () => {
    const ids = [await packedOrder(1), await packedOrder(1)];
    const { orderId: notPacked } = await placeOrder(shelf.db, customer, lemonOrder({ quantity: 1 }));
    const result = await bookCourier(shelf.db, seller, { allPacked: true }, courier());
    expect(result.booked.map((b) => b.orderId).sort()).toEqual([...ids].sort());
    expect(
      twin.state
        .list()
        .map((p) => p.invoice)
        .sort(),
    ).toEqual([...ids].sort());
    expect((await order(notPacked)).status).toBe('pending');
  });
});

describe('a booking that fails', () => {
  it('leaves the order as it was with a clear reason, and a retry books it once', async () => {
    const orderId = await packedOrder(2);
    await control('failures', { serverError: true });
    const failed = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(failed.failed).toEqual([{ orderId, error: t.bookingFailed(t.failures.unavailable) }]);
    expect(await order(orderId)).toMatchObject({
      status: 'preparing',
      courier_error: t.bookingFailed(t.failures.unavailable),
    });
    expect(await shelf.stock()).toBe(3);
    expect(await historyOf(orderId)).toEqual([]);

    await control('failures', {});
    const retried = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(retried.booked).toHaveLength(1);
    // Tapped again after it went through: the booking record answers, the courier is not called.
    const again = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(again.booked).toEqual(retried.booked);
    expect(twin.state.list()).toHaveLength(1);
    expect(await historyOf(orderId)).toHaveLength(1);
  });

  it('says wrong keys in Settings, and a timeout is never a second parcel', async () => {
    const orderId = await packedOrder(1);
    const bad = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier('wrong'));
    expect(bad.failed[0].error).toBe(t.bookingFailed(t.failures.badCredentials));
    expect(await courierStatus(shelf.db, seller, true)).toEqual({ keysSet: true, credentials: 'bad' });
    await expect(courierStatus(shelf.db, customer, true)).rejects.toMatchObject({
      code: 'permission-denied',
    });

    await control('failures', { delayMs: 150 });
    const slow = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier('secret', 50));
    expect(slow.failed[0].error).toBe(t.bookingFailed(t.failures.timeout));
    expect((await order(orderId)).status).toBe('preparing');
    await control('failures', {});
    await expect.poll(() => twin.state.list().length).toBe(1);
    // The courier got the slow call: a retry is refused by the invoice, never booked a second time.
    const retried = await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    expect(retried.failed[0].error).toBe(t.bookingFailed(t.failures.alreadyAtCourier));
    expect(twin.state.list()).toHaveLength(1);
    expect(await courierStatus(shelf.db, seller, true)).toEqual({ keysSet: true, credentials: 'ok' });
  });
});

describe('the courier’s states coming back', () => {
  async function bookedOrder(quantity = 2) {
    const orderId = await packedOrder(quantity);
    await bookCourier(shelf.db, seller, { orderIds: [orderId] }, courier());
    return { orderId, consignmentId: String(twin.state.list()[0].consignment_id) };
  }

  it('delivers the order when the courier delivers it, once, however often it is told', async () => {
    const { orderId, consignmentId } = await bookedOrder(2);
    const moved = await control(`parcels/${consignmentId}/status`, { status: 'delivered' });
    expect(moved.webhook).toMatchObject({ status: 200 });
    expect(await order(orderId)).toMatchObject({
      status: 'delivered',
      courier_state: 'delivered',
      paid_amount: 321,
    });

    // The same news again (a retried webhook, then the poll): nothing more is written.
    const again = await answerCourierWebhook(
      shelf.db,
      {
        authorization: `Bearer ${TOKEN}`,
        body: {
          notification_type: 'delivery_status',
          consignment_id: Number(consignmentId),
          status: 'Delivered',
        },
      },
      TOKEN,
    );
    expect(again.status).toBe(200);
    await pollCourierParcels(shelf.db, courier());
    const lines = await historyOf(orderId);
    expect(
      lines.filter((line) => line.some((c) => c.field === 'courier_state' && c.to === 'delivered')),
    ).toHaveLength(1);
  });

  it('refuses a wrong token and an unknown parcel, changing nothing', async () => {
    const { orderId, consignmentId } = await bookedOrder(1);
    const body = {
      notification_type: 'delivery_status',
      consignment_id: Number(consignmentId),
      status: 'delivered',
    };
    expect(await answerCourierWebhook(shelf.db, { authorization: 'Bearer nope', body }, TOKEN)).toEqual({
      status: 401,
      body: { status: 'error', message: t.webhook.badToken },
    });
    expect(await answerCourierWebhook(shelf.db, { authorization: undefined, body }, TOKEN)).toMatchObject({
      status: 401,
    });
    expect(
      await answerCourierWebhook(
        shelf.db,
        { authorization: `Bearer ${TOKEN}`, body: { ...body, consignment_id: 1 } },
        TOKEN,
      ),
    ).toEqual({ status: 404, body: { status: 'error', message: t.webhook.unknownParcel } });
    expect(await order(orderId)).toMatchObject({ status: 'delivering', courier_state: 'in_review' });
  });

  it('shows a parcel cancelled at the door as coming back; its jars return when the seller confirms', async () => {
    const { orderId, consignmentId } = await bookedOrder(2);
    await control(`parcels/${consignmentId}/status`, { status: 'hold' }); // hold is not sent by the webhook
    await pollCourierParcels(shelf.db, courier());
    expect((await order(orderId)).courier_state).toBe('hold');
    await control(`parcels/${consignmentId}/status`, { status: 'cancelled' });
    expect(await order(orderId)).toMatchObject({ status: 'delivering', courier_state: 'cancelled' });
    expect(await shelf.stock()).toBe(3);

    await setOrderStatus(shelf.db, seller, { orderId, status: 'returned' });
    expect(await shelf.stock()).toBe(5);
  });

  it('picks up a state the webhook never sent, on the next poll', async () => {
    const { orderId, consignmentId } = await bookedOrder(1);
    await control('webhook', {});
    await control(`parcels/${consignmentId}/status`, { status: 'delivered' });
    expect((await order(orderId)).status).toBe('delivering');
    expect(await pollCourierParcels(shelf.db, courier())).toEqual({ asked: 1, changed: 1, failed: 0 });
    expect((await order(orderId)).status).toBe('delivered');
  });
});
