import { orderMessages } from './texts';
import { normalizeBangladeshPhone } from './phone';

describe('normalizeBangladeshPhone', () => {
  it.each([
    ['01712345678', '01712345678'],
    ['01312345678', '01312345678'],
    ['01912345678', '01912345678'],
    ['+8801712345678', '01712345678'],
    ['8801712345678', '01712345678'],
    ['+880 1712-345678', '01712345678'],
    ['017 1234 5678', '01712345678'],
    ['0171-234-5678', '01712345678'],
    ['  01712345678  ', '01712345678'],
    ['০১৭১২৩৪৫৬৭৮', '01712345678'],
    ['+৮৮০ ১৭১২-৩৪৫৬৭৮', '01712345678'],
    ['০১৭১২ 345678', '01712345678'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalizeBangladeshPhone(input)).toEqual({ ok: true, phone: expected });
  });

  it.each([
    ['', orderMessages.phone.required],
    ['   ', orderMessages.phone.required],
    [null, orderMessages.phone.required],
    [undefined, orderMessages.phone.required],
    ['0171234567a', orderMessages.phone.invalidCharacters],
    ['(017) 12345678', orderMessages.phone.invalidCharacters],
    ['01712+345678', orderMessages.phone.invalidCharacters],
    ['+1 202 555 0100', orderMessages.phone.mustStartWith01],
    ['1712345678', orderMessages.phone.mustStartWith01],
    ['02 9123456', orderMessages.phone.mustStartWith01],
    ['0171234567', orderMessages.phone.wrongLength],
    ['017123456789', orderMessages.phone.wrongLength],
    ['+88017123456789', orderMessages.phone.wrongLength],
    ['01212345678', orderMessages.phone.invalidOperator],
    ['01012345678', orderMessages.phone.invalidOperator],
    ['+8801212345678', orderMessages.phone.invalidOperator],
  ])('refuses %j with a Bengali reason', (input, error) => {
    expect(normalizeBangladeshPhone(input)).toEqual({ ok: false, error });
  });
});
