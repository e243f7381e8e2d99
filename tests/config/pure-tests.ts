/**
 * Which unit test files need nothing around them, read from their sources when Vitest loads its configuration:
 * those run in Node, many to a worker (vitest.config.ts). The rules err towards the costlier project: a file
 * they wrongly keep out only runs slower; one they wrongly let in fails with `document is not defined`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** Packages that render or need a browser: their importers run under jsdom. */
const BROWSER_PACKAGES =
  /^(react|react-dom|@testing-library\/.*|@chakra-ui\/.*|@ark-ui\/.*|@zag-js\/.*|@emotion\/.*)(\/|$)/;

/**
 * A browser global read or probed (`document.body`, `typeof window`, `new AudioContext`), outside comments.
 * Words in prose ("the shop window") are not followed by `.` or `[`.
 */
const BROWSER_USE = new RegExp(
  [
    String.raw`(?<![\w$'"\x60-])(window|document|navigator|localStorage|sessionStorage|location|history|self)\s*(\?\.|[.[])`,
    String.raw`typeof\s+(window|document|navigator|localStorage|sessionStorage|self)\b`,
    String.raw`\b(HTML\w*Element|matchMedia|getComputedStyle|requestAnimationFrame|AudioContext|ResizeObserver|IntersectionObserver|MutationObserver|DOMParser|createImageBitmap)\b`,
  ].join('|'),
);

/** The code without its comments, whose prose ends sentences with "document." (`://` in URLs is kept). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|(?<![:'"\x60])\/\/.*$/gm, '');

/** Imports that reach the module at run time (`import type` is erased). */
function runtimeImports(source: string): string[] {
  const code = source.replace(/\b(import|export)\s+type\b[^;]*?\bfrom\s*['"][^'"]+['"]/g, '');
  return [
    ...code.matchAll(
      /(?:\bfrom|\bimport|\bimport\s*\(|vi\.importActual\s*(?:<[^>]*>)?\s*\()\s*['"]([^'"]+)['"]/g,
    ),
  ].map((match) => match[1]);
}

function resolveLocal(root: string, from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(root, 'src', specifier.slice(2))
    : join(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Whether the file or a module of the repository it imports (however deep) renders or touches the browser. */
function needsBrowser(root: string, file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (file.endsWith('.tsx')) return true;
  const text = readFileSync(file, 'utf8');
  // A test that names its environment (`// @vitest-environment node`, to start an emulator) keeps it.
  if (text.includes('@vitest-environment')) return true;
  const source = withoutComments(text);
  if (BROWSER_USE.test(source)) return true;
  return runtimeImports(source).some((specifier) => {
    if (BROWSER_PACKAGES.test(specifier)) return true;
    if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return false;
    const local = resolveLocal(root, file, specifier);
    return local !== null && needsBrowser(root, local, seen);
  });
}

/** Whether the file is `target` or imports it at run time through the repository's modules, however deep. */
function reaches(root: string, file: string, target: string, seen = new Set<string>()): boolean {
  if (file === target) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  return runtimeImports(withoutComments(readFileSync(file, 'utf8'))).some((specifier) => {
    if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return false;
    const local = resolveLocal(root, file, specifier);
    return local !== null && reaches(root, local, target, seen);
  });
}

/**
 * Of the web tests `files`, those that load the app's toaster (src/components/ui/toaster.tsx), whose toasts the
 * setup clears after each test. The others are spared importing it, and Chakra UI with it: about 1.5 CPU-s for
 * each isolated file that tests a hook or an API module. One that starts to load it gets the clearing by itself.
 */
export function webTestsLoadingToaster(root: string, files: string[]): string[] {
  const toaster = join(root, 'src/components/ui/toaster.tsx');
  return files.filter((file) => reaches(root, join(root, file), toaster));
}

function testFiles(root: string, dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => posix.join(dir, file.replaceAll('\\', '/')))
    .filter((file) => pattern.test(file) && !file.includes('node_modules/'));
}

/**
 * The web app's tests that need no DOM: a `.test.ts` that replaces no module and reaches no React, Testing
 * Library, Chakra UI or browser global through anything it imports. One that starts to fails in Node or, if it
 * imports any of them, moves back to jsdom by itself.
 */
export function domFreeWebTests(root: string): string[] {
  return testFiles(root, 'src', /\.test\.ts$/).filter((file) => {
    const path = join(root, file);
    return !readFileSync(path, 'utf8').includes('vi.mock(') && !needsBrowser(root, path);
  });
}
