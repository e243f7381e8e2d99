// The Steadfast adapter against request and answer examples shaped from Steadfast's published v1 documentation
// (docs/courier-steadfast.md): the paths, headers and field names it sends, and how it reads each answer.
import { describe, expect, it } from 'vitest';
import type { CourierParcel } from '../../../src/features/ordering/model';
import { CourierFailure } from './courier';
import { steadfastCourier } from './steadfast';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A courier whose every call is answered by `reply`, with what was sent kept in `sent`. */
function courierAnswering(reply: (sent: Sent) => Response | Promise<Response>, timeoutMs = 1000) {
  const sent: Sent[] = [];
  const courier = steadfastCourier({
    baseUrl: 'https://portal.packzy.com/api/v1',
    apiKey: 'key-1',
    secretKey: 'secret-1',
    timeoutMs,
    fetch: async (input, init) => {
      const request: Sent = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: init?.headers as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      return reply(request);
    },
  });
  return { courier, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const parcel: CourierParcel = {
  invoice: 'Aa12-das4',
  recipient_name: 'John Smith',
  recipient_phone: '01234567890',
  recipient_address: 'Fla# A1,House# 17/1, Road# 3/A, Dhanmondi,Dhaka-1209',
  cod_amount: 1060,
  note: 'Deliver within 3PM',
  item_description: 'লেবুর আচার × 2',
};

describe('booking one parcel (create_order)', () => {
  it('posts the documented fields with the key and secret headers, and reads the consignment', async () => {
    const { courier, sent } = courierAnswering(() =>
      json({
        status: 200,
        message: 'Consignment has been created successfully.',
        consignment: {
          consignment_id: 1424107,
          invoice: 'Aa12-das4',
          tracking_code: '15BAEB8A',
          recipient_name: 'John Smith',
          recipient_phone: '01234567890',
          recipient_address: 'Fla# A1,House# 17/1, Road# 3/A, Dhanmondi,Dhaka-1209',
          cod_amount: 1060,
          status: 'in_review',
          note: 'Deliver within 3PM',
          created_at: '2021-03-21T07:05:31.000000Z',
          updated_at: '2021-03-21T07:05:31.000000Z',
        },
      }),
    );
    await expect(courier.book(parcel)).resolves.toEqual({
      invoice: 'Aa12-das4',
      consignmentId: '1424107',
      trackingCode: '15BAEB8A',
      state: 'in_review',
    });
    expect(sent).toEqual([
      {
        url: 'https://portal.packzy.com/api/v1/create_order',
        method: 'POST',
        headers: { 'Api-Key': 'key-1', 'Secret-Key': 'secret-1', 'Content-Type': 'application/json' },
        body: parcel,
      },
    ]);
  });

  it('hears a refused field as a refusal in the courier’s words', async () => {
    const { courier } = courierAnswering(() =>
      json({ status: 400, errors: { recipient_phone: ['The recipient phone must be 11 digits.'] } }),
    );
    await expect(courier.book(parcel)).rejects.toMatchObject({
      kind: 'refused',
      message: 'The recipient phone must be 11 digits.',
    });
  });

  it('hears a reused invoice as a parcel the courier already has', async () => {
    const { courier } = courierAnswering(() =>
      json(
        {
          status: 400,
          message: 'The given data was invalid.',
          errors: { invoice: ['The invoice has already been taken.'] },
        },
        422,
      ),
    );
    await expect(courier.book(parcel)).rejects.toMatchObject({ kind: 'alreadyAtCourier' });
  });

  it('tells bad credentials, a server failure and a timeout apart', async () => {
    await expect(
      courierAnswering(() => json({ message: 'Unauthenticated.' }, 401)).courier.book(parcel),
    ).rejects.toMatchObject({ kind: 'badCredentials' });
    await expect(
      courierAnswering(() => new Response('oops', { status: 502 })).courier.book(parcel),
    ).rejects.toMatchObject({
      kind: 'unavailable',
    });
    const never = courierAnswering(
      (sent) =>
        new Promise<Response>((_resolve, reject) => {
          void sent;
          setTimeout(() => reject(Object.assign(new Error('aborted'), { name: 'TimeoutError' })), 20);
        }),
      10,
    );
    const failure = await never.courier.book(parcel).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CourierFailure);
    expect(failure).toMatchObject({ kind: 'timeout' });
  });
});

describe('booking many (create_order/bulk-order)', () => {
  it('sends them as data and matches each answer to its invoice, refused ones included', async () => {
    const second = { ...parcel, invoice: 'Bb34_x' };
    const { courier, sent } = courierAnswering(() =>
      json([
        { ...second, cod_amount: '1060.00', consignment_id: null, tracking_code: null, status: 'error' },
        {
          ...parcel,
          cod_amount: '1060.00',
          consignment_id: 11543968,
          tracking_code: 'B025A038',
          status: 'success',
        },
      ]),
    );
    await expect(courier.bookMany([parcel, second])).resolves.toEqual([
      {
        ok: true,
        parcel: {
          invoice: 'Aa12-das4',
          consignmentId: '11543968',
          trackingCode: 'B025A038',
          state: 'in_review',
        },
      },
      { ok: false, invoice: 'Bb34_x', reason: 'status: error' },
    ]);
    expect(sent[0]).toMatchObject({
      url: 'https://portal.packzy.com/api/v1/create_order/bulk-order',
      method: 'POST',
      body: { data: [parcel, second] },
    });
  });

  it('refuses more than 500 parcels before calling', async () => {
    const { courier, sent } = courierAnswering(() => json([]));
    const many = Array.from({ length: 501 }, (_, i) => ({ ...parcel, invoice: `o${i}` }));
    await expect(courier.bookMany(many)).rejects.toThrow(RangeError);
    expect(sent).toEqual([]);
  });
});

describe('a parcel’s state and the balance', () => {
  it('reads status_by_cid’s delivery_status, in any case', async () => {
    const { courier, sent } = courierAnswering(() => json({ status: 200, delivery_status: 'Delivered' }));
    await expect(courier.stateOf('1424107')).resolves.toBe('delivered');
    expect(sent[0]).toMatchObject({
      url: 'https://portal.packzy.com/api/v1/status_by_cid/1424107',
      method: 'GET',
    });
  });

  it('answers null for a state it does not know', async () => {
    const { courier } = courierAnswering(() => json({ status: 200, delivery_status: 'teleported' }));
    await expect(courier.stateOf('1')).resolves.toBeNull();
  });

  it('reads get_balance’s current_balance', async () => {
    const { courier, sent } = courierAnswering(() => json({ status: 200, current_balance: 2350.5 }));
    await expect(courier.balance()).resolves.toBe(2350.5);
    expect(sent[0].url).toBe('https://portal.packzy.com/api/v1/get_balance');
  });
});
