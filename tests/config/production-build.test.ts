/**
 * `npm run build` makes what `firebase deploy` publishes. Without the real web config it must stop and say what
 * is missing (it used to build a site wired to the emulators' demo project), before building anything; with one,
 * it warns of nothing and the built files name no demo project, no emulator address and only the project's own
 * functions (storefront-build.test.ts, on the one production build of the tests). The emulator build stays one
 * flag away.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  emulatorSettingsOf,
  hostingPublicOf,
  isEmulatorBuild,
  REQUIRED_WEB_CONFIG,
  webConfigProblems,
} from '../../scripts/build/firebase-web-config';
import { buildWebIfStale, LOCAL_WEB_DIR } from '../../scripts/stack/builds.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDirs: string[] = [];

const realConfig = {
  VITE_FIREBASE_API_KEY: 'AIzaSyA-achar-ghor-test-key-000000000',
  VITE_FIREBASE_AUTH_DOMAIN: 'achar-ghor.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'achar-ghor',
  VITE_FIREBASE_STORAGE_BUCKET: 'achar-ghor.appspot.com',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0a1b2c3d4e5f',
};

/**
 * Runs `vite build` into `outDir` (a fresh directory, removed after the suite, unless one is given) with only
 * the given VITE_ variables (none from this shell).
 */
function build(env: Record<string, string>, args: string[] = [], given?: string) {
  const outDir = given ?? mkdtempSync(join(tmpdir(), 'achar-build-'));
  if (!given) outDirs.push(outDir);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
  );
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', ...args],
    { cwd: root, env: { ...inherited, ...env }, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}`, outDir };
}

function builtCode(outDir: string): string {
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'))
    .concat(readFileSync(join(outDir, 'shell.html'), 'utf8'))
    .join('\n');
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('refuses to build without the Firebase web config, naming every missing variable', () => {
    const { status, output, outDir } = build({});
    expect(status).not.toBe(0);
    expect(output).toContain(
      'A production build needs the real Firebase web config and no emulator settings',
    );
    for (const name of REQUIRED_WEB_CONFIG) expect(output).toContain(name);
    // The message alone: no stack of the plugin's frames under it, no warning above it.
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('(!)');
    expect(readdirSync(outDir)).toEqual([]);
  }, 120_000);

  it('names only what is missing when part of the config is given', () => {
    const { VITE_FIREBASE_APP_ID: _missing, ...partial } = realConfig;
    const { status, output } = build(partial);
    expect(status).not.toBe(0);
    expect(output).toMatch(/missing VITE_FIREBASE_APP_ID \(/);
    expect(output).not.toMatch(/missing [^\n]*VITE_FIREBASE_API_KEY/);
  }, 120_000);

  it('refuses a demo project or an emulator address as the config', () => {
    const demo = build({ ...realConfig, VITE_FIREBASE_PROJECT_ID: 'demo-achar-shop' });
    expect(demo.status).not.toBe(0);
    expect(demo.output).toContain('VITE_FIREBASE_PROJECT_ID is "demo-achar-shop"');
    expect(
      webConfigProblems({ ...realConfig, VITE_FIREBASE_AUTH_DOMAIN: '127.0.0.1:9099' }).join('\n'),
    ).toContain('an emulator address');
  }, 120_000);

  it('refuses the emulators’ switch in the environment, which used to turn every check off', () => {
    for (const value of ['true', '1']) {
      const { status, output, outDir } = build({ ...realConfig, VITE_USE_EMULATORS: value });
      expect(status).not.toBe(0);
      expect(output).toContain(`VITE_USE_EMULATORS=${value} in the environment`);
      expect(readdirSync(outDir)).toEqual([]);
    }
  }, 120_000);

  it('refuses the emulators’ mode, or any mode but production, into what firebase deploy publishes', () => {
    // Refused before anything is written, so the real dist/ is never touched.
    const dist = join(root, 'dist');
    const intoDist = build(realConfig, ['--mode', 'emulators'], dist);
    expect(intoDist.status).not.toBe(0);
    expect(intoDist.output).toContain('--mode emulators into');
    expect(intoDist.output).toContain('which firebase deploy publishes');
    const development = build(realConfig, ['--mode', 'development']);
    expect(development.status).not.toBe(0);
    expect(development.output).toContain(
      '--mode development: a deployable build is made in the production mode',
    );
    expect(readdirSync(development.outDir)).toEqual([]);
  }, 120_000);

  it('refuses the switch from any .env file Vite reads for the mode, naming the file', () => {
    const project = mkdtempSync(join(tmpdir(), 'achar-env-'));
    outDirs.push(project);
    const target = { mode: 'production', root: project, outDir: join(project, 'dist'), hostingPublic: null };
    expect(emulatorSettingsOf(target, {})).toEqual([]);
    writeFileSync(join(project, '.env.production'), 'VITE_USE_EMULATORS=false\n');
    expect(emulatorSettingsOf(target, { VITE_USE_EMULATORS: 'false' })).toEqual([]);
    for (const file of ['.env', '.env.local', '.env.production', '.env.production.local']) {
      writeFileSync(join(project, file), '# wired to the emulators\nVITE_USE_EMULATORS=true\n');
      expect(emulatorSettingsOf(target, {})).toContain(
        `VITE_USE_EMULATORS=true in ${file} (the emulators' switch)`,
      );
      rmSync(join(project, file));
    }
    // .env.emulators is read only in the emulators' mode, which is the emulator build itself.
    writeFileSync(join(project, '.env.emulators'), 'VITE_USE_EMULATORS=true\n');
    expect(emulatorSettingsOf(target, {})).toEqual([]);
  });

  it('counts as the emulator build only in the emulators’ mode and outside Hosting’s public directory', () => {
    const hostingPublic = hostingPublicOf(root);
    expect(hostingPublic).toBe(join(root, 'dist'));
    const target = (mode: string, outDir: string) => ({ mode, root, outDir, hostingPublic });
    expect(isEmulatorBuild(target('emulators', join(root, 'dist-local')))).toBe(true);
    expect(isEmulatorBuild(target('emulators', join(root, 'dist')))).toBe(false);
    expect(isEmulatorBuild(target('emulators', join(root, 'dist', '.')))).toBe(false);
    expect(isEmulatorBuild(target('production', join(root, 'dist-local')))).toBe(false);
    expect(isEmulatorBuild(target('development', join(root, 'dist-local')))).toBe(false);
  });

  it('builds for the local emulators with one flag, and only then carries their addresses', async () => {
    // The one emulator build (npm start, npm test and `npm run build:emulators` share it): `--mode emulators`.
    await buildWebIfStale(root, () => {});
    const code = builtCode(join(root, LOCAL_WEB_DIR));
    expect(code).toContain('demo-achar-shop');
    expect(code).toContain('127.0.0.1');
  }, 120_000);
});
