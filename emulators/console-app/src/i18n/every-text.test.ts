/**
 * Every text the console shows exists in both languages: each `texts.ts` pair has a Bengali text and an
 * English one free of Bengali script, and no component writes a text of its own (a Bengali string or a word in
 * JSX outside a texts file would show in one language only).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { setLanguage } from './language';
import type { Pair } from './texts';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const BENGALI = /[\u0980-\u09FF]/;
/** Names that stay as they are in both languages (README: paths, methods, service and type names). */
const TECHNICAL = new Set([
  'Firestore',
  'Storage',
  'Auth',
  'allow',
  'get',
  'list',
  'create',
  'update',
  'delete',
  'JSON',
  'uid',
  'null',
]);
const isTechnical = (text: string) =>
  text
    .trim()
    .split(/[\s,()]+/)
    .filter(Boolean)
    .every((word) => TECHNICAL.has(word));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const isTextsFile = (path: string) => /(^|[/-])texts\.ts$/.test(path);

const isPair = (node: unknown): node is Pair<unknown> =>
  typeof node === 'object' && node !== null && 'bn' in node && 'en' in node;

/** Each pair with its path; a function is called with 1 for every argument (counts, statuses, names). */
function pairs(node: unknown, path: string): [string, string, string][] {
  if (isPair(node)) {
    const write = (text: unknown, language: 'bn' | 'en') => {
      setLanguage(language);
      return typeof text === 'function'
        ? String((text as (...args: unknown[]) => unknown)(...Array<number>(text.length).fill(1)))
        : String(text);
    };
    return [[path, write(node.bn, 'bn'), write(node.en, 'en')]];
  }
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, child]) => pairs(child, `${path}.${key}`));
}

describe('every text of the console', () => {
  it('is written in Bengali and in English', async () => {
    const files = sourceFiles(SRC).filter(isTextsFile);
    expect(files.length).toBeGreaterThan(5);
    let count = 0;
    for (const file of files) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const [name, tree] of Object.entries(module)) {
        for (const [path, bn, en] of pairs(tree, `${relative(SRC, file)}:${name}`)) {
          count++;
          expect(en, path).not.toMatch(BENGALI);
          expect(en.trim(), path).not.toBe('');
          // Technical names (Firestore, uid, host:port) are the same in both; anything else is Bengali.
          if (bn !== en) expect(bn, path).toMatch(BENGALI);
        }
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('comes from a texts file: components hold no Bengali string and no words of their own in JSX', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC).filter((path) => !isTextsFile(path))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        const where = `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
          if (BENGALI.test(node.text)) offenders.push(`${where} "${node.text}"`);
        } else if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text) && !isTechnical(node.text)) {
          offenders.push(`${where} <>${node.text.trim()}</>`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });
});
