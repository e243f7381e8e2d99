import { orderMessages } from './texts';
import { InvalidOrderInputError, parsePlaceOrderInput } from './place-order-input';

const valid = {
  productId: 'mango-pickle',
  quantity: 2,
  customerName: '  করিম মিয়া ',
  customerPhone: '+880 1812-345678',
  customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'nagad',
};

function refusal(data: unknown): string {
  try {
    parsePlaceOrderInput(data);
  } catch (error) {
    if (error instanceof InvalidOrderInputError) return error.message;
    throw error;
  }
  throw new Error('expected the input to be refused');
}

const m = orderMessages.validation;

describe('parsePlaceOrderInput', () => {
  it('returns the known fields trimmed, with the phone normalized', () => {
    expect(parsePlaceOrderInput(valid)).toEqual({
      productId: 'mango-pickle',
      quantity: 2,
      customerName: 'করিম মিয়া',
      customerPhone: '01812345678',
      customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
      paymentMethod: 'nagad',
    });
  });

  it("keeps the dialog's request id, and refuses one of another shape as an invalid request", () => {
    expect(parsePlaceOrderInput({ ...valid, requestId: 'Ab3dEf6hIj9lMn2pQr5t' }).requestId).toBe(
      'Ab3dEf6hIj9lMn2pQr5t',
    );
    for (const requestId of ['', 'short', 'Ab3dEf6hIj9lMn2pQr5t/', 'Ab3dEf6hIj9lMn2pQr5tX', 12345, null]) {
      expect(refusal({ ...valid, requestId })).toBe(m.invalidRequest);
    }
  });

  it.each([
    ['a line break in the name', { customerName: 'রহিমা\nমোট: ৳০' }, m.nameLineBreak],
    ['U+202E in the name', { customerName: '\u202Eরহিমা' }, m.nameBidi],
    ['a name of only U+200B', { customerName: '\u200B' }, m.nameRequired],
    ['U+202E in the address', { customerAddress: 'ঢাকা \u202E8765' }, m.addressBidi],
    ['a NUL in the address', { customerAddress: 'ঢাকা\u0000' }, m.addressControl],
  ])('refuses %s with its Bengali message', (_case, change, message) => {
    expect(refusal({ ...valid, ...change })).toBe(message);
  });

  it('stores the typed text in NFC, with an address of a few lines', () => {
    const parsed = parsePlaceOrderInput({
      ...valid,
      customerName: 'ক\u09C7\u09BEহিনূর',
      customerAddress: 'জিনজিরা\r\nকেরানীগঞ্জ',
    });
    expect(parsed.customerName).toBe('কোহিনূর');
    expect(parsed.customerAddress).toBe('জিনজিরা\nকেরানীগঞ্জ');
  });

  it('drops anything the caller should not decide, such as a forged total', () => {
    const parsed = parsePlaceOrderInput({
      ...valid,
      total_amount: 1,
      product_price: 0.5,
      status: 'delivered',
    });
    expect(Object.keys(parsed).sort()).toEqual([
      'customerAddress',
      'customerName',
      'customerPhone',
      'paymentMethod',
      'productId',
      'quantity',
    ]);
  });

  it.each([
    ['no payload', undefined, m.invalidRequest],
    ['a non-object payload', 'order please', m.invalidRequest],
    ['quantity 0', { ...valid, quantity: 0 }, m.quantityMin],
    ['a negative quantity', { ...valid, quantity: -3 }, m.quantityMin],
    ['a fractional quantity', { ...valid, quantity: 2.5 }, m.quantityNotInteger],
    ['a quantity sent as text', { ...valid, quantity: '2' }, m.quantityNotNumber],
    ['a missing quantity', { ...valid, quantity: undefined }, m.quantityRequired],
    ['a missing product', { ...valid, productId: undefined }, m.productRequired],
    ['an empty product id', { ...valid, productId: '' }, m.productRequired],
    ['a product path instead of an id', { ...valid, productId: 'products/x' }, m.productRequired],
    ['a product id that is not text', { ...valid, productId: 42 }, m.productRequired],
    ['a reserved product id', { ...valid, productId: '__mango__' }, m.productRequired],
    [
      'a product id of 600 Bengali letters (1,800 bytes)',
      { ...valid, productId: 'আ'.repeat(600) },
      m.productRequired,
    ],
    ['the product id ".."', { ...valid, productId: '..' }, m.productRequired],
    [
      'more jars than one order may hold',
      { ...valid, quantity: 11 },
      'একটি অর্ডারে সর্বোচ্চ ১০টি বয়াম নেওয়া যায়।',
    ],
    ['a missing name', { ...valid, customerName: undefined }, m.nameRequired],
    ['a missing phone', { ...valid, customerPhone: undefined }, orderMessages.phone.required],
    ['a bad phone', { ...valid, customerPhone: '01212345678' }, orderMessages.phone.invalidOperator],
    ['a missing address', { ...valid, customerAddress: ' ' }, m.addressRequired],
    ['a missing payment method', { ...valid, paymentMethod: undefined }, m.paymentMethodInvalid],
    ['an unknown payment method', { ...valid, paymentMethod: 'card' }, m.paymentMethodInvalid],
  ])('refuses %s with a Bengali message', (_case, data, message) => {
    expect(refusal(data)).toBe(message);
  });
});

describe('parsePlaceOrderInput with a payment already sent', () => {
  const p = orderMessages.payment;

  it('keeps a bKash TrxID and the payer’s number in their stored forms', () => {
    expect(
      parsePlaceOrderInput({
        ...valid,
        paymentMethod: 'bkash',
        paymentTrxId: ' 9bh4k2l1xq',
        paymentPayer: '+8801712345678',
      }),
    ).toMatchObject({ paymentMethod: 'bkash', paymentTrxId: '9BH4K2L1XQ', paymentPayer: '01712345678' });
  });

  it('takes both fields left empty as no payment yet', () => {
    const parsed = parsePlaceOrderInput({ ...valid, paymentTrxId: '', paymentPayer: ' ' });
    expect(parsed).not.toHaveProperty('paymentTrxId');
    expect(parsed).not.toHaveProperty('paymentPayer');
  });

  it('refuses a TrxID of the wrong shape, a TrxID without its number, and one on a cash order', () => {
    expect(refusal({ ...valid, paymentTrxId: '9BH4K2L1XQ', paymentPayer: '01712345678' })).toBe(
      p.trxIdWrongFormat.nagad,
    );
    expect(refusal({ ...valid, paymentMethod: 'bkash', paymentTrxId: '9BH4K2L1XQ' })).toBe(
      p.payerPrefix + orderMessages.phone.required,
    );
    expect(refusal({ ...valid, paymentMethod: 'bkash', paymentPayer: '01712345678' })).toBe(p.trxIdRequired);
    expect(
      refusal({
        ...valid,
        paymentMethod: 'cash_on_delivery',
        paymentTrxId: '9BH4K2L1XQ',
        paymentPayer: '01712345678',
      }),
    ).toBe(p.notForCash);
    expect(refusal({ ...valid, paymentTrxId: 12345678 })).toBe(m.invalidRequest);
  });
});
