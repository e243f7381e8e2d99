import { afterEach, describe, expect, it } from 'vitest';
import { getLanguage, setLanguage } from '../../i18n/language';
import { currentTexts } from '../../i18n/texts';
import { rulesTexts } from './rules-texts';

const before = getLanguage();
afterEach(() => setLanguage(before));

// What the playground reads outside React (currentTexts) and the pages through useTexts: the language the
// console's switch set, for the words and for the numbers written into them.
describe('the rules pages’ texts', () => {
  it('follow the switch to Bengali and back, words and digits together', () => {
    setLanguage('bn');
    expect(currentTexts(rulesTexts).coverage.summary(2, 5)).toBe(
      '৫টি allow-এর মধ্যে ২টি অন্তত একবার যাচাই হয়েছে।',
    );
    expect(currentTexts(rulesTexts).request.replay).toBe('অন্য ব্যবহারকারী হিসেবে আবার চালান');

    setLanguage('en');
    expect(currentTexts(rulesTexts).coverage.summary(2, 5)).toBe(
      '2 of 5 allow statements evaluated at least once.',
    );
    expect(currentTexts(rulesTexts).request.replay).toBe('Replay as another user');
  });

  it('group a large count as the language does: lakh in Bengali, thousands in English', () => {
    setLanguage('bn');
    expect(currentTexts(rulesTexts).coverage.summary(1234, 125000)).toBe(
      '১,২৫,০০০টি allow-এর মধ্যে ১,২৩৪টি অন্তত একবার যাচাই হয়েছে।',
    );
    setLanguage('en');
    expect(currentTexts(rulesTexts).coverage.summary(1234, 125000)).toBe(
      '1,234 of 125,000 allow statements evaluated at least once.',
    );
  });
});
