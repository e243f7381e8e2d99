import { describe, expect, it } from 'vitest';
import { parseEditOrderInput } from './order-edit';
import { isEditableStatus } from './order-ledger';
import { orderMessages } from './texts';

describe('parseEditOrderInput', () => {
  it('keeps only the fields given, checked and normalized as a new order’s', () => {
    expect(
      parseEditOrderInput({
        orderId: 'abc123',
        customerPhone: '+880 1712-345678',
        total_amount: 1,
        status: 'x',
      }),
    ).toEqual({ ok: true, input: { orderId: 'abc123', customerPhone: '01712345678' } });
    expect(parseEditOrderInput({ orderId: 'abc123', quantity: 3, customerAddress: '  মিরপুর ১০  ' })).toEqual({
      ok: true,
      input: { orderId: 'abc123', quantity: 3, customerAddress: 'মিরপুর ১০' },
    });
  });

  it('refuses nothing to change, a bad field or a bad order id, in Bengali', () => {
    expect(parseEditOrderInput({ orderId: 'abc123' })).toEqual({
      ok: false,
      error: orderMessages.edit.nothingToChange,
    });
    expect(parseEditOrderInput({ orderId: 'abc123', quantity: 0 })).toEqual({
      ok: false,
      error: orderMessages.validation.quantityMin,
    });
    expect(parseEditOrderInput({ orderId: 'abc123', quantity: '2' })).toMatchObject({ ok: false });
    expect(parseEditOrderInput({ orderId: 'a/b', quantity: 2 })).toEqual({
      ok: false,
      error: orderMessages.edit.invalidRequest,
    });
    expect(parseEditOrderInput(null)).toEqual({ ok: false, error: orderMessages.edit.invalidRequest });
  });
});

describe('who may edit when', () => {
  it('lets the seller edit until dispatch and the customer only while pending', () => {
    expect(
      ['pending', 'confirmed', 'preparing', 'delivering'].map((s) => isEditableStatus(s as never, false)),
    ).toEqual([true, true, true, false]);
    expect(isEditableStatus('pending', true)).toBe(true);
    expect(isEditableStatus('confirmed', true)).toBe(false);
  });
});
