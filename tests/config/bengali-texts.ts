/**
 * Reads the shop's Bengali texts out of its sources (string literals, template parts and JSX text, never comments)
 * and checks them against docs/bengali-glossary.json; and finds money or dates formatted outside the shared
 * formatters. Used by bengali-glossary.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

interface RejectedWord {
  pattern: string;
  preferred: string;
  why: string;
  wholeText?: boolean;
  shopperOnly?: boolean;
  bengaliTextOnly?: boolean;
  /** Tried on Latin texts too (the console's English), not only on Bengali ones. */
  latinToo?: boolean;
  allowIn?: string[];
}

export interface Glossary {
  rejected: RejectedWord[];
  shopperFiles: string[];
  fixedBySpec: string[];
}

export const glossary = JSON.parse(
  readFileSync(new URL('../../docs/bengali-glossary.json', import.meta.url), 'utf8'),
) as Glossary;

/** Where the shop's texts are: the web app, the Cloud Functions (mail), the emulator console. */
export const TEXT_ROOTS = ['src', 'functions/src', 'emulators/console-app/src'];

/** The sources that hold user-facing texts: every non-test TypeScript file under the roots. */
export function textSources(root = process.cwd()): string[] {
  return TEXT_ROOTS.flatMap((dir) =>
    readdirSync(`${root}/${dir}`, { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
      .filter(
        (file) =>
          /\.tsx?$/.test(file) &&
          !/\.(test|spec)\.tsx?$/.test(file) &&
          !file.endsWith('.d.ts') &&
          !file.includes('/testing/'),
      ),
  );
}

export interface Text {
  text: string;
  line: number;
  /** The whole literal (not a part of a template with interpolations). */
  whole: boolean;
  /** A template part followed by an interpolation. */
  beforeInterpolation: boolean;
}

const BENGALI = /[\u0980-\u09FF]/u;

const parsed = new Map<string, ts.SourceFile>();

function parse(file: string, source: string): ts.SourceFile {
  const key = `${file}\0${source}`;
  let sf = parsed.get(key);
  if (!sf) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
    parsed.set(key, sf);
  }
  return sf;
}

/** Every string the file writes: literals, template parts and JSX text. */
export function textsOf(file: string, source: string): Text[] {
  const sf = parse(file, source);
  const texts: Text[] = [];
  const add = (node: ts.Node, text: string, whole: boolean, beforeInterpolation: boolean) =>
    texts.push({
      text,
      whole,
      beforeInterpolation,
      line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      add(node, node.text, true, false);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node)) add(node, node.text, false, true);
    else if (ts.isTemplateTail(node)) add(node, node.text, false, false);
    else if (ts.isJsxText(node) && node.text.trim()) add(node, node.text.trim(), true, false);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return texts;
}

export interface Violation {
  file: string;
  line: number;
  text: string;
  problem: string;
}

/**
 * The glossary's rejected words in one file's Bengali texts. SPEC.md's fixed strings are checked only by the
 * whole-text rules (its 'বাতিল' is the status, so a button reading 'বাতিল' is still reported).
 */
export function wordViolations(file: string, source: string, words: Glossary = glossary): Violation[] {
  const shopper = words.shopperFiles.some((prefix) => file.startsWith(prefix));
  const fixed = new Set(words.fixedBySpec);
  const rules = words.rejected
    .filter(
      (rule) => !rule.allowIn?.some((prefix) => file.startsWith(prefix)) && (!rule.shopperOnly || shopper),
    )
    .map((rule) => ({ rule, re: new RegExp(rule.pattern, 'u') }));
  const found: Violation[] = [];
  for (const { text: written, line, whole } of textsOf(file, source)) {
    const text = written.normalize('NFC'); // য় as one code point or two: the same letter
    const bengali = BENGALI.test(text);
    for (const { rule, re } of rules) {
      if (!bengali && !rule.latinToo) continue;
      if (rule.wholeText ? !whole : fixed.has(text)) continue; // 'বাতিল' is SPEC's status, never a button
      if (re.test(rule.wholeText ? text.trim() : text)) {
        found.push({
          file,
          line,
          text,
          problem: `'${re.exec(text)?.[0] ?? text}' → ${rule.preferred} (${rule.why})`,
        });
      }
    }
  }
  return found;
}

/** The shared formatters, the only files allowed to format money and dates themselves. */
export const FORMATTERS = [
  'src/lib/numbers.ts', // formatTaka, formatNumberBn
  'src/lib/format.ts', // formatDateTime, formatRelativeTime, formatDayMonth
  'src/lib/dayjs.ts', // the bn locale set up once
  'src/lib/shop-time.ts', // Dhaka's calendar days as keys (Latin, for data and spreadsheets)
  'src/boot.tsx', // loads src/lib/dayjs.ts
  'emulators/console-app/src/lib/format.ts', // the console's formatter (the emulators name nothing of the shop)
  'emulators/console-app/src/features/firestore/values.ts', // the field editor's text, parsed back by dayjs
];

const LOCALE_FORMATTERS = new Set([
  'NumberFormat',
  'DateTimeFormat',
  'toLocaleString',
  'toLocaleDateString',
  'toLocaleTimeString',
]);

/** Money written by hand ('৳' then a number) and dates or numbers formatted by Intl or dayjs outside FORMATTERS. */
export function formatViolations(file: string, source: string): Violation[] {
  if (FORMATTERS.includes(file)) return [];
  const found: Violation[] = [];
  for (const { text, line, beforeInterpolation, whole } of textsOf(file, source)) {
    const concatenated = text.endsWith('৳') && (beforeInterpolation || whole);
    if (concatenated || /৳ ?[0-9]/u.test(text)) {
      found.push({ file, line, text, problem: 'money written by hand: use formatTaka (src/lib/numbers.ts)' });
    }
  }
  const sf = parse(file, source);
  const visit = (node: ts.Node) => {
    const line = () => sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isPropertyAccessExpression(node) && LOCALE_FORMATTERS.has(node.name.text)) {
      found.push({
        file,
        line: line(),
        text: node.getText(),
        problem: 'Intl formatting: use src/lib/format.ts',
      });
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (from === 'dayjs' || from.startsWith('dayjs/') || /(^|\/)lib\/dayjs$/.test(from)) {
        found.push({
          file,
          line: line(),
          text: from,
          problem: 'dayjs outside the formatter: use src/lib/format.ts',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export const describeViolations = (violations: Violation[]) =>
  violations.map((v) => `${v.file}:${v.line} "${v.text}": ${v.problem}`).join('\n');
