/** The console's field editor: what a person types becomes a typed Firestore value, or a sentence saying why not. */
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/language';
import { editText, fromPlain, parseValue, queryValue, typeOf } from './values';

const ROOT = 'projects/demo-project/databases/(default)/documents';
const parse = (type: Parameters<typeof parseValue>[0], text: string) => parseValue(type, text, ROOT);

beforeEach(() => setLanguage('bn'));

describe('the field editor', () => {
  it('turns valid text into the chosen type', () => {
    expect(parse('integer', '250')).toEqual({ value: { integerValue: '250' } });
    expect(parse('double', '12.5')).toEqual({ value: { doubleValue: 12.5 } });
    expect(parse('boolean', 'true')).toEqual({ value: { booleanValue: true } });
    expect(parse('reference', '/products/p1')).toEqual({ value: { referenceValue: `${ROOT}/products/p1` } });
    expect(parse('timestamp', '2026-11-22T18:30:00Z')).toEqual({
      value: { timestampValue: '2026-11-22T18:30:00.000Z' },
    });
    expect(parse('map', '{"size": 500, "unit": "g"}')).toEqual({
      value: { mapValue: { fields: { size: { integerValue: '500' }, unit: { stringValue: 'g' } } } },
    });
  });

  it('gives the reason in English when the page speaks English', () => {
    setLanguage('en');
    expect(parse('integer', '12.5')).toEqual({ error: '"12.5" is not a whole number.' });
    expect(parse('reference', 'products')).toMatchObject({
      error: expect.stringMatching(/is not a document path/),
    });
  });

  it('refuses text that does not fit the type, with a reason in Bengali', () => {
    expect(parse('integer', '12.5')).toEqual({ error: '“12.5” পূর্ণসংখ্যা নয়।' });
    expect(parse('integer', '99999999999999999999')).toMatchObject({
      error: expect.stringMatching(/64-bit পূর্ণসংখ্যার সীমার বাইরে/),
    });
    expect(parse('double', 'abc')).toMatchObject({ error: expect.stringMatching(/কোনো সংখ্যা নয়/) });
    expect(parse('boolean', 'yes')).toMatchObject({ error: expect.stringMatching(/true, নয় false/) });
    expect(parse('timestamp', 'tomorrow-ish')).toMatchObject({
      error: expect.stringMatching(/তারিখ ও সময় নয়/),
    });
    expect(parse('reference', 'products')).toMatchObject({
      error: expect.stringMatching(/ডকুমেন্টের পাথ নয়/),
    });
    expect(parse('map', '[1, 2]')).toMatchObject({ error: expect.stringMatching(/^map লেখা হয়/) });
    expect(parse('array', '{not json')).toMatchObject({ error: expect.stringMatching(/বৈধ JSON নয়/) });
    expect(parse('geopoint', '100, 90')).toMatchObject({ error: expect.stringMatching(/অক্ষাংশ ±90/) });
  });

  it('round-trips a value through the editor text', () => {
    const value = fromPlain({ items: [{ qty: 2 }], note: 'ঝাল কম' });
    expect(typeOf(value)).toBe('map');
    expect(parse('map', editText(value))).toEqual({ value });
  });

  it('reads query values as JSON when they parse, as text otherwise', () => {
    expect(queryValue('12')).toEqual({ integerValue: '12' });
    expect(queryValue('pending')).toEqual({ stringValue: 'pending' });
    expect(queryValue('["a","b"]')).toEqual({
      arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] },
    });
  });
});
