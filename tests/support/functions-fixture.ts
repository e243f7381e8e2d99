/**
 * A functions package built from one test-only entry file, for the shared shop's Functions emulator to serve
 * beside the shop's functions (tests/support/global-setup.ts): package.json, a link to functions/node_modules
 * (the same firebase-functions and firebase-admin the shop deploys) and the entry bundled into lib/index.js.
 */
import { build } from 'esbuild';
import { copyFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function buildFunctionsFixture(
  entry: string,
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'achar-functions-fixture-'));
  await copyFile(join(REPO_ROOT, 'functions/package.json'), join(dir, 'package.json'));
  await symlink(join(REPO_ROOT, 'functions/node_modules'), join(dir, 'node_modules'), 'dir');
  await build({
    entryPoints: [entry],
    outfile: join(dir, 'lib/index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*'],
    logLevel: 'warning',
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
