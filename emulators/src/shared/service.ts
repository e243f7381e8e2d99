/**
 * One way to start an emulator service. `startFirestoreEmulator` and `startStorageEmulator` take these options
 * and answer this shape, so both load rules and keep data the same way:
 * - rules: the rules file, followed on disk (or, in tests, a ruleset in code); rules uploaded through the
 *   emulator API replace them until the file changes again; the console's request log wraps them when given;
 * - data: `dataDir` is imported at start when it holds an export, and written on `stop()`; `exportTo(dir)`
 *   writes it any time. Each acknowledged write reaches the data folder before its answer (Firestore's journal,
 *   Storage's object log), and a start replays what a crash left out of the export.
 */
import type { RequestLog, RequestService } from '../console-server/request-log.js';
import type { RulesProvider, Ruleset } from '../rules/types.js';
import { RulesSource } from './rules-source.js';

export interface EmulatorServiceOptions {
  /** Default 127.0.0.1, as firebase.json's emulators. */
  host?: string;
  /** 0 picks a free port (tests); default the service's port in firebase.json's defaults. */
  port?: number;
  /** Rules file to enforce and follow; without rules every request is allowed (the official emulator's default). */
  rulesFile?: string;
  /** Rules in code instead of a file (tests); consulted on every request. */
  rules?: () => Ruleset | null;
  /** Folder imported at start (when it holds an export), kept up to date write by write, and written on stop. */
  dataDir?: string;
  /** Records every rules decision (and admin-SDK bypass) for the console. */
  requests?: RequestLog;
  log?: (line: string) => void;
}

export interface EmulatorService {
  readonly host: string;
  readonly port: number;
  /** `http://host:port`. */
  readonly url: string;
  /** The rules enforced now; `rules.setSource(text, name)` replaces them, as the emulator API does. */
  readonly rules: RulesSource;
  /** Writes the data to `dir` (default `dataDir`); the folder written. */
  exportTo(dir?: string): Promise<string>;
  /** Stops serving, then writes the data to `dataDir` if there is one. */
  stop(): Promise<void>;
}

const RULES_SERVICE = { firestore: 'cloud.firestore', storage: 'firebase.storage' } as const;

/** The rules a service enforces, loaded and wrapped as described above. */
export function serviceRules(
  service: RequestService,
  options: EmulatorServiceOptions,
): { source: RulesSource; enforced: RulesProvider } {
  const source = new RulesSource(RULES_SERVICE[service], options.log, options.rules);
  if (options.rulesFile) source.watchFile(options.rulesFile);
  const enforced = options.requests
    ? options.requests.watch(service, source.current, source.text)
    : source.current;
  return { source, enforced };
}
