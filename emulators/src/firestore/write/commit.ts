/**
 * A commit, in the steps production takes: validate the request, end its transaction (failing on a conflict),
 * take a commit time, stage each write over the documents as the earlier writes left them, let the rules see
 * the whole batch, apply it, and tell the listeners.
 */
import type { Caller } from '../../shared/auth-token.js';
import { BATCH_DOCUMENT_ACCESS_LIMIT } from '../../rules/index.js';
import type { EvaluateOptions } from '../../rules/types.js';
import type { Fields, v1, WriteJson, WriteResultJson } from '../types.js';
import { authorize, dataAccess, recordBypass } from '../access/authorization.js';
import { assertSameDatabase } from '../databases.js';
import type { RulesProvider } from '../access/authorization.js';
import type { FirestoreJournal } from '../persistence/journal.js';
import type { ListenFanOut } from '../listen/listen-fan-out.js';
import type { CommitClock } from '../timestamps.js';
import type { TransactionRegistry } from './transactions.js';
import type { FunctionTriggers } from '../triggers/function-triggers.js';
import { FirestoreError, invalidArgument } from '../errors.js';
import type { DocumentChangeEvent } from '../listen/listen.js';
import type { DatabaseId } from '../paths.js';
import { parseDatabaseName, parseDocumentName, parseFieldPath, parseResourceName } from '../paths.js';
import type { DatabaseState } from '../state.js';
import type { StoredDocument } from '../stored-document.js';
import { fieldsSize, isNumber, normalizeFields, normalizeValue } from '../values.js';
import { applyWrite, checkPrecondition } from './writes.js';

export const MAX_WRITES_PER_COMMIT = 500;
export const MAX_DOCUMENT_BYTES = 1_048_576;

/** What a commit changes and tells: the database, the transaction it ends, the journal, listeners and triggers. */
export interface CommitHost {
  state(db: DatabaseId): DatabaseState;
  readonly rules: RulesProvider;
  readonly clock: Pick<CommitClock, 'next'>;
  readonly transactions: Pick<TransactionRegistry, 'endForCommit'>;
  readonly journal: Pick<FirestoreJournal, 'recordCommit'> | undefined;
  readonly listeners: Pick<ListenFanOut, 'notify'>;
  readonly triggers: Pick<FunctionTriggers, 'onCommit'> | undefined;
}

/** One commit's work in progress: each document as the writes so far leave it, and the rules checks owed. */
interface Batch {
  engine: CommitHost;
  db: DatabaseId;
  state: DatabaseState;
  caller: Caller;
  commitTime: string;
  micros: bigint;
  /** key → the document after this batch's writes (null: deleted). */
  staged: Map<string, StoredDocument | null>;
  checks: (() => void)[];
  access: ReturnType<typeof dataAccess>;
  budget: EvaluateOptions | undefined;
}

export function commit(
  engine: CommitHost,
  request: v1.CommitRequest & { database: string },
  caller: Caller,
): { writeResults: WriteResultJson[]; commitTime: string } {
  const db = parseDatabaseName(request.database);
  const writes = validWriteCount(request.writes ?? []);
  const state = engine.state(db);
  if (request.transaction) engine.transactions.endForCommit(db, request.transaction, writes.length, state);
  const { timestamp: commitTime, micros } = engine.clock.next();
  const staged = new Map<string, StoredDocument | null>();
  const batch: Batch = {
    engine,
    db,
    state,
    caller,
    commitTime,
    micros,
    staged,
    checks: [],
    access: dataAccess(state, staged),
    budget: sharedBudget(writes.length, request.transaction),
  };
  // Every write is checked as input before any is staged: a malformed write refuses the commit as
  // INVALID_ARGUMENT even after a write whose precondition fails (Google's emulator; found by the fuzzer).
  const writeResults = writes.map(normalizeWrite).map((write) => stageWrite(batch, write));
  // Rules see the whole batch (getAfter), so they run once every write is staged; any denial rejects the batch.
  for (const check of batch.checks) check();
  // Durable before it is applied or answered (a data folder's journal); a failed append applies nothing.
  engine.journal?.recordCommit(db, state, staged);
  const changes = applyStaged(state, staged, micros);
  if (changes.length > 0) {
    engine.listeners.notify(db, changes, commitTime);
    engine.triggers?.onCommit(db, changes, commitTime, caller);
  }
  return { writeResults, commitTime };
}

