/**
 * The emulator console's Requests view: every request the Firestore and Storage rules judged (and every one
 * the admin SDK's owner credential let past them), newest last, held in memory with a cap. Rule traces are
 * recorded only while someone watches (a console is connected), so a decision nobody looks at costs one small
 * object and no second evaluation.
 */
import type { RulesProvider } from '../firestore/access/authorization.js';
import type { CoverageReport, RuleCoverage } from '../rules/coverage.js';
import type { DocumentJson } from '../firestore/types.js';
import type { AllowTrace, RulesMethod, RulesRequest, Ruleset, StorageObjectInfo } from '../rules/types.js';

export type RequestService = 'firestore' | 'storage';

export type RequestCaller =
  | { kind: 'admin-sdk' }
  | { kind: 'anonymous' }
  | { kind: 'user'; uid: string; email?: string; claims: Record<string, unknown> };

export interface LoggedRequest {
  id: number;
  /** When the decision was made, in milliseconds since the epoch (cheaper to take than an ISO string). */
  time: number;
  service: RequestService;
  method: RulesMethod;
  /** Database- or bucket-relative path: "orders/o1", "product-images/p1.webp". */
  path: string;
  caller: RequestCaller;
  allowed: boolean;
  message?: string;
  /** The allow that granted, or the last evaluated. */
  line?: number;
  /** Recorded while the console watched; absent for admin-SDK requests (rules are skipped). */
  trace?: AllowTrace[];
  /** Which rules source the lines refer to (see `RequestLog.rulesText`). */
  rulesVersion?: number;
  /**
   * Recorded with the trace: what the rules saw as `resource` (the stored document or object, null when there is
   * none) and `request.resource` (the document or object after a create/update, else null).
   */
  resource?: DocumentJson | StorageObjectInfo | null;
  requestResource?: DocumentJson | StorageObjectInfo | null;
}

/** The coverage shapes the console page draws (types only). */
export type { AllowCoverage, CoverageCounts, CoverageReport } from '../rules/coverage.js';

/** A service's rule coverage since its rules were loaded or it was last reset, and the text its lines refer to. */
export interface ServiceCoverage {
  rules: RulesText | null;
  report: CoverageReport | null;
}

export interface RulesText {
  version: number;
  file: string;
  text: string;
}

export const REQUEST_LOG_CAP = 1000;

/** Where a wrapped ruleset reads the rules text its lines refer to. */
export type RulesTextSource = () => { file: string; text: string } | null;

export class RequestLog {
  private readonly entries: LoggedRequest[] = [];
  private readonly listeners = new Set<(entry: LoggedRequest) => void>();
  private nextId = 1;
  private readonly texts = new Map<RequestService, RulesText>();
  private readonly providers = new Map<RequestService, () => unknown>();
  private nextVersion = 1;
  private readonly coverages = new Map<RequestService, RuleCoverage>();

  constructor(readonly cap = REQUEST_LOG_CAP) {}

  /** True while a console listens: decisions are then traced. */
  get watched(): boolean {
    return this.listeners.size > 0;
  }

  list(): readonly LoggedRequest[] {
    return this.entries;
  }

  clear(): void {
    this.entries.length = 0;
  }

  /** Calls `listener` for each new entry until the returned function is called. */
  subscribe(listener: (entry: LoggedRequest) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The rules text of a version recorded in entries (only the current version of each service is kept). */
  rulesText(service: RequestService): RulesText | null {
    this.providers.get(service)?.(); // picks up rules replaced since the last request
    return this.texts.get(service) ?? null;
  }

  /** Every allow of the service's current rules, with how often each part was evaluated, true, false, an error. */
  coverage(service: RequestService): ServiceCoverage {
    const rules = this.rulesText(service); // also picks up rules replaced since the last request
    return { rules, report: this.coverages.get(service)?.report() ?? null };
  }

  /** Counts from zero again (both services when none is named). */
  resetCoverage(service?: RequestService): void {
    for (const [name, coverage] of this.coverages) if (!service || name === service) coverage.reset();
  }

  /** `entry` gets its id and time here; the object is kept as it is (no copy: this runs on every request). */
  record(entry: Omit<LoggedRequest, 'id' | 'time'>): void {
    const full = entry as LoggedRequest;
    full.id = this.nextId++;
    full.time = Date.now();
    this.entries.push(full);
    // Dropping in batches keeps the cap without shifting the array on every request.
    if (this.entries.length > this.cap + this.cap / 10)
      this.entries.splice(0, this.entries.length - this.cap);
    for (const listener of this.listeners) listener(full);
  }

  /**
   * Wraps a rules provider so that its decisions are recorded here, and admin-SDK bypasses too. The wrapper
   * of each ruleset is made once, not per request.
   */
  watch(service: RequestService, provider: RulesProvider, source: RulesTextSource): RulesProvider {
    let inner: Ruleset | null = null;
    let wrapped: Ruleset | null = null;
    const current = (): Ruleset | null => {
      const ruleset = provider();
      if (ruleset === null) return null;
      if (ruleset !== inner) {
        inner = ruleset;
        wrapped = this.recording(service, ruleset, source);
      }
      return wrapped;
    };
    this.providers.set(service, current);
    return Object.assign(current, {
      bypassed: (request: { method: RulesMethod; path: string }) => {
        this.record({
          service,
          method: request.method,
          path: relativePath(service, request.path),
          caller: { kind: 'admin-sdk' },
          allowed: true,
          message: 'The admin SDK (owner credential) skips security rules.',
        });
      },
    });
  }

  private recording(service: RequestService, ruleset: Ruleset, source: RulesTextSource): Ruleset {
    const text = source();
    const version = this.nextVersion++;
    if (text) this.texts.set(service, { version, ...text });
    // New rules, new coverage: its lines are those of the new text.
    const coverage = ruleset.createCoverage?.();
    if (coverage) this.coverages.set(service, coverage);
    else this.coverages.delete(service);
    const counted = { coverage };
    return {
      service: ruleset.service,
      createCoverage: ruleset.createCoverage?.bind(ruleset),
      evaluate: (request, data, options) => {
        const traced = this.watched;
        const decision = ruleset.evaluate(
          request,
          data,
          traced ? { ...options, coverage, trace: true } : options ? { ...options, coverage } : counted,
        );
        this.record({
          service,
          method: request.method,
          path: relativePath(service, request.path),
          caller: callerOf(request),
          allowed: decision.allowed,
          message: decision.message,
          line: decision.line,
          trace: decision.trace,
          rulesVersion: text ? version : undefined,
          ...(traced ? { resource: request.resource, requestResource: request.requestResource } : {}),
        });
        return decision;
      },
    };
  }
}

function callerOf(request: RulesRequest): RequestCaller {
  if (!request.auth) return { kind: 'anonymous' };
  const { token } = request.auth;
  return {
    kind: 'user',
    uid: request.auth.uid,
    email: typeof token.email === 'string' ? token.email : undefined,
    claims: token,
  };
}

/** "/databases/(default)/documents/orders/o1" → "orders/o1"; "/b/bucket/o/a/b.jpg" → "a/b.jpg". */
export function relativePath(service: RequestService, path: string): string {
  const marker = service === 'firestore' ? '/documents/' : '/o/';
  const at = path.indexOf(marker);
  return at < 0 ? path : path.slice(at + marker.length);
}
