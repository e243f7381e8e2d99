/**
 * A label a project passes to the console (its links, its user roles: src/console-server/extensions.ts) is
 * one text shown in every language, or a text per language.
 */
import type { Language } from './language';
import type { Label } from '../../../src/console-server/extensions';

export function localized(label: Label, language: Language): string {
  return typeof label === 'string' ? label : label[language];
}
