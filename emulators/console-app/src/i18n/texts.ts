/**
 * Texts in both languages, kept per key: a feature's `texts.ts` holds `defineTexts({ key: { bn, en }, … })`
 * (groups may nest; a value may be a function of its arguments, e.g. a count), and its components read
 * `useTexts(texts)`: the same tree with each pair replaced by the current language's text. The type demands
 * both languages for every key, so a text cannot exist in one only.
 */
import { getLanguage, useLanguage, type Language } from './language';

/** One text in both languages: a string, or a function that writes one. */
export interface Pair<V> {
  bn: V;
  en: V;
}

type Leaf = string | ((...args: never[]) => string);

/** What a feature may declare: pairs of the same shape, in groups nested as deep as it likes. */
export type TextTree = { readonly [key: string]: Pair<Leaf> | TextTree };

/** The tree in one language: each pair becomes its text. */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends Pair<infer V> ? V : Texts<T[K]> };

const isPair = (node: Pair<Leaf> | TextTree): node is Pair<Leaf> =>
  'bn' in node && 'en' in node && (typeof node.bn === 'string' || typeof node.bn === 'function');

/**
 * Declares a feature's texts. Checks at run time too (for texts built from data) that no pair lacks a
 * language, so a gap fails when the module loads, not when a user meets it.
 */
export function defineTexts<T extends TextTree>(tree: T): T {
  const walk = (node: Pair<Leaf> | TextTree, path: string) => {
    if (isPair(node)) {
      if (typeof node.bn !== typeof node.en) throw new Error(`texts ${path}: bn and en differ in kind`);
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(tree, '');
  return tree;
}

const cache = new WeakMap<TextTree, Partial<Record<Language, unknown>>>();

/** `tree` in `language` (kept, so a component gets the same object on every render). */
export function textsIn<T extends TextTree>(tree: T, language: Language): Texts<T> {
  let byLanguage = cache.get(tree);
  if (!byLanguage) cache.set(tree, (byLanguage = {}));
  const known = byLanguage[language];
  if (known) return known as Texts<T>;
  const pick = (node: Pair<Leaf> | TextTree): unknown =>
    isPair(node)
      ? node[language]
      : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, pick(child)]));
  const picked = pick(tree) as Texts<T>;
  byLanguage[language] = picked;
  return picked;
}

/** The texts in the current language; the component renders again when the language changes. */
export function useTexts<T extends TextTree>(tree: T): Texts<T> {
  return textsIn(tree, useLanguage());
}

/** The texts in the current language, for code outside React (an error thrown by an API helper). */
export function currentTexts<T extends TextTree>(tree: T): Texts<T> {
  return textsIn(tree, getLanguage());
}
