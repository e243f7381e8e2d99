import { describe, expect, it } from 'vitest';
import { PayloadError, plainFields, typedFields } from './payload';

const ROOT = 'projects/demo/databases/(default)/documents';

describe('the playground payload', () => {
  it('types plain JSON as the editor does, and takes other types in their REST form', () => {
    expect(
      typedFields(
        {
          name: 'আম',
          price: 250,
          weight: 0.5,
          active: true,
          note: null,
          tags: ['ঝাল', 1],
          size: { jar: 400 },
          at: { timestampValue: '2026-11-24T10:00:00Z' },
          product: { referenceValue: 'products/p1' },
        },
        ROOT,
      ),
    ).toEqual({
      name: { stringValue: 'আম' },
      price: { integerValue: '250' },
      weight: { doubleValue: 0.5 },
      active: { booleanValue: true },
      note: { nullValue: null },
      tags: { arrayValue: { values: [{ stringValue: 'ঝাল' }, { integerValue: '1' }] } },
      size: { mapValue: { fields: { jar: { integerValue: '400' } } } },
      at: { timestampValue: '2026-11-24T10:00:00Z' },
      product: { referenceValue: `${ROOT}/products/p1` },
    });
  });

  it('refuses what is not an object of fields', () => {
    expect(() => typedFields([1], ROOT)).toThrow(PayloadError);
    expect(() => typedFields('x', ROOT)).toThrow(PayloadError);
  });

  it('reads stored fields back into the same text, keeping types plain JSON would lose', () => {
    const stored = {
      name: { stringValue: 'আম' },
      price: { integerValue: '250' },
      whole: { doubleValue: 2 },
      big: { integerValue: '9007199254740993' },
      at: { timestampValue: '2026-11-24T10:00:00Z' },
      size: { mapValue: { fields: { jar: { integerValue: '400' } } } },
    };
    const plain = plainFields(stored);
    expect(plain).toEqual({
      name: 'আম',
      price: 250,
      whole: { doubleValue: 2 },
      big: { integerValue: '9007199254740993' },
      at: { timestampValue: '2026-11-24T10:00:00Z' },
      size: { jar: 400 },
    });
    expect(typedFields(plain, ROOT)).toEqual(stored);
  });
});
