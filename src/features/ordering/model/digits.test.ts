import { toBengaliDigits, toLatinDigits } from './digits';

describe('digit conversion', () => {
  it('reads Bengali digits as Latin and leaves everything else alone', () => {
    expect(toLatinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(toLatinDigits('আমের আচার ২টি')).toBe('আমের আচার 2টি');
  });

  it('writes numbers in Bengali digits', () => {
    expect(toBengaliDigits(1250)).toBe('১২৫০');
    expect(toBengaliDigits('x9')).toBe('x৯');
  });
});
