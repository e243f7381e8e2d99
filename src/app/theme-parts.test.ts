// @vitest-environment node
// (esbuild, which this file runs, refuses jsdom's Uint8Array)
import { createSystem, defaultConfig } from '@chakra-ui/react';
import * as chakraTheme from '@chakra-ui/react/theme';
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

const SRC = join(__dirname, '..');

/** The shop's own code (no tests): what decides which parts of Chakra's theme a shopper or the seller meets. */
function shopSources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return shopSources(path);
    // The theme itself names what it leaves out.
    const ofTheShop =
      /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'theme-config.ts';
    return ofTheShop ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Every value the shop imports from '@chakra-ui/react' (components, hooks…), by name. */
function chakraImports(sources: string[]): string[] {
  const names = new Set<string>();
  for (const source of sources)
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const item of list.split(',').map((part) => part.trim()))
        if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]);
  return [...names];
}

/**
 * The recipe keys Chakra's components look up, of the components named: their modules, bundled as an app would
 * (tree-shaken), name them in `createRecipeContext({ key })`, `useSlotRecipe({ key })`…
 */
async function recipeKeysOf(names: string[]): Promise<string[]> {
  const { outputFiles } = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from '@chakra-ui/react'; globalThis.used = [${names.join(', ')}];`,
      resolveDir: SRC,
    },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
  });
  const code = outputFiles[0].text;
  const keys = code.matchAll(/(?:create(?:Slot)?RecipeContext|use(?:Slot)?Recipe)\(\s*\{\s*key:\s*"(\w+)"/g);
  return [...new Set([...keys].map((match) => match[1]))];
}

/** Every string in a theme part (recipes, styles), wherever it sits. */
function stringsIn(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node === null || typeof node !== 'object') return [];
  return Object.values(node).flatMap(stringsIn);
}

describe("the shop's theme: only the parts of Chakra's that the shop uses, and every one of those", () => {
  it('has the recipe of every Chakra component the shop imports (without it, the component is unstyled)', async () => {
    const keys = await recipeKeysOf(chakraImports(shopSources()));
    expect(keys).toContain('button'); // the scan sees the components
    const chakraHas = (key: string) => key in chakraTheme.recipes || key in chakraTheme.slotRecipes;
    const missing = keys.filter(
      (key) => chakraHas(key) && !system.isRecipe(key) && !system.isSlotRecipe(key),
    );
    expect(missing).toEqual([]);
  }, 30_000);

  it('has every keyframe its recipes, animation styles and animation tokens name', () => {
    const { theme } = system._config;
    const named = stringsIn([
      theme?.recipes,
      theme?.slotRecipes,
      theme?.animationStyles,
      theme?.tokens?.animations,
    ])
      .flatMap((value) => value.split(/[\s,]+/))
      .filter((word) => word in chakraTheme.keyframes);
    expect(named).toContain('spin');
    const missing = [...new Set(named)].filter((name) => !(name in (theme?.keyframes ?? {})));
    expect(missing).toEqual([]);
  });

  it("resolves every token that the shop's code and its kept parts name, as Chakra's whole theme would", () => {
    // The same theme with all of Chakra's parts: what resolves there must resolve here.
    const whole = createSystem(defaultConfig, { theme: system._config.theme });
    const { theme, globalCss } = system._config;
    const values = stringsIn([theme, globalCss]).concat(
      shopSources().flatMap((source) => [...source.matchAll(/['"]([\w.-]+)['"]/g)].map((match) => match[1])),
    );
    // `{colors.gray.200}` inside a value; `gray.200`, `bg.muted` as a whole value; `red` as a colour palette.
    const names = values.flatMap((value) => [
      ...[...value.matchAll(/\{([\w.-]+?)(?:\/\d+)?\}/g)].map((match) => match[1]),
      ...[...whole.tokens.categoryMap.keys()].map((category) => `${category}.${value}`),
      `colors.${value}.solid`,
    ]);
    const named = [...new Set(names)].filter((name) => whole.tokens.getByName(name));
    expect(named).toEqual(expect.arrayContaining(['colors.red.solid', 'colors.bg.muted', 'colors.gray.200']));
    expect(named.filter((name) => !system.tokens.getByName(name))).toEqual([]);
  });
});
