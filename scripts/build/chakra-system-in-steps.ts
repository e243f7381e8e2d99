/**
 * Vite plugin: Chakra's `createSystem` as a build patch, in two ways.
 *
 * 1. `system._global` computed on first read (./chakra-lazy-global-css.ts).
 * 2. `createSystemInSteps(pause, ...configs)`: the same function, async, awaiting `pause()` between its
 *    phases: merging the configs, the token dictionary (itself in five steps, by the same kind of copy of
 *    `createTokenDictionary`), the style utility, the rest. Each phase is then a task of its own; in one
 *    piece, `createSystem` is the longest task a cheap phone runs while the page starts (~250 ms at 4× CPU:
 *    a tap on the page waits that long). The browser's app takes it from the virtual module
 *    `virtual:chakra-system-in-steps` (src/app/theme-in-steps.ts); the server and the tests keep the
 *    synchronous `createSystem`.
 *
 * Chakra has no option for either. Each copy is Chakra's own function text, with `await pause();` after some
 * of its statements: a Chakra upgrade that changes those lines fails the build here, so the patch is never
 * silently lost or wrong. tests/config/chakra-system-patches.test.ts builds a system both ways and compares.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { lazyChakraGlobalCss, occurrences as count } from './chakra-lazy-global-css';

const STYLED_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]/;
const SYSTEM_MODULE = new RegExp(`${STYLED_SYSTEM.source}system\\.js$`);
const TOKEN_DICTIONARY_MODULE = new RegExp(`${STYLED_SYSTEM.source}token-dictionary\\.js$`);
const VIRTUAL_ID = 'virtual:chakra-system-in-steps';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;

/** How to make an async copy of one of Chakra's functions that awaits `pause()` at chosen places. */
interface StepsCopy {
  /** The function's first line in Chakra's module, and the copy's. */
  header: string;
  stepsHeader: string;
  /** Statements of the copy after which it pauses. */
  pauseAfter: string[];
  /** Other lines of the copy, rewritten (its own calls made async). */
  rewrite?: [from: string, to: string][];
  /** The module's export line, and the same with the copy's name added. */
  exports: [from: string, to: string];
  /** Other lines of the module, rewritten (the imports of other copies). */
  moduleRewrite?: [from: string, to: string][];
}

function changed(what: string): Error {
  return new Error(
    `chakra-system-in-steps: @chakra-ui/react's ${what}; update scripts/build/chakra-system-in-steps.ts`,
  );
}

/** Replaces `from`, which must occur exactly once in `text`. */
function replaceOnce(text: string, from: string, to: string, where: string): string {
  const found = count(text, from);
  if (found !== 1) throw changed(`${where} changed (found "${from.trim().split('\n')[0]}" ${found}×)`);
  return text.replace(from, () => to);
}

/** Adds the copy `plan` describes to `source`, beside the function it copies. */
function withStepsCopy(source: string, plan: StepsCopy, name: string): string {
  if (count(source, plan.header) !== 1)
    throw changed(`${name} changed (found its header ${count(source, plan.header)}×)`);
  if (count(source, plan.exports[0]) !== 1) throw changed(`${name} changed (its exports differ)`);
  const start = source.indexOf(plan.header);
  // The function's closing brace: the first line after its header that is only "}" (its body is indented).
  const end = source.indexOf('\n}\n', start) + 3;
  let steps = plan.stepsHeader + source.slice(start + plan.header.length, end);
  for (const [from, to] of plan.rewrite ?? []) steps = replaceOnce(steps, from, to, name);
  for (const statement of plan.pauseAfter) {
    const indent = /^ */.exec(statement)?.[0] ?? '';
    steps = replaceOnce(steps, statement, `${statement}${indent}await pause();\n`, name);
  }
  let module = source.slice(0, end) + steps + source.slice(end);
  for (const [from, to] of [...(plan.moduleRewrite ?? []), plan.exports])
    module = replaceOnce(module, from, to, name);
  return module;
}

/**
 * `createTokenDictionary`'s copy pauses after reading the tokens and between the phases of its `build()`:
 * the first pass of transforms, the references resolved, the second pass, the lookup tables.
 */
const TOKEN_DICTIONARY_IN_STEPS: StepsCopy = {
  header: 'function createTokenDictionary(options) {\n',
  stepsHeader: 'async function createTokenDictionaryInSteps(pause, options) {\n',
  rewrite: [
    ['  function build() {\n', '  async function build() {\n'],
    ['  build();\n  return dictionary;\n', '  await build();\n  return dictionary;\n'],
  ],
  pauseAfter: [
    '  registerTokens();\n',
    '    applyTransforms("pre");\n',
    '    expandTokenReferences$1();\n',
    '    applyTransforms("post");\n',
  ],
  exports: [
    'export { createTokenDictionary, tokenCategories };',
    'export { createTokenDictionary, createTokenDictionaryInSteps, tokenCategories };',
  ],
};

/**
 * `createSystem`'s copy pauses after merging the configs, after the token dictionary (itself built in steps,
 * above) and after the style utility.
 */
const SYSTEM_IN_STEPS: StepsCopy = {
  header: 'function createSystem(...configs) {\n',
  stepsHeader: 'async function createSystemInSteps(pause, ...configs) {\n',
  rewrite: [
    [
      '  const tokens = createTokenDictionary({\n',
      '  const tokens = await createTokenDictionaryInSteps(pause, {\n',
    ],
  ],
  pauseAfter: [
    '  const config = mergeConfigs(...configs);\n',
    '  const tokens = await createTokenDictionaryInSteps(pause, {\n    breakpoints: theme.breakpoints,\n    tokens: theme.tokens,\n    semanticTokens: theme.semanticTokens,\n    prefix: cssVarsPrefix\n  });\n',
    '  const utility = createUtility({\n    config: utilities,\n    tokens\n  });\n',
  ],
  exports: [
    'export { createSystem, isValidSystem };',
    'export { createSystem, createSystemInSteps, isValidSystem };',
  ],
  moduleRewrite: [
    [
      "import { createTokenDictionary } from './token-dictionary.js';",
      "import { createTokenDictionary, createTokenDictionaryInSteps } from './token-dictionary.js';",
    ],
  ],
};

/** Adds `createSystemInSteps` to Chakra's system module, beside `createSystem`. */
export function withCreateSystemInSteps(source: string): string {
  return withStepsCopy(source, SYSTEM_IN_STEPS, 'createSystem');
}

/** Adds `createTokenDictionaryInSteps` to Chakra's token dictionary module, beside `createTokenDictionary`. */
export function withCreateTokenDictionaryInSteps(source: string): string {
  return withStepsCopy(source, TOKEN_DICTIONARY_IN_STEPS, 'createTokenDictionary');
}

/** Both patches of the system module, in order: the lazy global CSS first, so that the copy has it too. */
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
      const file = id.split('?')[0];
      if (SYSTEM_MODULE.test(file)) return { code: patchChakraSystem(code), map: null };
      if (TOKEN_DICTIONARY_MODULE.test(file))
        return { code: withCreateTokenDictionaryInSteps(code), map: null };
      return null;
    },
  };
}
