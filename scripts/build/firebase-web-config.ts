/**
 * A production build of the web app must talk to the real Firebase project. Without `.env.production` the app
 * falls back to the emulators' demo project ('demo-achar-shop', 'demo-api-key'), which builds fine and deploys
 * fine and then cannot load a single product. This Vite plugin refuses such a build, naming what is missing,
 * and checks the built files for a demo project or an emulator host before anything is written.
 *
 * The build for the local emulators is one flag away: `vite build --mode emulators` (or VITE_USE_EMULATORS=true).
 */
import { loadEnv, type Plugin } from 'vite';

/** The web app's Firebase config, as README's deploy steps name it. */
export const REQUIRED_WEB_CONFIG = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
] as const;

export type WebConfigEnv = Partial<Record<string, string>>;

/** Whether this build is for the local emulators, where the demo project is the point. */
export function isEmulatorBuild(env: WebConfigEnv): boolean {
  return env.VITE_USE_EMULATORS === 'true';
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
      `A production build needs the real Firebase web config:\n  - ${problems.join('\n  - ')}\n` +
        'For the local emulators build with `vite build --mode emulators` instead.',
    );
    this.name = 'ProductionConfigError';
  }
}

/** The Vite plugin: checks `vite build`'s env first, then its output; does nothing in dev or for emulators. */
export function productionFirebaseConfig(): Plugin {
  let env: WebConfigEnv = {};
  let checking = false;
  return {
    name: 'achar:production-firebase-config',
    apply: 'build',
    config(config, { mode }) {
      env = { ...loadEnv(mode, config.root ?? process.cwd(), 'VITE_'), ...pickVite(process.env) };
      checking = !isEmulatorBuild(env);
      if (!checking) return;
      const problems = webConfigProblems(env);
      if (problems.length) throw new ProductionConfigError(problems);
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
