/**
 * Which language the console speaks: Bengali or English. The choice made with the switch is kept in
 * localStorage; until one is made, the browser's own preference decides (the first of `navigator.languages`
 * that is Bengali or English; English for any other, since the engineers who maintain a project may not read
 * Bengali). A tiny external store, so the whole page re-renders when it changes and code outside React (the
 * HTTP helper's refusals, the formatters) reads the same value.
 */
import { useSyncExternalStore } from 'react';

export const LANGUAGES = ['bn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'emulator-console-language';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The saved choice if there is one, else the first browser language that is one of ours, else English. */
export function chooseLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

function readSaved(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled: follow the browser
  }
}

function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator as Navigator | undefined;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}

let current: Language = chooseLanguage(readSaved(), browserLanguages());
const listeners = new Set<() => void>();

export const getLanguage = (): Language => current;

/** Switches every text on the page and remembers the choice for the next visit. */
export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered, still switched
  }
  if (globalThis.document) document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; the calling component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}
