/**
 * `npm run lint` refuses an import cycle anywhere in the repository (import-x/no-cycle in eslint.config.js): the
 * repository's own ESLint configuration is run on small modules written to a folder of the tree, importing each
 * other as the emulators' modules do ('./b.js' for b.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'import-x/no-cycle';
let folder: string | undefined;

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

/** Writes the modules (name → source) to a fresh folder of the tree and returns the cycle errors of each. */
async function cycleErrors(modules: Record<string, string>): Promise<Record<string, number>> {
  folder = await mkdtemp(join(root, 'tests/config/cycle-probe-'));
  for (const [name, source] of Object.entries(modules)) await writeFile(join(folder, name), source);
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(Object.keys(modules).map((name) => join(folder!, name)));
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(folder!.length + 1),
      result.messages.filter((message) => message.ruleId === RULE).length,
    ]),
  );
}

describe('npm run lint refuses import cycles', () => {
  it('refuses two modules importing each other', async () => {
    const errors = await cycleErrors({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(errors).toEqual({ 'a.ts': 1, 'b.ts': 1 });
  });

  it('refuses a circle through a third module', async () => {
    const errors = await cycleErrors({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = () => c;\n",
      'c.ts': "import { a } from './a.js';\nexport const c = () => a;\n",
    });
    expect(errors).toEqual({ 'a.ts': 1, 'b.ts': 1, 'c.ts': 1 });
  });

  it('allows one module using another that takes a narrow interface instead of importing it back', async () => {
    const errors = await cycleErrors({
      'engine.ts':
        "import { run } from './concern.js';\nexport class Engine { state = 1; go() { return run(this); } }\n",
      'concern.ts':
        'export interface Host { state: number }\nexport const run = (host: Host) => host.state;\n',
    });
    expect(errors).toEqual({ 'engine.ts': 0, 'concern.ts': 0 });
  });
});
