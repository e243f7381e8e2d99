/**
 * A production build of the web app must talk to the real Firebase project. Without `.env.production` the app
 * falls back to the emulators' demo project ('demo-achar-shop', 'demo-api-key'), which builds fine and deploys
 * fine and then cannot load a single product. This Vite plugin refuses such a build, naming what is missing,
 * and checks the built files for a demo project or an emulator host before anything is written.
 *
 * The build for the local emulators is one flag away: `vite build --mode emulators` (.env.emulators), never into
 * Hosting's public directory. Every other build is checked as the deployed one, and emulator settings there are
 * refused whatever sets them: the mode, the shell's VITE_USE_EMULATORS, or an .env file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inspect, parseEnv } from 'node:util';
import { loadEnv, type Plugin } from 'vite';
import { CHARSET } from '../../src/app/page-template.ts';
import { shopConnectPolicyMeta } from '../../src/config/security-headers.ts';

/** The web app's Firebase config, as README's deploy steps name it. */
export const REQUIRED_WEB_CONFIG = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
] as const;

export type WebConfigEnv = Partial<Record<string, string>>;

/** The mode of the one build for the local emulators (scripts/stack/builds.ts), whose .env.emulators wires them. */
export const EMULATOR_MODE = 'emulators';

/** What decides whether a build is the local emulators' or a deployable one, and where its settings come from. */
export interface BuildTarget {
  mode: string;
  /** The project root, where Vite reads its .env files. */
  root: string;
  /** The build's output directory, absolute. */
  outDir: string;
  /** Hosting's public directory (firebase.json), absolute: what `firebase deploy` publishes. */
  hostingPublic: string | null;
}

/**
 * Whether this build is for the local emulators, where the demo project is the point: `--mode emulators` and
 * not into what `firebase deploy` publishes. Nothing else makes a build an emulator build (an environment
 * variable used to, and so silently turned the production checks off).
 */
export function isEmulatorBuild(target: BuildTarget): boolean {
  return target.mode === EMULATOR_MODE && !isHostingPublic(target);
}

function isHostingPublic({ outDir, hostingPublic }: BuildTarget): boolean {
  return hostingPublic !== null && resolve(outDir) === resolve(hostingPublic);
}

/** The .env files Vite loads for a mode, in its order. */
const envFilesOf = (mode: string) => ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`];

/**
 * Every emulator setting a deployable build would carry, each with where it comes from; empty when none. The
 * mode must be production (another makes Vite's DEV true, or loads .env.emulators), and VITE_USE_EMULATORS may
 * be nothing but 'false' in the shell or in any .env file Vite reads for the mode.
 */
export function emulatorSettingsOf(target: BuildTarget, shell: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (target.mode !== 'production') {
    problems.push(
      isHostingPublic(target)
        ? `--mode ${target.mode} into ${target.outDir}, which firebase deploy publishes ` +
            '(the emulator build goes to dist-local: npm run build:emulators)'
        : `--mode ${target.mode}: a deployable build is made in the production mode`,
    );
  }
  const sources: [string, string | undefined][] = [['the environment', shell.VITE_USE_EMULATORS]];
  for (const file of envFilesOf(target.mode)) {
    const path = resolve(target.root, file);
    if (existsSync(path)) sources.push([file, parseEnv(readFileSync(path, 'utf8')).VITE_USE_EMULATORS]);
  }
  for (const [source, value] of sources) {
    if (value !== undefined && value.trim() !== '' && value.trim() !== 'false')
      problems.push(`VITE_USE_EMULATORS=${value} in ${source} (the emulators' switch)`);
  }
  return problems;
}

/** Hosting's public directory in firebase.json, absolute, or null when there is none to read. */
export function hostingPublicOf(root: string): string | null {
  try {
    const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
      hosting?: { public?: string };
    };
    return config.hosting?.public ? resolve(root, config.hosting.public) : null;
  } catch {
    return null;
  }
}

