import { ValidationError } from 'yup';
import { orderMessages } from './texts';
import { initialOrderFormValues, orderFormSchema, type OrderFormValues } from './order-form';

const valid: OrderFormValues = {
  quantity: 2,
  customerName: 'রহিমা বেগম',
  customerPhone: '০১৭১২-৩৪৫৬৭৮',
  customerAddress: 'বাড়ি ১২, রোড ৩, কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'bkash',
};

function firstError(stock: number | null, values: Record<string, unknown>): string {
  try {
    orderFormSchema(stock).validateSync(values);
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error('expected the form to be refused');
}

const m = orderMessages.validation;

describe('orderFormSchema', () => {
  it('accepts a complete order and normalizes the phone', () => {
    expect(orderFormSchema(10).validateSync(valid)).toEqual({ ...valid, customerPhone: '01712345678' });
  });

  it('starts with one jar, cash on delivery and empty fields', () => {
    expect(initialOrderFormValues).toEqual({
      quantity: 1,
      customerName: '',
      customerPhone: '',
      customerAddress: '',
      paymentMethod: 'cash_on_delivery',
    });
  });

  it('defaults the payment method to cash on delivery', () => {
    const { paymentMethod: _omitted, ...rest } = valid;
    expect(orderFormSchema(10).validateSync(rest).paymentMethod).toBe('cash_on_delivery');
  });

  it('reads a quantity typed as text', () => {
    expect(orderFormSchema(10).validateSync({ ...valid, quantity: '3' }).quantity).toBe(3);
  });

  it.each([
    [{ quantity: 0 }, m.quantityMin],
    [{ quantity: -2 }, m.quantityMin],
    [{ quantity: 1.5 }, m.quantityNotInteger],
    [{ quantity: '' }, m.quantityRequired],
    [{ quantity: undefined }, m.quantityRequired],
    [{ quantity: 'তিন' }, m.quantityNotNumber],
    [{ quantity: 11 }, 'স্টকে মাত্র ১০টি আছে।'],
    [{ customerName: '   ' }, m.nameRequired],
    [{ customerName: 'ক'.repeat(101) }, m.nameTooLong],
    [{ customerPhone: '' }, orderMessages.phone.required],
    [{ customerPhone: '12345' }, orderMessages.phone.mustStartWith01],
    [{ customerAddress: '' }, m.addressRequired],
    [{ paymentMethod: 'rocket' }, m.paymentMethodInvalid],
  ])('refuses %j', (change, message) => {
    expect(firstError(10, { ...valid, ...change })).toBe(message);
  });

  it.each([
    ['a line break in the name (a fake total)', { customerName: 'রহিমা\nমোট: ৳০' }, m.nameLineBreak],
    [
      'a fake payment line in the name',
      { customerName: 'রহিমা\r\nপেমেন্ট: বিকাশ (পরিশোধিত)' },
      m.nameLineBreak,
    ],
    ['U+202E in the name', { customerName: 'রহিমা \u202Eবেগম' }, m.nameBidi],
    ['U+202E in the address', { customerAddress: 'বাড়ি \u202E21 ,ঢাকা' }, m.addressBidi],
    ['an isolate in the address', { customerAddress: 'বাড়ি \u2066১২\u2069' }, m.addressBidi],
    ['a right-to-left mark in the address', { customerAddress: 'রোড\u200F 12 34' }, m.addressBidi],
    ['a name of only U+200B', { customerName: '\u200B' }, m.nameRequired],
    ['an address of only U+200B and spaces', { customerAddress: ' \u200B\u200B ' }, m.addressRequired],
    ['a name with no letter', { customerName: '১২৩' }, m.nameNoLetter],
    ['a tab in the name', { customerName: 'রহিমা\tবেগম' }, m.nameControl],
    ['a tab in the address', { customerAddress: 'বাড়ি ১২\tঢাকা' }, m.addressControl],
    ['five lines of address', { customerAddress: 'ক\nখ\nগ\nঘ\nঙ' }, m.addressTooManyLines('৪')],
  ])('refuses %s, in Bengali', (_case, change, message) => {
    expect(firstError(10, { ...valid, ...change })).toBe(message);
  });

  it('stores names with ZWJ and ZWNJ and an address of a few lines, normalised', () => {
    const name = 'র\u200D্যাব ক্\u200Cষমা';
    const parsed = orderFormSchema(10).validateSync({
      ...valid,
      customerName: `  ${name}\u200B `,
      customerAddress: 'বাড়ি ১২\r\n\r\nকেরানীগঞ্জ\nঢাকা',
    });
    expect(parsed.customerName).toBe(name);
    expect(parsed.customerAddress).toBe('বাড়ি ১২\nকেরানীগঞ্জ\nঢাকা');
  });

  it('allows at most 10 jars in one order even when more are in stock', () => {
    expect(orderFormSchema(50).validateSync({ ...valid, quantity: 10 }).quantity).toBe(10);
    expect(firstError(50, { ...valid, quantity: 11 })).toBe('একটি অর্ডারে সর্বোচ্চ ১০টি বয়াম নেওয়া যায়।');
  });

  it('allows exactly the stock', () => {
    expect(orderFormSchema(10).validateSync({ ...valid, quantity: 10 }).quantity).toBe(10);
  });

  it('refuses every quantity when the product is out of stock', () => {
    expect(firstError(0, { ...valid, quantity: 1 })).toBe(m.outOfStock);
  });

  it('holds only the per-order limit while the jar is not known yet, never "out of stock"', () => {
    expect(orderFormSchema(null).validateSync({ ...valid, quantity: 10 }).quantity).toBe(10);
    expect(firstError(null, { ...valid, quantity: 11 })).toBe('একটি অর্ডারে সর্বোচ্চ ১০টি বয়াম নেওয়া যায়।');
  });
});
