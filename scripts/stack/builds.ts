/**
 * Builds what the local shop serves, only when its sources changed since the last build:
 * the Cloud Functions bundle (functions/lib) and the web app built for the emulators (dist-local).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files below `paths` (skipping node_modules). */
function newestMtime(root: string, paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'lib') visit(join(path, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

function isStale(root: string, output: string, sources: string[]): boolean {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newestMtime(root, sources);
}

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
  if (
    !isStale(root, 'functions/lib/index.js', [
      'functions/src',
      'functions/build.mjs',
      'src/features',
      'src/i18n',
    ])
  )
    return false;
  log('› building Cloud Functions…');
  await run('npm', ['--prefix', 'functions', 'run', 'build', '--silent'], { cwd: root });
  return true;
}

export async function buildWebIfStale(root: string, log: (line: string) => void): Promise<boolean> {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'firebase.json', 'package-lock.json'];
  if (!isStale(root, `${LOCAL_WEB_DIR}/index.html`, sources)) return false;
  log('› building the web app for the local emulators…');
  await run('npx', ['vite', 'build', '--outDir', LOCAL_WEB_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { VITE_USE_EMULATORS: 'true' },
  });
  return true;
}
