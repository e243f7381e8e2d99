/**
 * The unit tests that run in Node, many to a worker (tests/config/pure-tests.ts): the rules, on small sources in
 * a scratch repository, the integration suites replacing no module, and `npm test` running every project of
 * vitest.config.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { domFreeWebTests, webTestsLoadingToaster } from './pure-tests';

const scratch = mkdtempSync(join(tmpdir(), 'pure-tests-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
}

describe('the web tests that run in Node', () => {
  it('are those reaching no DOM, React or module replacement, however deep the import', () => {
    write({
      'src/m/pure.ts': "/** Reads the order document. */\nexport const pure = 'the shop window';\n",
      'src/m/pure.test.ts': "import { pure } from './pure';\nit('', () => expect(pure).toBeTruthy());\n",
      'src/m/deep.ts': "import { probe } from '@/m/probes';\nexport const deep = probe;\n",
      'src/m/probes.ts': "export const probe = typeof window === 'undefined';\n",
      'src/m/deep.test.ts': "import { deep } from './deep';\n",
      'src/m/uses-react.ts':
        "import type { Root } from 'react-dom/client';\nimport { useState } from 'react';\n",
      'src/m/uses-react.test.ts': "import './uses-react';\n",
      'src/m/only-types.ts': "import type { Root } from 'react-dom/client';\nexport type R = Root;\n",
      'src/m/only-types.test.ts':
        "import type { R } from './only-types';\nimport { pure } from './pure.js';\n",
      'src/m/touches.test.ts': "it('', () => document.body.append('x'));\n",
      'src/m/mocks.test.ts': "vi.mock('./pure');\n",
      'src/m/names-env.test.ts': '// @vitest-environment node\n',
      'src/m/renders.test.tsx': '',
    });
    expect(domFreeWebTests(scratch).sort()).toEqual(['src/m/only-types.test.ts', 'src/m/pure.test.ts']);
  });
});

describe('the isolated web tests spared the toaster’s setup', () => {
  it('are those that never load the toaster, however deep the import', () => {
    write({
      'src/components/ui/toaster.tsx': "import { createToaster } from '@chakra-ui/react';\n",
      'src/t/notify.ts': "import { toaster } from '@/components/ui/toaster';\n",
      'src/t/form.tsx': "import { toaster } from '../components/ui/toaster';\n",
      'src/t/save.ts': "import './notify';\n",
      'src/t/hook.ts':
        "import type { Toaster } from '@/components/ui/toaster';\nimport { useState } from 'react';\n",
      'src/t/save.test.ts': "import { save } from './save';\nvi.mock('./api');\n",
      'src/t/form.test.tsx': "import { Form } from './form';\n",
      'src/t/hook.test.ts':
        "// import { toaster } from '@/components/ui/toaster';\nimport { hook } from './hook';\n",
      'src/t/later.test.ts': "vi.mock('./api', async () => ({ ...(await vi.importActual('./notify')) }));\n",
    });
    expect(
      webTestsLoadingToaster(scratch, [
        'src/t/save.test.ts',
        'src/t/form.test.tsx',
        'src/t/hook.test.ts',
        'src/t/later.test.ts',
      ]),
    ).toEqual(['src/t/save.test.ts', 'src/t/form.test.tsx', 'src/t/later.test.ts']);
  });
});

describe('the emulators’ tests and the integration suites, one module graph per worker (isolate: false)', () => {
  it('replace no module: a replacement would reach the files after it in the same worker', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const suites = ['tests', 'scripts', 'emulators/src', 'emulators/console-app/src'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts') && !file.startsWith('config'))
        .map((file) => join(dir, file)),
    );
    expect(suites.length).toBeGreaterThan(20);
    expect(
      suites.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8'))),
    ).toEqual([]);
  });
});

describe('npm test', () => {
  it('runs every project of vitest.config.ts', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const projects = [
      ...readFileSync(join(root, 'vitest.config.ts'), 'utf8').matchAll(/\bname: '([\w-]+)'/g),
    ];
    const script = readFileSync(join(root, 'scripts/test.sh'), 'utf8');
    // `run <step> <project>…` in the foreground, `background <name> <nice> <project>…` beside it.
    const run = [
      ...[...script.matchAll(/^run (.+)$/gm)].flatMap((line) => line[1].split(/\s+/).slice(1)),
      ...[...script.matchAll(/^background (.+)$/gm)].flatMap((line) =>
        line[1]
          .split(/\s+/)
          .slice(2)
          .filter((word) => !word.startsWith('--')),
      ),
    ];
    expect(projects.length).toBeGreaterThan(5);
    expect(projects.map((match) => match[1]).filter((name) => !run.includes(name))).toEqual([]);
  });
});
