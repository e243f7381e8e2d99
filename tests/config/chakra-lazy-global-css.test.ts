/**
 * The build's patch of Chakra's createSystem (scripts/build/chakra-lazy-global-css.ts): the theme's global CSS
 * is built when first read, and it is the same CSS Chakra builds.
 */
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyChakraGlobalCss } from '../../scripts/build/chakra-lazy-global-css.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const systemModule = join(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '..',
  'esm',
  'styled-system',
  'system.js',
);
const cacheDir = join(root, 'node_modules', '.cache');
let tempDir = '';

/** Chakra's createSystem as the build ships it: its module patched, its imports pointing at Chakra's own. */
async function patchedCreateSystem(): Promise<typeof createSystem> {
  const source = lazyChakraGlobalCss(await readFile(systemModule, 'utf8'));
  const linked = source.replace(
    /from '(\.{1,2}\/[^']+)'/g,
    (_, relative: string) => `from '${pathToFileURL(resolve(dirname(systemModule), relative)).href}'`,
  );
  await mkdir(cacheDir, { recursive: true });
  tempDir = await mkdtemp(join(cacheDir, 'chakra-system-'));
  const file = join(tempDir, 'system.mjs');
  await writeFile(file, linked);
  return ((await import(pathToFileURL(file).href)) as { createSystem: typeof createSystem }).createSystem;
}

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe("the build's lazy Chakra global CSS", () => {
  it('builds the global CSS on first read only, the same CSS as Chakra builds at once', async () => {
    const lazyCreateSystem = await patchedCreateSystem();
    const lazy = lazyCreateSystem(defaultConfig);
    expect(Object.getOwnPropertyDescriptor(lazy, '_global')?.get).toBeTypeOf('function');
    const eager = createSystem(defaultConfig);
    expect(Object.getOwnPropertyDescriptor(eager, '_global')?.value).toBeDefined();
    expect(lazy._global).toEqual(eager._global);
    // Read twice, built once.
    expect(lazy._global).toBe(lazy._global);
    expect(lazy.token('colors.red.500')).toBe(eager.token('colors.red.500'));
  });

  it('stops the build when a Chakra upgrade changed the lines it patches', () => {
    expect(() => lazyChakraGlobalCss('export function createSystem() { return {}; }')).toThrow(
      /createSystem changed/,
    );
  });
});
