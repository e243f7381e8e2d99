/**
 * The contract between the rules engine and the emulators that consult it.
 * Firestore documents cross it in proto3 JSON (see ../firestore/types.ts); the engine converts them
 * into rules values (map, timestamp, bytes, latlng, path for references, …) itself.
 */
import type { CallerAuth } from '../shared/auth-token.js';
import type { DocumentJson, FilterJson } from '../firestore/types.js';
import type { RuleCoverage } from './coverage.js';
import type { RulesWarning } from './type-warnings.js';
import type { AllowTrace, FirestoreDataAccess, RulesService } from './evaluation-types.js';

// Imported by the interpreter and its trace, which ./coverage.ts uses: kept apart so they import nothing here.
export type { AllowTrace, FirestoreDataAccess, RulesService } from './evaluation-types.js';

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** What `request.query` exposes for list requests. */
export interface RulesQueryInfo {
  limit?: number;
  offset?: number;
  /** Field paths of the query's orderBy, in order (e.g. ["created_at", "__name__"]). */
  orderBy?: string[];
  /** The query's filter: `list` rules are proved from it, not from the documents returned. */
  where?: FilterJson;
}

export interface FirestoreRulesRequest {
  service: 'cloud.firestore';
  /** "/databases/(default)/documents/products/p1" — matched against `match /databases/{database}/documents`. */
  path: string;
  method: RulesMethod;
  auth: CallerAuth | null;
  /** Request time (request.time), RFC 3339. */
  time: string;
  /** The stored document (resource), or null if it does not exist. */
  resource: DocumentJson | null;
  /** The document as it would be after this write (request.resource) for create/update; null otherwise. */
  requestResource: DocumentJson | null;
  query?: RulesQueryInfo;
}

/** A Cloud Storage object as rules see it (resource / request.resource). */
export interface StorageObjectInfo {
  bucket: string;
  name: string;
  size: number;
  contentType: string;
  contentEncoding?: string;
  contentDisposition?: string;
  contentLanguage?: string;
  cacheControl?: string;
  md5Hash?: string;
  crc32c?: string;
  etag?: string;
  generation?: string;
  metageneration?: string;
  timeCreated?: string;
  updated?: string;
  metadata?: Record<string, string>;
}

export interface StorageRulesRequest {
  service: 'firebase.storage';
  /** "/b/{bucket}/o/{object path}" — matched against `match /b/{bucket}/o`. The object path is NOT url-encoded. */
  path: string;
  method: RulesMethod;
  auth: CallerAuth | null;
  time: string;
  resource: StorageObjectInfo | null;
  requestResource: StorageObjectInfo | null;
}

export type RulesRequest = FirestoreRulesRequest | StorageRulesRequest;

export interface RulesDecision {
  allowed: boolean;
  /** Human-readable reason for a denial, e.g. "No matching allow statements" or the failing rule's line. */
  message?: string;
  /** 1-based line of the allow statement that granted or was last evaluated, when known. */
  line?: number;
  /** Present when `EvaluateOptions.trace` asked for it: every allow that applied, in evaluation order. */
  trace?: AllowTrace[];
}

// Where a rules file fails to compile; defined beside the error that carries it, so errors.ts imports nothing here.
export type { RulesSyntaxIssue } from './errors.js';

/** Per-evaluation knobs; all optional. */
export interface EvaluateOptions {
  /**
   * Maximum distinct documents read through get()/exists()/getAfter()/existsAfter() (and storage's
   * firestore.get/exists). Production: 10 for single-document requests and queries (the default),
   * 20 for batched writes and transactions.
   */
  documentAccessLimit?: number;
  /**
   * Pass the same Set to every evaluate() of one batch/transaction so they share one access budget;
   * the engine records each document it reads in it. Omitted → a fresh budget per call.
   */
  documentAccessLog?: Set<string>;
  /** Record which allows applied and why each granted or not (the console's Requests view). Off by default. */
  trace?: boolean;
  /** Count each applicable allow and its condition's parts here (made by this ruleset's `createCoverage`). */
  coverage?: RuleCoverage;
}

/**
 * Where an emulator gets the ruleset it enforces now (null: none configured, allow all). `bypassed`, when
 * present, is told about each request the owner credential (the admin SDK) lets past the rules.
 */
export type RulesProvider = (() => Ruleset | null) & {
  bypassed?: (request: { method: RulesMethod; path: string }) => void;
};

/** A compiled rules file. Evaluation is synchronous: all data access is in-process. */
export interface Ruleset {
  readonly service: RulesService;
  /** Never throws: evaluation errors deny, as in production. */
  evaluate(request: RulesRequest, data: FirestoreDataAccess, options?: EvaluateOptions): RulesDecision;
  /** A fresh coverage of this ruleset's allows (none for the deny-all and allow-all stand-ins). */
  createCoverage?(): RuleCoverage;
  /** What Google's rules compiler would warn about, of what this engine checks (type-warnings.ts). */
  readonly warnings?: RulesWarning[];
}
