/**
 * Builds what the local shop serves, only when its sources changed since the last build:
 * the Cloud Functions bundle (functions/lib) and the web app built for the emulators (dist-local).
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { newestChange } from '../../emulators/src/shared/newest-change.js';

/** What the change check never reads: installed packages and the builds' own outputs. */
const NOT_INPUTS = new Set([
  'node_modules',
  'dist',
  'dist-local',
  'functions/lib',
  'emulators/console-app/dist',
]);

/** Whether `output` (relative to `root`) is missing or older than any of its `inputs`. */
export function isStale(root: string, output: string, inputs: readonly string[]): boolean {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const skip = (path: string) => NOT_INPUTS.has(relative(root, path)) || basename(path) === 'node_modules';
  const paths = inputs.map((input) => join(root, input));
  return statSync(out).mtimeMs < newestChange(paths, skip);
}

/**
 * Everything the web build reads: the app, its static files and page, Vite's config and what it imports
 * (the build plugins in scripts/: the whole folder, as its modules import each other), the env files of
 * `--mode emulators`, the TypeScript settings esbuild follows, and the installed versions.
 * tests/config/builds.test.ts checks that every module vite.config.ts loads is in here.
 */
export const WEB_BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts',
  '.env',
  '.env.emulators',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
] as const;

/**
 * The functions, their bundler, and the shop's modules they bundle (src/: models, strings, and for the product
 * pages the storefront's components, which read firebase.json and resolve `@/` through tsconfig.json).
 */
export const FUNCTIONS_BUILD_INPUTS = [
  'functions/src',
  'functions/build.mjs',
  'functions/package.json',
  'functions/package-lock.json',
  'src',
  'firebase.json',
  'tsconfig.json',
  'package-lock.json',
] as const;

export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

export const LOCAL_WEB_DIR = 'dist-local';

export async function buildFunctionsIfStale(root: string, log: (line: string) => void): Promise<boolean> {
  if (!isStale(root, 'functions/lib/index.js', FUNCTIONS_BUILD_INPUTS)) return false;
  log('› building Cloud Functions…');
  await run('npm', ['--prefix', 'functions', 'run', 'build', '--silent'], { cwd: root });
  return true;
}

/**
 * The one way to build the web app for the local emulators (npm start, npm test, `npm run build:emulators`,
 * `npm run size`): `vite build --mode emulators` (.env.emulators) into dist-local, never dist/ (deployed).
 */
export async function buildWebIfStale(
  root: string,
  log: (line: string) => void,
  options: { force?: boolean; run?: typeof run } = {},
): Promise<boolean> {
  if (!options.force && !isStale(root, `${LOCAL_WEB_DIR}/shell.html`, WEB_BUILD_INPUTS)) return false;
  log('› building the web app for the local emulators…');
  await (options.run ?? run)(
    'npx',
    [
      'vite',
      'build',
      '--mode',
      'emulators',
      '--outDir',
      LOCAL_WEB_DIR,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    // Production's React and code, whoever asks for the build: Vitest (an end-to-end suite's set-up) runs with
    // NODE_ENV=test, which Vite would otherwise follow and build React's development version (~190 KB more and
    // several times slower: a Lighthouse run on such a build scored 0.91 on `/`).
    { cwd: root, env: { NODE_ENV: 'production' } },
  );
  return true;
}
