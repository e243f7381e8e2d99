/**
 * Builds the tap keeper (src/lib/tap-keeper.ts, typed source) into the inline script every server-rendered page
 * carries: bundled with the names it shares with the app, minified by esbuild, and hashed for the
 * Content-Security-Policy. The result is written to src/lib/tap-keeper-script.ts, which the page renderers (the
 * build's prerender, the `pages` function) and the policy (src/config/security-headers.ts, firebase.json) read:
 * a plain module, so that every one of them, bundled or not, carries the same bytes.
 *
 *   npx tsx scripts/build/tap-keeper.ts           writes it (npm run build:tap-keeper)
 *   npx tsx scripts/build/tap-keeper.ts --check   fails when it is not what the source builds to
 *
 * The web build refuses to run on a stale one (scripts/vite-prerender.ts), and so does a config test.
 */
import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const SOURCE_DIR = fileURLToPath(new URL('../../src/lib', import.meta.url));
export const TAP_KEEPER_SCRIPT_FILE = fileURLToPath(
  new URL('../../src/lib/tap-keeper-script.ts', import.meta.url),
);

export interface BuiltInlineScript {
  /** The script's text, as it goes between <script> and </script>. */
  code: string;
  /** Its CSP hash source, without the quotes: `sha256-…`. */
  hash: string;
}

/** The keeper, minified: one expression run at once, on the page's document. */
export function buildTapKeeper(): BuiltInlineScript {
  const { outputFiles } = buildSync({
    stdin: {
      contents: "import { keepTaps } from './tap-keeper';\nkeepTaps(document);",
      resolveDir: SOURCE_DIR,
      loader: 'ts',
      sourcefile: 'tap-keeper-entry.ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022', // the app's own target (vite.config.ts): a browser that runs the app runs this
    // ASCII, the notice's Bengali as \u escapes: the texts are checked (glossary, digits) where they are
    // written, src/lib/tap-replay.ts, not again in the built copy.
    charset: 'ascii',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0].text.trim();
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}

/** The module src/lib/tap-keeper-script.ts as it must read, formatted as the repository formats code. */
export async function tapKeeperModule(script: BuiltInlineScript = buildTapKeeper()): Promise<string> {
  const text =
    '// Generated from ./tap-keeper.ts by `npm run build:tap-keeper` (scripts/build/tap-keeper.ts): do not edit.\n' +
    '/** The tap keeper as every server-rendered page carries it inline, and its hash for the CSP. */\n' +
    `export const TAP_KEEPER_SCRIPT = ${JSON.stringify(script)} as const;\n`;
  const options = await resolveConfig(TAP_KEEPER_SCRIPT_FILE);
  return format(text, { ...options, filepath: TAP_KEEPER_SCRIPT_FILE });
}

/** Throws, saying how to fix it, when the written module is not what the source builds to. */
export async function assertTapKeeperBuilt(): Promise<void> {
  if (readFileSync(TAP_KEEPER_SCRIPT_FILE, 'utf8') !== (await tapKeeperModule()))
    throw new Error(
      'src/lib/tap-keeper-script.ts is not what src/lib/tap-keeper.ts builds to: run `npm run build:tap-keeper` ' +
        '(and put its new hash in firebase.json: tests/config/security-headers.test.ts says where)',
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) await assertTapKeeperBuilt();
  else writeFileSync(TAP_KEEPER_SCRIPT_FILE, await tapKeeperModule());
}
