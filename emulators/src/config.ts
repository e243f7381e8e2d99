/**
 * Reads the project's firebase.json and .firebaserc: the one source of ports, hosts and rules files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface EmulatorEndpoint {
  host: string;
  port: number;
}

export interface ProjectConfig {
  rootDir: string;
  projectId: string;
  firestore: EmulatorEndpoint & { rulesFile?: string; indexesFile?: string };
  storage: EmulatorEndpoint & { rulesFile?: string };
  auth: EmulatorEndpoint;
  functions: EmulatorEndpoint;
  hosting: EmulatorEndpoint;
  /** The emulator console (firebase.json's `emulators.ui`, the official UI's port). */
  ui: EmulatorEndpoint & { enabled: boolean };
  /** firebase-tools' hub (export) and logging (functions' logs over a WebSocket) endpoints. */
  hub: EmulatorEndpoint;
  logging: EmulatorEndpoint;
}

interface FirebaseJson {
  firestore?: { rules?: string; indexes?: string };
  storage?: { rules?: string } | { rules?: string }[];
  emulators?: Record<string, { host?: string; port?: number; enabled?: boolean } | undefined>;
}

const DEFAULT_PORTS = {
  firestore: 8080,
  storage: 9199,
  auth: 9099,
  functions: 5001,
  hosting: 5000,
  ui: 4000,
  hub: 4400,
  logging: 4500,
};

/** Finds firebase.json by walking up from `start`. */
export function findProjectRoot(start = process.cwd()): string {
  let dir = resolve(start);
  while (!existsSync(join(dir, 'firebase.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No firebase.json found in ${start} or any parent folder`);
    dir = parent;
  }
  return dir;
}

export function readProjectConfig(rootDir = findProjectRoot()): ProjectConfig {
  const json = JSON.parse(readFileSync(join(rootDir, 'firebase.json'), 'utf8')) as FirebaseJson;
  const endpoint = (name: keyof typeof DEFAULT_PORTS): EmulatorEndpoint => ({
    host: json.emulators?.[name]?.host ?? '127.0.0.1',
    port: json.emulators?.[name]?.port ?? DEFAULT_PORTS[name],
  });
  const storageRules = Array.isArray(json.storage) ? json.storage[0]?.rules : json.storage?.rules;
  return {
    rootDir,
    projectId: readProjectId(rootDir),
    firestore: {
      ...endpoint('firestore'),
      rulesFile: json.firestore?.rules ? join(rootDir, json.firestore.rules) : undefined,
      indexesFile: json.firestore?.indexes ? join(rootDir, json.firestore.indexes) : undefined,
    },
    storage: { ...endpoint('storage'), rulesFile: storageRules ? join(rootDir, storageRules) : undefined },
    auth: endpoint('auth'),
    functions: endpoint('functions'),
    hosting: endpoint('hosting'),
    ui: { ...endpoint('ui'), enabled: json.emulators?.ui?.enabled !== false },
    hub: endpoint('hub'),
    logging: endpoint('logging'),
  };
}

function readProjectId(rootDir: string): string {
  const fromEnv = process.env.GCLOUD_PROJECT ?? process.env.FIREBASE_PROJECT;
  if (fromEnv) return fromEnv;
  const rc = join(rootDir, '.firebaserc');
  if (existsSync(rc)) {
    const projects = (JSON.parse(readFileSync(rc, 'utf8')) as { projects?: Record<string, string> }).projects;
    if (projects?.default) return projects.default;
  }
  return 'demo-project';
}