// What only the emulators answer to: a demo project (Firebase reserves the `demo-` prefix for them) and the
// addresses of this machine.
const DEMO = /(^|[^a-z0-9-])demo-[a-z0-9-]+/i;
const EMULATOR_HOST = /\b(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(:\d+)?\b/i;

/**
 * The problems of a production web config, empty when there are none: each missing variable by name, and any
 * value that points at a demo project or an emulator.
 */
export function webConfigProblems(env: WebConfigEnv): string[] {
  const missing = REQUIRED_WEB_CONFIG.filter((name) => (env[name] ?? '').trim() === '');
  const problems = missing.length
    ? [`missing ${missing.join(', ')} (put the Firebase web app's config in .env.production)`]
    : [];
  for (const name of REQUIRED_WEB_CONFIG) {
    const value = env[name]?.trim() ?? '';
    if (DEMO.test(value))
      problems.push(`${name} is "${value}", a demo project that exists only in the emulators`);
    else if (EMULATOR_HOST.test(value)) problems.push(`${name} is "${value}", an emulator address`);
  }
  return problems;
}

// In built code: the shop's own demo fallbacks (src/lib/firebase-config.ts) and an emulator address with its port.
// The Firebase SDK itself carries 'demo-project' (for test tokens) and a bare 'http://localhost' (a URL base),
// which point nowhere.
const BUILT_TRACE = /demo-achar-shop|demo-api-key|127\.0\.0\.1|\[::1\]|localhost:\d+/;

/** What in a built file names the shop's demo project or an emulator address, or null when nothing does. */
export function emulatorTraceIn(code: string): string | null {
  return BUILT_TRACE.exec(code)?.[0] ?? null;
}

export class ProductionConfigError extends Error {
  constructor(problems: string[]) {
    super(
      `A production build needs the real Firebase web config and no emulator settings:\n  - ` +
        `${problems.join('\n  - ')}\n` +
        'For the local emulators build with `npm run build:emulators` (vite build --mode emulators into ' +
        'dist-local) instead.',
    );
    this.name = 'ProductionConfigError';
  }

  /** How Vite prints a failed build (util.inspect): the message alone, which says it all, without a stack. */
  [inspect.custom](): string {
    return this.message;
  }
}

/** The Vite plugin: checks `vite build`'s env first, then its output; does nothing in dev or for emulators. */
export function productionFirebaseConfig(): Plugin {
  let checking = false;
  let projectId = '';
  return {
    name: 'achar:production-firebase-config',
    apply: 'build',
    config(config, { mode }) {
      const root = resolve(config.root ?? process.cwd());
      const target: BuildTarget = {
        mode,
        root,
        outDir: resolve(root, config.build?.outDir ?? 'dist'),
        hostingPublic: hostingPublicOf(root),
      };
      checking = !isEmulatorBuild(target);
      if (!checking) return;
      const env = { ...loadEnv(mode, root, 'VITE_'), ...pickVite(process.env) };
      const problems = [...emulatorSettingsOf(target, process.env), ...webConfigProblems(env)];
      if (problems.length) throw new ProductionConfigError(problems);
      projectId = env.VITE_FIREBASE_PROJECT_ID!.trim();
    },
    // Every page then carries the policy that names this project's functions host (security-headers.ts).
    transformIndexHtml(html) {
      if (!checking) return html;
      return html.replace(CHARSET, () => `${CHARSET}\n    ${shopConnectPolicyMeta(projectId)}`);
    },
    generateBundle(_options, bundle) {
      if (!checking) return;
      for (const [fileName, output] of Object.entries(bundle)) {
        const code = output.type === 'chunk' ? output.code : String(output.source);
        const trace = fileName.endsWith('.map') ? null : emulatorTraceIn(code);
        if (trace) {
          throw new ProductionConfigError([
            `${fileName} still names "${trace}" (the demo project or an emulator)`,
          ]);
        }
      }
    },
  };
}

function pickVite(all: NodeJS.ProcessEnv): WebConfigEnv {
  return Object.fromEntries(Object.entries(all).filter(([name]) => name.startsWith('VITE_')));
}
