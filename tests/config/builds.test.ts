/**
 * `npm start` rebuilds what it serves only when an input changed (scripts/stack/builds.ts). The change check
 * must see every input: a module vite.config.ts loads (the build plugins in scripts/), a file in a folder named
 * like an output (src/lib), a deleted module; otherwise the shop serves an old build.
 */
import { build } from 'esbuild';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildWebIfStale,
  FUNCTIONS_BUILD_INPUTS,
  isStale,
  LOCAL_WEB_DIR,
  run,
  WEB_BUILD_INPUTS,
} from '../../scripts/stack/builds.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const covered = (inputs: readonly string[], file: string) =>
  inputs.some((input) => file === input || file.startsWith(`${input}/`));

/** The repository's own files `entry` loads, as esbuild follows its imports (packages left out). */
async function localModulesOf(entry: string): Promise<string[]> {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs);
}

describe('the web build’s change check', () => {
  it('covers every module vite.config.ts loads, the build plugins in scripts/ among them', async () => {
    const modules = await localModulesOf('vite.config.ts');
    expect(modules).toContain('scripts/vite-prerender.ts');
    expect(modules.filter((file) => !covered(WEB_BUILD_INPUTS, file))).toEqual([]);
  });

  it('covers what the Cloud Functions bundle', async () => {
    // index.ts loads pages.ts at run time (its own bundle, functions/build.mjs).
    const modules = [
      ...(await localModulesOf('functions/src/index.ts')),
      ...(await localModulesOf('functions/src/pages.ts')),
    ];
    expect(modules.some((file) => file.startsWith('src/'))).toBe(true);
    expect(modules.filter((file) => !covered(FUNCTIONS_BUILD_INPUTS, file))).toEqual([]);
  });
});

describe('isStale', () => {
  let dir = '';
  const past = new Date(Date.now() - 60_000);
  const now = new Date();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'builds-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A project whose every input is a minute old and whose build is newer. */
  async function freshProject(name: string): Promise<string> {
    const project = join(dir, name);
    for (const folder of ['src/lib', 'scripts/build', 'dist-local', 'node_modules/x'])
      await mkdir(join(project, folder), { recursive: true });
    for (const file of ['src/lib/format.ts', 'src/lib/old.ts', 'scripts/build/plugin.ts'])
      await writeFile(join(project, file), 'export {};\n');
    for (const path of ['src/lib/format.ts', 'src/lib/old.ts', 'scripts/build/plugin.ts', 'src/lib', 'src'])
      await utimes(join(project, path), past, past);
    for (const path of ['scripts/build', 'scripts']) await utimes(join(project, path), past, past);
    await writeFile(join(project, 'dist-local/index.html'), '<!doctype html>');
    return project;
  }

  it('is fresh when the build is newer than every input, whatever changed in node_modules or the output', async () => {
    const project = await freshProject('fresh');
    await writeFile(join(project, 'node_modules/x/index.js'), '');
    const later = new Date(Date.now() + 60_000);
    await utimes(join(project, 'dist-local'), later, later);
    expect(isStale(project, 'dist-local/index.html', ['src', 'scripts', 'node_modules'])).toBe(false);
  });

  it('is stale after an edit in src/lib (a folder named like the functions’ output)', async () => {
    const project = await freshProject('lib');
    await utimes(join(project, 'src/lib/format.ts'), now, new Date(Date.now() + 1000));
    expect(isStale(project, 'dist-local/index.html', ['src'])).toBe(true);
  });

  it('is stale after a build plugin changed', async () => {
    const project = await freshProject('plugin');
    await utimes(join(project, 'scripts/build/plugin.ts'), now, new Date(Date.now() + 1000));
    expect(isStale(project, 'dist-local/index.html', ['src'])).toBe(false);
    expect(isStale(project, 'dist-local/index.html', ['src', 'scripts'])).toBe(true);
  });

  it('is stale after a module was deleted', async () => {
    const project = await freshProject('deleted');
    await rm(join(project, 'src/lib/old.ts'));
    await utimes(join(project, 'src/lib'), now, new Date(Date.now() + 1000));
    expect(isStale(project, 'dist-local/index.html', ['src'])).toBe(true);
  });

  it('is stale when there is no build', async () => {
    const project = await freshProject('none');
    await rm(join(project, 'dist-local'), { recursive: true });
    expect(isStale(project, 'dist-local/index.html', ['src'])).toBe(true);
  });
});

describe("the local shop's web build", () => {
  // One real build of dist-local per run (scripts/test.sh's, or the first suite's that finds it stale): this
  // test asks for a build and sees what it would run, then reads the build there is.
  it("is production's React even when a test runner (NODE_ENV=test) asks for it", async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const runs: Parameters<typeof run>[] = [];
    await buildWebIfStale(root, () => {}, { force: true, run: async (...call) => void runs.push(call) });
    expect(runs).toHaveLength(1);
    const [command, args, options] = runs[0];
    expect([command, ...args].join(' ')).toMatch(/^npx vite build --mode emulators --outDir dist-local /);
    expect(options.env?.NODE_ENV).toBe('production');

    await buildWebIfStale(root, () => {});
    const assets = join(root, LOCAL_WEB_DIR, 'assets');
    // React DOM is bundled into one of the app's chunks; its name is the bundler's business.
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    const text = (await Promise.all(scripts.map((file) => readFile(join(assets, file), 'utf8')))).join('\n');
    // React's production build links its errors to react.dev; the development one asks for its DevTools.
    expect(text).toContain('react.dev/errors/');
    expect(text).not.toContain('Download the React DevTools');
  }, 120_000);
});
