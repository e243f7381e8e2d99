/**
 * Vite plugin: Chakra's `createSystem` as a build patch, in two ways.
 *
 * 1. `system._global` computed on first read (./chakra-lazy-global-css.ts).
 * 2. `createSystemInSteps(pause, ...configs)`: the same function, async, awaiting `pause()` between its
 *    phases: merging the configs, the token dictionary, the style utility, the rest. Each phase is then a
 *    task of its own; in one piece, `createSystem` is the longest task a cheap phone runs while the page
 *    starts (~250 ms at 4× CPU: a tap on the page waits that long). The browser's app takes it from the
 *    virtual module `virtual:chakra-system-in-steps` (src/app/theme-in-steps.ts); the server and the tests
 *    keep the synchronous `createSystem`.
 *
 * Chakra has no option for either. The copy is Chakra's own function text, with `await pause();` after three
 * of its statements: a Chakra upgrade that changes those lines fails the build here, so the patch is never
 * silently lost or wrong. tests/config/chakra-system-patches.test.ts builds a system both ways and compares.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { lazyChakraGlobalCss, occurrences as count } from './chakra-lazy-global-css';

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const VIRTUAL_ID = 'virtual:chakra-system-in-steps';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;

const HEADER = 'function createSystem(...configs) {\n';
const STEPS_HEADER = 'async function createSystemInSteps(pause, ...configs) {\n';
/** The statements after which the copy pauses: the configs merged, the tokens built, the utility built. */
const PAUSE_AFTER = [
  '  const config = mergeConfigs(...configs);\n',
  '  const tokens = createTokenDictionary({\n    breakpoints: theme.breakpoints,\n    tokens: theme.tokens,\n    semanticTokens: theme.semanticTokens,\n    prefix: cssVarsPrefix\n  });\n',
  '  const utility = createUtility({\n    config: utilities,\n    tokens\n  });\n',
];
const EXPORTS = 'export { createSystem, isValidSystem };';

function changed(what: string): Error {
  return new Error(
    `chakra-system-in-steps: @chakra-ui/react's createSystem changed (${what}); ` +
      'update scripts/build/chakra-system-in-steps.ts',
  );
}

/** Adds `createSystemInSteps` to Chakra's system module, beside `createSystem`. */
export function withCreateSystemInSteps(source: string): string {
  if (count(source, HEADER) !== 1) throw changed(`found its header ${count(source, HEADER)}×`);
  if (count(source, EXPORTS) !== 1) throw changed('its exports differ');
  const start = source.indexOf(HEADER);
  // The function's closing brace: the first line after its header that is only "}" (its body is indented).
  const end = source.indexOf('\n}\n', start) + 3;
  let steps = STEPS_HEADER + source.slice(start + HEADER.length, end);
  for (const statement of PAUSE_AFTER) {
    if (count(steps, statement) !== 1)
      throw changed(`found "${statement.trim().split('\n')[0]}" ${count(steps, statement)}×`);
    steps = steps.replace(statement, () => `${statement}  await pause();\n`);
  }
  return (
    source.slice(0, end) +
    steps +
    source.slice(end).replace(EXPORTS, 'export { createSystem, createSystemInSteps, isValidSystem };')
  );
}

/** Both patches, in order: the lazy global CSS first, so that the copy has it too. */
export function patchChakraSystem(source: string): string {
  return withCreateSystemInSteps(lazyChakraGlobalCss(source));
}

/** Chakra's system module on disk (its ESM build), which the virtual module re-exports from. */
function systemModulePath(): string {
  const main = createRequire(import.meta.url).resolve('@chakra-ui/react');
  return join(dirname(main), '..', 'esm', 'styled-system', 'system.js');
}

export function chakraSystemPatches(): Plugin {
  return {
    name: 'achar:chakra-system-patches',
    enforce: 'pre',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_VIRTUAL_ID) return null;
      return `export { createSystemInSteps } from ${JSON.stringify(systemModulePath())};`;
    },
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0])) return null;
      return { code: patchChakraSystem(code), map: null };
    },
  };
}
