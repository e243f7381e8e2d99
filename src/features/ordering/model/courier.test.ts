import fc from 'fast-check';
import { courierParcelOf, courierStateOf, COURIER_STATES } from './courier';
import { courierTrackingUrl } from './courier-tracking';
import { courierTexts } from './courier-texts';
import { orderMoneyOf } from './order-ledger';

const packed = {
  status: 'preparing',
  customer_name: 'রহিমা  বেগম',
  customer_phone: '+880 1712-345678',
  customer_address: 'বাড়ি ১২, রোড ৩\nকেরানীগঞ্জ, ঢাকা',
  product_name: 'লেবুর আচার',
  quantity: 2,
  product_price: 250,
  total_amount: 500,
  payment_method: 'cash_on_delivery',
  payment_state: 'collect_on_delivery',
};

describe('the parcel of a packed order', () => {
  it('is the order cleaned: one-line address, the stored phone, the order id as the invoice', () => {
    expect(courierParcelOf('Ab12cd', packed, ['ফ্রিজে রাখবেন'])).toEqual({
      ok: true,
      parcel: {
        invoice: 'Ab12cd',
        recipient_name: 'রহিমা বেগম',
        recipient_phone: '01712345678',
        recipient_address: 'বাড়ি ১২, রোড ৩, কেরানীগঞ্জ, ঢাকা',
        cod_amount: 500,
        note: 'ফ্রিজে রাখবেন',
        item_description: 'লেবুর আচার × 2',
      },
    });
  });

  it('collects exactly what the ledger says: nothing for a verified payment, the balance after an edit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom('verified', 'claimed', 'awaiting_payment'),
        (quantity, paid, payment) => {
          const order = {
            ...packed,
            payment_method: 'bkash',
            payment_state: payment,
            quantity,
            total_amount: 250 * quantity,
            paid_amount: paid,
          };
          const result = courierParcelOf('Ab12cd', order);
          expect(result.ok && result.parcel.cod_amount).toBe(orderMoneyOf(order).toCollect);
        },
      ),
    );
    const verified = { ...packed, payment_method: 'bkash', payment_state: 'verified', paid_amount: 500 };
    const result = courierParcelOf('Ab12cd', verified);
    expect(result.ok && result.parcel.cod_amount).toBe(0);
  });

  it('refuses a too-long address in Bengali instead of cutting it', () => {
    const result = courierParcelOf('Ab12cd', { ...packed, customer_address: 'ক'.repeat(251) });
    expect(result).toEqual({ ok: false, error: courierTexts.problems.addressTooLong('২৫১', '২৫০') });
  });

  it('refuses an order that is not packed, and an id the courier would not take', () => {
    expect(courierParcelOf('Ab12cd', { ...packed, status: 'confirmed' })).toEqual({
      ok: false,
      error: courierTexts.problems.notPacked,
    });
    expect(courierParcelOf('a.b', packed)).toEqual({ ok: false, error: courierTexts.problems.badInvoice });
  });
});

describe('the courier’s states', () => {
  it('reads every documented status, however it is written, and nothing else', () => {
    for (const state of COURIER_STATES) expect(courierStateOf(state.toUpperCase())).toBe(state);
    expect(courierStateOf('Delivered')).toBe('delivered');
    expect(courierStateOf('lost')).toBeNull();
    expect(courierStateOf(3)).toBeNull();
    for (const state of COURIER_STATES) expect(courierTexts.state).toHaveProperty(state);
  });

  it('links the tracking code to the courier’s page', () => {
    expect(courierTrackingUrl('15BAEB8A')).toBe('https://steadfast.com.bd/t/15BAEB8A');
  });
});
