/**
 * The documents name files and folders of the repository; a name that stops being true is a broken guide. Every
 * path in README.md, ARCHITECTURE.md, emulators/README.md, emulators/ARCHITECTURE.md and docs/*.md must exist:
 * each relative Markdown link, each `code` span that starts at a top-level entry of the repository
 * (`src/app/router.tsx`, `firebase.json`), and each source file named by its last parts where the text says
 * where it is (`model/order-form.ts`, `lazy.ts`): some file of the repository must end so. Build output and local
 * data (.gitignore) need not exist; names of what a build or an export writes, or of a dependency's own files,
 * are not checked unless written with a source extension.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const DOCUMENTS = [
  'README.md',
  'ARCHITECTURE.md',
  'emulators/README.md',
  'emulators/ARCHITECTURE.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
].filter((file) => existsSync(join(root, file)));

/** Every file of the repository (committed or not yet) and every folder above one, from the root. */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));
const PATHS = new Set(
  FILES.flatMap((file) => file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))),
);
const PATH_LIST = [...PATHS];

/** What the repository's own sources are written in: a short name with one of these is checked. */
const SOURCE = /\.(ts|tsx|mjs|md|rules)$/;
const TOP_LEVEL = new Set(readdirSync(root).filter((name) => name !== 'node_modules' && name !== '.git'));
/** What .gitignore names (build output, local data): documents may name it, a clean clone does not have it. */
const IGNORED = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((line) => line && !line.startsWith('#') && !line.includes('*'));

/** The paths a document names: its code spans that look like one, and its relative links. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  const links = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target));
  const looksLikePath = (span: string) =>
    /^[\w.-][\w.@/-]*$/.test(span) &&
    !span.startsWith('.d.') &&
    (SOURCE.test(span) || TOP_LEVEL.has(span.split('/')[0]!));
  return [...spans.filter(looksLikePath), ...links];
}

function exists(document: string, path: string): boolean {
  const clean = path.replace(/\/$/, '');
  if (IGNORED.some((ignored) => clean === ignored || clean.startsWith(`${ignored}/`))) return true;
  if (PATHS.has(clean) || PATHS.has(join(dirname(document), clean))) return true;
  if (TOP_LEVEL.has(clean.split('/')[0]!)) return false;
  return PATH_LIST.some((known) => known.endsWith(`/${clean}`));
}

describe('the documents name only paths that exist', () => {
  it.each(DOCUMENTS)('%s', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    const missing = [...new Set(namedPaths(text))].filter((path) => !exists(document, path));
    expect(missing, `${relative(root, join(root, document))} names paths that do not exist`).toEqual([]);
  });
});
