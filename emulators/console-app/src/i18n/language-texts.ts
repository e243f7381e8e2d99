import { defineTexts } from './texts';
import type { Language } from './language';

export const languageTexts = defineTexts({
  label: { bn: 'ভাষা', en: 'Language' },
});

/** Each language named in itself, so a reader finds theirs whichever is showing. */
export const LANGUAGE_NAMES: Record<Language, string> = { bn: 'বাংলা', en: 'English' };
