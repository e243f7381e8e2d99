/**
 * firebase.json enables `emulators.ui` because our own console serves that port; firebase-tools would read the
 * same block and download Google's UI at start (impossible offline). So firebase-tools gets a copy of
 * firebase.json with the UI switched off, written beside it (firebase-tools resolves a `--config` file in the
 * project folder, so relative paths like `functions` keep working), and its Hosting emulator serves the
 * emulator build (`dist-local`, whose web app talks to the emulators) with the rest of the `hosting` block as
 * it is: its rewrites to the `pages` function included, and its security headers, the Content-Security-Policy
 * in the emulators' variant (src/config/security-headers.ts: the emulator build talks to 127.0.0.1's ports, which
 * production's policy does not name). firebase.json itself stays what `firebase deploy` and the official
 * emulators read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  emulatorCspDirectives,
  serializeCsp,
  type EmulatorAddress,
} from '../../src/config/security-headers.js';

export const FIREBASE_TOOLS_CONFIG = '.firebase-tools.local.json';

/** A functions package served beside the shop's (firebase.json's `functions` codebases): the suites' fixture. */
export interface ExtraCodebase {
  codebase: string;
  /** Its folder (package.json, lib/index.js), anywhere on disk. */
  source: string;
}

export function writeFirebaseToolsConfig(
  root: string,
  hostingPublic: string,
  extraCodebases: ExtraCodebase[] = [],
): string {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    emulators?: Record<string, unknown>;
    hosting?: Record<string, unknown>;
    functions?: Record<string, unknown>[];
  };
  config.emulators = { ...config.emulators, ui: { enabled: false } };
  // firebase-tools joins a codebase's source to the project folder: a relative path reaches a folder elsewhere.
  config.functions = [
    ...(config.functions ?? []),
    ...extraCodebases.map(({ codebase, source }) => ({ codebase, source: relative(root, source) })),
  ];
  // `predeploy` is `firebase deploy`'s: the local shop has built dist-local itself (./builds.ts).
  const { predeploy: _predeploy, ...hosting } = config.hosting ?? {};
  config.hosting = {
    ...hosting,
    public: hostingPublic,
    headers: withEmulatorCsp(
      hosting.headers as HostingHeaderRule[] | undefined,
      (config.emulators ?? {}) as Record<string, EmulatorAddress>,
    ),
  };
  writeFileSync(join(root, FIREBASE_TOOLS_CONFIG), JSON.stringify(config, null, 2) + '\n');
  return FIREBASE_TOOLS_CONFIG;
}

interface HostingHeaderRule {
  headers: { key: string; value: string }[];
}

/** firebase.json's header rules with each Content-Security-Policy replaced by the emulators' variant. */
function withEmulatorCsp(
  rules: HostingHeaderRule[] = [],
  emulators: Record<string, EmulatorAddress>,
): HostingHeaderRule[] {
  const csp = serializeCsp(emulatorCspDirectives(emulators));
  return rules.map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) =>
      header.key === 'Content-Security-Policy' ? { ...header, value: csp } : header,
    ),
  }));
}