function validWriteCount(writes: WriteJson[]): WriteJson[] {
  if (writes.length > MAX_WRITES_PER_COMMIT) {
    throw invalidArgument(
      `A commit may contain at most ${MAX_WRITES_PER_COMMIT} writes; this one has ${writes.length}`,
    );
  }
  return writes;
}

/**
 * Production allows 10 document reads for a single write and 20 shared by all writes of a batch or
 * transaction; a read repeated across the writes counts once.
 */
function sharedBudget(writeCount: number, transaction: string | undefined): EvaluateOptions | undefined {
  return writeCount > 1 || transaction
    ? { documentAccessLimit: BATCH_DOCUMENT_ACCESS_LIMIT, documentAccessLog: new Set<string>() }
    : undefined;
}

/** Checks one (normalised) write's precondition, computes the document it leaves and owes its rules check. */
function stageWrite(batch: Batch, write: WriteJson): WriteResultJson {
  const { state, staged, commitTime } = batch;
  const name = write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document;
  if (!name) throw invalidArgument('Invalid write: it names no document');
  const { db: docDb, segments } = parseDocumentName(name);
  assertSameDatabase(batch.db, docDb);
  const key = segments.join('/');
  const writtenEarlier = staged.has(key);
  const before = writtenEarlier ? staged.get(key)! : (state.get(key) ?? null);
  try {
    checkPrecondition(write, before, name);
  } catch (error) {
    // Production refuses a precondition on a document an earlier write of the same commit changed
    // (delete then update in one transaction) as a malformed request, not as a missing document.
    if (writtenEarlier && error instanceof FirestoreError)
      throw invalidArgument(
        `Invalid write: the precondition on ${name} cannot hold after an earlier write of this commit (${error.message})`,
      );
    if (error instanceof FirestoreError) rulesBeforePrecondition(batch, write, before, segments);
    throw error;
  }
  const outcome = applyWrite(write, before, commitTime);

  let after: StoredDocument | null = null;
  if (outcome.after) {
    assertDocumentSize(name, outcome.after);
    after = outcome.changed
      ? {
          key,
          segments,
          fields: outcome.after,
          createTime: before?.createTime ?? commitTime,
          updateTime: commitTime,
          version: batch.micros,
        }
      : before;
  }
  if (write.verify === undefined) {
    staged.set(key, after);
    oweRulesCheck(batch, write.delete !== undefined ? 'delete' : before ? 'update' : 'create', segments, {
      before,
      after,
    });
  }
  return {
    updateTime:
      write.verify !== undefined || write.delete !== undefined || outcome.changed
        ? commitTime
        : before?.updateTime,
    ...(outcome.transformResults.length > 0 ? { transformResults: outcome.transformResults } : {}),
  };
}

/**
 * A write whose precondition fails is still refused first by the rules, as Google's emulator does (found by the
 * differential fuzzer, tests/referee/): a caller they refuse gets PERMISSION_DENIED, not NOT_FOUND or
 * ALREADY_EXISTS, so learns nothing of the document. The method is the precondition's (exists: false is a
 * create, any other an update); the rules see the batch as staged so far.
 */
function rulesBeforePrecondition(
  batch: Batch,
  write: WriteJson,
  before: StoredDocument | null,
  segments: string[],
): void {
  const { engine, caller, db, commitTime } = batch;
  if (caller.kind === 'owner' || write.verify !== undefined) return;
  const method =
    write.delete !== undefined ? 'delete' : write.currentDocument?.exists === false ? 'create' : 'update';
  let after: Fields | null = null;
  try {
    after = applyWrite({ ...write, currentDocument: undefined }, before, commitTime).after ?? null;
  } catch {
    return; // a write that cannot apply at all: its own error stands
  }
  authorize(
    engine.rules,
    { caller, method, db, segments, resource: before, after, time: commitTime, budget: batch.budget },
    batch.access,
  );
}

