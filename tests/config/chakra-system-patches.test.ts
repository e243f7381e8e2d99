/**
 * The build's patches of Chakra's createSystem (scripts/build/chakra-system-in-steps.ts): the theme's global
 * CSS is built when first read, and it is the same CSS Chakra builds; `createSystemInSteps` builds the same
 * system as `createSystem`, pausing between its phases.
 */
import { createSystem, defaultConfig } from '@chakra-ui/react';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyChakraGlobalCss } from '../../scripts/build/chakra-lazy-global-css.js';
import {
  patchChakraSystem,
  withCreateSystemInSteps,
  withCreateTokenDictionaryInSteps,
} from '../../scripts/build/chakra-system-in-steps.js';
import { system as shopSystem } from '../../src/app/theme.js';
import { themeConfigs } from '../../src/app/theme-config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const styledSystem = join(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '..',
  'esm',
  'styled-system',
);
const systemModule = join(styledSystem, 'system.js');
const tokenDictionaryModule = join(styledSystem, 'token-dictionary.js');
const cacheDir = join(root, 'node_modules', '.cache');
let tempDir = '';

interface PatchedSystemModule {
  createSystem: typeof createSystem;
  createSystemInSteps(
    pause: () => Promise<unknown>,
    ...configs: Parameters<typeof createSystem>
  ): Promise<ReturnType<typeof createSystem>>;
}

/** `source`, a module of Chakra's styled-system, written to `file` with its relative imports made absolute. */
async function writeLinked(file: string, source: string): Promise<void> {
  const linked = source.replace(/from '(\.{1,2}\/[^']+)'/g, (whole, relative: string) =>
    relative === './token-dictionary.js'
      ? whole.replace(relative, './token-dictionary.mjs')
      : `from '${pathToFileURL(resolve(styledSystem, relative)).href}'`,
  );
  await writeFile(file, linked);
}

/** Chakra's system module as the build ships it: patched, as is the token dictionary it imports. */
async function patchedSystemModule(): Promise<PatchedSystemModule> {
  await mkdir(cacheDir, { recursive: true });
  tempDir = await mkdtemp(join(cacheDir, 'chakra-system-'));
  const file = join(tempDir, 'system.mjs');
  await writeLinked(file, patchChakraSystem(await readFile(systemModule, 'utf8')));
  await writeLinked(
    join(tempDir, 'token-dictionary.mjs'),
    withCreateTokenDictionaryInSteps(await readFile(tokenDictionaryModule, 'utf8')),
  );
  return (await import(pathToFileURL(file).href)) as PatchedSystemModule;
}

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe("the build's lazy Chakra global CSS", () => {
  it('builds the global CSS on first read only, the same CSS as Chakra builds at once', async () => {
    const { createSystem: lazyCreateSystem } = await patchedSystemModule();
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

describe("the build's Chakra createSystem in steps", () => {
  it('builds the same system as createSystem, pausing seven times on the way', async () => {
    const { createSystemInSteps } = await patchedSystemModule();
    const steps: string[] = [];
    const pause = () => {
      steps.push('pause');
      return new Promise((resolve) => setTimeout(resolve, 0));
    };
    const built = createSystemInSteps(pause, ...themeConfigs);
    steps.push('returned');
    const inSteps = await built;
    // It gives the page back at once (the configs merged), and six more times before it is done: four times
    // inside the token dictionary, after it, after the utility.
    expect(steps).toEqual(['pause', 'returned', ...Array<string>(6).fill('pause')]);

    // The shop's own system (src/app/theme.ts), built by Chakra's createSystem at once.
    expect(
      inSteps.tokens.allTokens.map((token) => [token.name, token.value, token.extensions.condition]),
    ).toEqual(
      shopSystem.tokens.allTokens.map((token) => [token.name, token.value, token.extensions.condition]),
    );
    expect(inSteps.token('colors.brand.600')).toBe('#c2560b');
    const styles = { color: 'brand.fg', px: '4', _hover: { bg: 'leaf.subtle' }, md: { fontSize: 'xl' } };
    expect(inSteps.css(styles)).toEqual(shopSystem.css(styles));
    expect(inSteps.getRecipe('button')).toEqual(shopSystem.getRecipe('button'));
    expect(inSteps.cva(shopSystem.getRecipe('button'))({ size: 'sm' })).toEqual(
      shopSystem.cva(shopSystem.getRecipe('button'))({ size: 'sm' }),
    );
    expect(inSteps.layers.atRule).toBe(shopSystem.layers.atRule);
    expect(inSteps._global).toEqual(shopSystem._global);
  });

  it('stops the build when a Chakra upgrade changed the lines it copies', async () => {
    const source = await readFile(systemModule, 'utf8');
    expect(() => withCreateSystemInSteps('export function createSystem() { return {}; }')).toThrow(
      /createSystem changed/,
    );
    // One of the statements it pauses after, written differently.
    expect(() =>
      withCreateSystemInSteps(
        source.replace('const config = mergeConfigs(...configs);', 'const config = mergeConfigs(configs);'),
      ),
    ).toThrow(/createSystem changed \(found "const config = mergeConfigs\(\.\.\.configs\);" 0×\)/);
  });

  it('stops the build when a Chakra upgrade changed the token dictionary lines it copies', async () => {
    const source = await readFile(tokenDictionaryModule, 'utf8');
    expect(() => withCreateTokenDictionaryInSteps(source)).not.toThrow();
    expect(() =>
      withCreateTokenDictionaryInSteps(
        source.replace('    applyTransforms("pre");\n', '    applyTransforms("pre", 1);\n'),
      ),
    ).toThrow(/createTokenDictionary changed \(found "applyTransforms\("pre"\);" 0×\)/);
    expect(() =>
      withCreateTokenDictionaryInSteps(source.replace('export { createTokenDictionary,', 'export {')),
    ).toThrow(/createTokenDictionary changed \(its exports differ\)/);
  });
});
