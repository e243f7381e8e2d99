// The Steadfast adapter against the local courier (emulators/src/courier): the same client code that talks to
// the real portal books, reads states and the balance, and hears each failure the twin can be switched to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCourierEmulator, type CourierEmulator } from '../../../emulators/src/index';
import type { CourierParcel } from '../../../src/features/ordering/model';
import { steadfastCourier } from './steadfast';

let twin: CourierEmulator;
let shop: http.Server;
const heard: { authorization?: string; body: unknown }[] = [];

beforeAll(async () => {
  // A stand-in for the shop's webhook, to see what the twin sends.
  shop = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      heard.push({ authorization: req.headers.authorization, body: JSON.parse(text) as unknown });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ status: 'success', message: 'Webhook received successfully.' }));
    });
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  twin = await startCourierEmulator({
    apiKey: 'local-key',
    secretKey: 'local-secret',
    webhook: { url: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`, token: 'hook-token' },
  });
});

afterAll(async () => {
  await twin?.stop();
  await new Promise((resolve) => shop?.close(resolve));
});

beforeEach(() => {
  twin.state.clear();
  heard.length = 0;
});

const courier = (secretKey = 'local-secret', timeoutMs = 2000) =>
  steadfastCourier({ baseUrl: twin.apiUrl, apiKey: 'local-key', secretKey, timeoutMs });

const parcel = (invoice: string, changes: Partial<CourierParcel> = {}): CourierParcel => ({
  invoice,
  recipient_name: 'রহিমা বেগম',
  recipient_phone: '01712345678',
  recipient_address: 'কেরানীগঞ্জ, ঢাকা',
  cod_amount: 321,
  item_description: 'লেবুর আচার × 2',
  ...changes,
});

async function move(consignmentId: string, status: string) {
  const answer = await fetch(`${twin.url}/__courier/parcels/${consignmentId}/status`, {
    method: 'POST',
    body: JSON.stringify({ status }),
  });
  return (await answer.json()) as { webhook: unknown };
}

describe('the adapter and the local courier', () => {
  it('books a parcel, follows it to delivered, and sees the balance grow by the cash less the charge', async () => {
    const booked = await courier().book(parcel('order-1'));
    expect(booked).toMatchObject({ invoice: 'order-1', state: 'in_review' });
    expect(await courier().stateOf(booked.consignmentId)).toBe('in_review');

    const moved = await move(booked.consignmentId, 'delivered');
    expect(moved.webhook).toMatchObject({ status: 200 });
    expect(heard).toEqual([
      {
        authorization: 'Bearer hook-token',
        body: expect.objectContaining({
          notification_type: 'delivery_status',
          consignment_id: Number(booked.consignmentId),
          invoice: 'order-1',
          cod_amount: 321,
          status: 'delivered',
        }) as unknown,
      },
    ]);
    expect(await courier().stateOf(booked.consignmentId)).toBe('delivered');
    expect(await courier().balance()).toBe(321 - 60);
  });

  it('refuses a second parcel with the same invoice, and the adapter hears it as already at the courier', async () => {
    await courier().book(parcel('order-2'));
    await expect(courier().book(parcel('order-2'))).rejects.toMatchObject({ kind: 'alreadyAtCourier' });
    expect(twin.state.list()).toHaveLength(1);
  });

  it('refuses an address over 250 characters in the courier’s words', async () => {
    await expect(
      courier().book(parcel('order-3', { recipient_address: 'ক'.repeat(251) })),
    ).rejects.toMatchObject({
      kind: 'refused',
      message: 'The recipient address may not be greater than 250 characters.',
    });
  });

  it('books many at once, each parcel answered by its invoice', async () => {
    const items = await courier().bookMany([
      parcel('a-1'),
      parcel('a-2', { recipient_phone: '123' }),
      parcel('a-3'),
    ]);
    expect(items.map((item) => item.ok)).toEqual([true, false, true]);
    expect(items[1]).toEqual({ ok: false, invoice: 'a-2', reason: 'status: error' });
    expect(twin.state.list()).toHaveLength(2);
  });

  it('hears wrong keys, a 5xx and a slow answer as what they are, and books nothing', async () => {
    await expect(courier('wrong').book(parcel('f-1'))).rejects.toMatchObject({ kind: 'badCredentials' });
    await fetch(`${twin.url}/__courier/failures`, {
      method: 'POST',
      body: JSON.stringify({ serverError: true }),
    });
    await expect(courier().book(parcel('f-2'))).rejects.toMatchObject({ kind: 'unavailable' });
    await fetch(`${twin.url}/__courier/failures`, { method: 'POST', body: JSON.stringify({ delayMs: 150 }) });
    await expect(courier('local-secret', 50).book(parcel('f-3'))).rejects.toMatchObject({ kind: 'timeout' });
    await fetch(`${twin.url}/__courier/failures`, {
      method: 'POST',
      body: JSON.stringify({ badCredentials: true }),
    });
    await expect(courier().balance()).rejects.toMatchObject({ kind: 'badCredentials' });
    // The slow call still books once its answer is late: the parcel exists though the shop heard a timeout.
    await fetch(`${twin.url}/__courier/failures`, { method: 'POST', body: JSON.stringify({}) });
    await expect.poll(() => twin.state.list().map((p) => p.invoice)).toEqual(['f-3']);
  });

  it('lists its parcels on its own page, escaped, and moves one from a plain form', async () => {
    const booked = await courier().book(parcel('page-1', { recipient_name: '<b>রহিমা</b>' }));
    const page = await (await fetch(`${twin.url}/`)).text();
    expect(page).toContain('&#60;b&#62;রহিমা&#60;/b&#62;');
    expect(page).not.toContain('<b>রহিমা');
    const moved = await fetch(`${twin.url}/__courier/parcels/${booked.consignmentId}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'status=hold',
      redirect: 'manual',
    });
    expect(moved.status).toBe(303);
    expect(await courier().stateOf(booked.consignmentId)).toBe('hold');
  });
});
