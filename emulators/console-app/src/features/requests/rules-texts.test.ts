import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/language';
import { textsIn } from '../../i18n/texts';
import { rulesTexts } from './rules-texts';

describe('the rules pages’ texts', () => {
  it('picks one language for the whole tree, numbers written in it', () => {
    setLanguage('bn');
    expect(textsIn(rulesTexts, 'bn').coverage.summary(2, 5)).toBe(
      '৫টি allow-এর মধ্যে ২টি অন্তত একবার যাচাই হয়েছে।',
    );
    setLanguage('en');
    expect(textsIn(rulesTexts, 'en').coverage.summary(2, 5)).toBe(
      '2 of 5 allow statements evaluated at least once.',
    );
    expect(textsIn(rulesTexts, 'en').request.replay).toBe('Replay as another user');
  });
});
