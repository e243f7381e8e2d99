/**
 * What a built storefront (`dist/`) makes a shopper's phone download before it can show and use `/`, read
 * from the build itself: the Vite manifest for JavaScript, the HTML for its font faces and prerendered text.
 * Used by scripts/bundle-size.ts (`npm run size`, part of `npm test`) and the build's structure tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The app's code, which the entry (src/main.tsx) imports: its theme, and the rest. */
const APP_MODULES = ['src/app/theme-in-steps.ts', 'src/boot.tsx'];

/**
 * The entry's JavaScript (src/main.tsx), gzip, KB: the page is painted from the server's HTML without any, and
 * the entry only asks for the app's code. Measured 1.6 KB. (Taps before the app are kept by an inline script
 * of its own: src/lib/tap-keeper.ts, at most 2 KB, its own test.)
 */
export const FIRST_PAINT_JS_BUDGET_KB = 2;

/**
 * Initial JavaScript of `/`, gzip, KB: the entry and the app's code it loads (React, Chakra, the pages), without
 * which `/` cannot be used. Measured 192.5 KB, the theme's chunk included (it was left out of the count before);
 * see docs/performance.md.
 */
export const INITIAL_JS_BUDGET_KB = 195;
/**
 * Font files `/` can make a phone download, KB: only one without Noto Sans Bengali of its own (most phones in
 * Bangladesh have it: the faces try local() first), and none of them before the first paint (nothing is
 * preloaded; the system's font shows meanwhile). Two Bengali faces, 400 and 700: 92 KB (four files, 112 KB,
 * all fetched by every phone before).
 */
export const WEB_FONT_BUDGET_KB = 100;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizedFile {
  file: string;
  bytes: number;
}

export const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

export function readManifest(dist: string): Manifest {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`No ${manifestPath}: run \`npx vite build\` first (vite.config.ts sets build.manifest).`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

/**
 * `firstPaint`: the entry chunk and what it imports statically. `initial`: those, the app's code the entry
 * starts after the first paint (APP_MODULES) and every chunk they import statically (gzip). Then the lazily
 * loaded ones.
 */
export function javascriptOf(dist: string): {
  firstPaint: SizedFile[];
  initial: SizedFile[];
  lazy: SizedFile[];
} {
  const manifest = readManifest(dist);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${dist}/.vite/manifest.json names no entry chunk.`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const firstPaint = [...seen];
  for (const module of APP_MODULES) if (manifest[module]) visit(module);
  const sized = (key: string) => ({
    file: manifest[key].file,
    bytes: gzipBytes(join(dist, manifest[key].file)),
  });
  return {
    firstPaint: firstPaint.map(sized),
    initial: [...seen].map(sized),
    lazy: Object.keys(manifest)
      .filter((key) => !seen.has(key) && manifest[key].file.endsWith('.js'))
      .map(sized),
  };
}

export interface FontFace extends SizedFile {
  /** The names of the phone's own copies it is taken from first, before any download. */
  local: string[];
  /** Its `unicode-range`, as written in the built CSS (e.g. "U+20,U+A0,U+951-952"). */
  unicodeRange: string;
}

/**
 * The font faces `html` declares (its inline @font-face rules): the file each downloads, its local() names
 * and the characters it draws.
 */
export function fontFacesOf(dist: string, html: string): FontFace[] {
  const rules = html.match(/@font-face\s*\{[^}]*\}/g) ?? [];
  return rules.map((rule) => {
    const file = /url\(["']?\/?([^"')]+\.woff2)["']?\)/.exec(rule)?.[1];
    if (!file) throw new Error(`a @font-face of the HTML downloads no woff2 file: ${rule}`);
    const local = [...rule.matchAll(/local\(["']?([^"')]+)["']?\)/g)].map((match) => match[1]);
    const unicodeRange = /unicode-range:\s*([^;}]+)/.exec(rule)?.[1].trim() ?? '';
    return { file, bytes: readFileSync(join(dist, file)).length, local, unicodeRange };
  });
}

/** Font files that `html` preloads (`<link rel="preload" as="font">`). */
export function preloadedFonts(html: string): string[] {
  const links = html.match(/<link\b[^>]*>/g) ?? [];
  return links
    .filter((link) => /rel="preload"/.test(link) && /as="font"/.test(link))
    .map((link) => /href="([^"]+)"/.exec(link)?.[1] ?? '');
}
