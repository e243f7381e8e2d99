import {
  MAX_SEARCH_PREFIX,
  MAX_SEARCH_TERMS,
  orderCustomerKey,
  orderSearchQuery,
  orderSearchTerms,
  prefixTerms,
  searchPhone,
} from './order-search';

const order = { id: 'xYz9AB12cd34', customer_name: 'রহিমা বেগম', product_name: 'Lemon Achar' };

describe('orderSearchTerms', () => {
  it('holds the order number whole and every prefix of every name word, Bengali and Latin, lower-cased', () => {
    const terms = orderSearchTerms(order);
    expect(terms[0]).toBe('ab12cd34');
    expect(terms).toEqual(
      expect.arrayContaining([
        'র',
        'রহ',
        'রহি',
        'রহিম',
        'রহিমা',
        'ব',
        'বেগম',
        'l',
        'lem',
        'lemon',
        'a',
        'achar',
      ]),
    );
    expect(terms).not.toContain('Lemon');
    expect(terms).not.toContain('রহিমা বেগম');
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('folds Bengali digits to Latin and joins decomposed Bengali letters (NFC)', () => {
    const decomposed = 'য়'.normalize('NFD');
    const terms = orderSearchTerms({
      id: 'abcdefgh',
      customer_name: `মা${decomposed}া ২য়`,
      product_name: '',
    });
    expect(terms).toContain('মায়া'.normalize('NFC'));
    expect(terms).toContain('2য়'.normalize('NFC'));
  });

  it('cuts words at 20 characters and the list at 120 terms, keeping the order number', () => {
    const long = 'a'.repeat(30);
    expect(prefixTerms([long])).toHaveLength(MAX_SEARCH_PREFIX);
    const many = Array.from({ length: 40 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i}xyz`).join(
      ' ',
    );
    const terms = orderSearchTerms({ id: 'order-number-1', customer_name: many, product_name: many });
    expect(terms).toHaveLength(MAX_SEARCH_TERMS);
    expect(terms[0]).toBe('number-1');
  });

  it('splits on punctuation and also keeps hyphenated words whole', () => {
    const terms = orderSearchTerms({
      id: 'abcdefgh',
      customer_name: 'ই-টু-ই ক্রেতা, (ঢাকা)',
      product_name: '',
    });
    expect(terms).toEqual(expect.arrayContaining(['ই-টু-ই', 'টু', 'ক্রেতা', 'ঢাকা']));
    expect(terms.some((term) => term.includes(',') || term.includes('('))).toBe(false);
  });
});

describe('orderSearchQuery', () => {
  it('reads a phone in any format the shop accepts as the normalised phone', () => {
    for (const typed of [
      '01712345678',
      '০১৭১২৩৪৫৬৭৮',
      '+880 1712-345678',
      '8801712345678',
      ' 01712 345 678 ',
    ]) {
      expect(orderSearchQuery(typed)).toEqual({ kind: 'phone', phone: '01712345678' });
    }
  });

  it('reads a name as its folded first word, a prefix being enough', () => {
    expect(orderSearchQuery('রহি')).toEqual({ kind: 'term', term: 'রহি' });
    expect(orderSearchQuery('  Rahima Begum ')).toEqual({ kind: 'term', term: 'rahima' });
  });

  it('reads an order number with or without its "#"', () => {
    expect(orderSearchQuery('#AB12CD34')).toEqual({ kind: 'term', term: 'ab12cd34' });
    expect(orderSearchQuery('ab12cd34')).toEqual({ kind: 'term', term: 'ab12cd34' });
    const terms = orderSearchTerms(order);
    expect(terms).toContain((orderSearchQuery('#AB12CD34') as { term: string }).term);
  });

  it('searches digits that are not a whole phone as a term (an order number may be all digits)', () => {
    expect(orderSearchQuery('০১৭১২')).toEqual({ kind: 'term', term: '01712' });
  });

  it('asks nothing for empty or punctuation-only text', () => {
    expect(orderSearchQuery('')).toEqual({ kind: 'none' });
    expect(orderSearchQuery('   ')).toEqual({ kind: 'none' });
    expect(orderSearchQuery('#')).toEqual({ kind: 'none' });
  });

  it('finds what orderSearchTerms stored, whatever the case and digits typed', () => {
    const terms = orderSearchTerms({ id: 'abcdefgh', customer_name: 'Karim ১২৩', product_name: 'আমের আচার' });
    for (const typed of ['KAR', 'karim', '১২', 'আমে', 'আচার']) {
      const query = orderSearchQuery(typed);
      expect(query.kind).toBe('term');
      expect(terms).toContain((query as { term: string }).term);
    }
  });
});

describe('searchPhone and orderCustomerKey', () => {
  it('normalises a phone or gives "" when it cannot', () => {
    expect(searchPhone('+880 1812-345678')).toBe('01812345678');
    expect(searchPhone('12345')).toBe('');
    expect(searchPhone(null)).toBe('');
  });

  it('keys a signed-in customer by account, else by normalised phone', () => {
    expect(orderCustomerKey({ user_id: 'u1', customer_phone: '01712345678' })).toBe('user:u1');
    expect(orderCustomerKey({ user_id: '', customer_phone: '০১৭১২৩৪৫৬৭৮' })).toBe('phone:01712345678');
    expect(orderCustomerKey({ user_id: null, customer_phone: '+8801712345678' })).toBe('phone:01712345678');
  });
});