function oweRulesCheck(
  batch: Batch,
  method: 'create' | 'update' | 'delete',
  segments: string[],
  { before, after }: { before: StoredDocument | null; after: StoredDocument | null },
): void {
  const { engine, caller, db } = batch;
  if (caller.kind === 'owner') {
    recordBypass(engine.rules, caller, method, db, segments);
    return;
  }
  batch.checks.push(() =>
    authorize(
      engine.rules,
      {
        caller,
        method,
        db,
        segments,
        resource: before,
        after: after?.fields ?? null,
        time: batch.commitTime,
        budget: batch.budget,
      },
      batch.access,
    ),
  );
}

/** Writes the staged documents into the database; returns what changed, for the listeners. */
function applyStaged(
  state: DatabaseState,
  staged: Map<string, StoredDocument | null>,
  micros: bigint,
): DocumentChangeEvent[] {
  const changes: DocumentChangeEvent[] = [];
  for (const [key, after] of staged) {
    const before = state.get(key) ?? null;
    if (after === before) continue;
    // Reads at an earlier readTime still see the version this commit replaces (../document-history.ts).
    if (before) state.history.record(before, after, micros);
    if (after) state.put(after);
    else if (before) state.delete(key);
    else continue;
    changes.push({ key, segments: (after ?? before)!.segments, before, after });
  }
  return changes;
}

function normalizeWrite(write: WriteJson): WriteJson {
  if (typeof write !== 'object' || write === null) throw invalidArgument('Invalid write: expected an object');
  const kinds = (['update', 'delete', 'verify', 'transform'] as const).filter((k) => write[k] !== undefined);
  if (kinds.length !== 1)
    throw invalidArgument('Invalid write: exactly one of update, delete, verify or transform must be set');
  const out: WriteJson = { ...write };
  if (write.update) {
    if (typeof write.update.name !== 'string')
      throw invalidArgument('Invalid write: update.name is required');
    out.update = { name: write.update.name, fields: normalizeFields(write.update.fields ?? {}) };
  }
  if (write.updateMask?.fieldPaths) write.updateMask.fieldPaths.forEach(parseFieldPath);
  const transforms = write.updateTransforms ?? write.transform?.fieldTransforms ?? [];
  for (const t of transforms) {
    if (t.fieldPath === undefined) throw invalidArgument('Invalid field transform: fieldPath is required');
    parseFieldPath(t.fieldPath);
    if (t.increment) t.increment = normalizeValue(t.increment);
    if (t.maximum) t.maximum = normalizeValue(t.maximum);
    if (t.minimum) t.minimum = normalizeValue(t.minimum);
    // A non-numeric operand is a malformed request, refused before any precondition is looked at (Google's
    // emulator: INVALID_ARGUMENT even when the document is missing; found by the differential fuzzer).
    for (const kind of ['increment', 'maximum', 'minimum'] as const) {
      const operand = t[kind];
      if (operand !== undefined && !isNumber(operand))
        throw invalidArgument(`${kind} requires a numeric operand`);
    }
    if (t.appendMissingElements)
      t.appendMissingElements = {
        values: (t.appendMissingElements.values ?? []).map((v) => normalizeValue(v)),
      };
    if (t.removeAllFromArray)
      t.removeAllFromArray = { values: (t.removeAllFromArray.values ?? []).map((v) => normalizeValue(v)) };
  }
  return out;
}

function assertDocumentSize(name: string, fields: Fields): void {
  const { segments } = parseResourceName(name);
  const nameSize = segments.reduce((s, seg) => s + Buffer.byteLength(seg, 'utf8') + 1, 16);
  const size = nameSize + fieldsSize(fields) + 32;
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidArgument(
      `Document "${name}" is ${size} bytes, over the 1 MiB (${MAX_DOCUMENT_BYTES} bytes) limit`,
    );
  }
}
