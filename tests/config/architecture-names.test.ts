/**
 * ARCHITECTURE.md's section "Functions and collections" names every Cloud Function the functions' entry exports
 * and every Firestore collection the rules and the code use, and nothing else: a function or a collection added,
 * renamed or removed without the document fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The `code` names of the section's bullet that starts with **title**. */
function namedIn(title: string): string[] {
  const section = read('ARCHITECTURE.md').split('## Functions and collections')[1]?.split('\n## ')[0] ?? '';
  const bullet = section.split('\n- ').find((item) => item.replace(/^- /, '').startsWith(`**${title}**`));
  if (!bullet)
    throw new Error(`ARCHITECTURE.md has no bullet **${title}** under "Functions and collections"`);
  return [...bullet.matchAll(/`([^`]+)`/g)].map((match) => match[1]).filter((name) => /^[\w-]+$/.test(name));
}

/** The production sources (no tests, no test fixtures) below `dir`. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('testing/'))
    .map((file) => read(join(dir, file)));
}

/** What the rules match: the first segment of each `match /name/…` below the documents, subcollections too. */
function ruleCollections(): Set<string> {
  const rules = read('firestore.rules');
  return new Set(
    [...rules.matchAll(/match \/([\w-]+)\//g)]
      .map((match) => match[1])
      .filter((name) => name !== 'databases'),
  );
}

/** Every collection the code names: `collection('x')`, `doc(db, 'x', …)`, or a constant given to either. */
function codeCollections(): Set<string> {
  const code = [...sources('functions/src'), ...sources('src')].join('\n');
  const constants = new Map(
    [...code.matchAll(/const ([A-Z_]+) = '([\w-]+)'/g)].map((match) => [match[1], match[2]] as const),
  );
  const names = new Set<string>();
  // `doc(db, 'x', …)` names a collection; `ref.doc('x')` only a document's id.
  for (const match of code.matchAll(/\b(?:collection\((?:db, )?|doc\(db, )(?:'([\w-]+)'|([A-Z_]+)\b)/g)) {
    const name = match[1] ?? constants.get(match[2]);
    if (name !== undefined) names.add(name);
  }
  return names;
}

describe('ARCHITECTURE.md names the functions and collections that exist', () => {
  it('names exactly the functions that functions/src/index.ts exports', () => {
    const exported = [...read('functions/src/index.ts').matchAll(/^export const (\w+) =/gm)].map((m) => m[1]);
    expect(exported.length).toBeGreaterThan(10);
    expect(new Set(namedIn('Functions'))).toEqual(new Set(exported));
  });

  it('names exactly the collections of firestore.rules, and the code uses no other', () => {
    const rules = ruleCollections();
    expect(new Set(namedIn('Collections'))).toEqual(rules);
    const unruled = [...codeCollections()].filter((name) => !rules.has(name));
    expect(unruled).toEqual([]);
  });
});
