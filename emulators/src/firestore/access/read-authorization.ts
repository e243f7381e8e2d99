/**
 * Reads meet the security rules here: a document read (`get`, or `list` for a listener's documents) and a
 * query's `list`, decided once from the query's constraints. The owner (admin SDKs) is never checked.
 */
import type { Caller } from '../../shared/auth-token.js';
import { ANY_PARENT_SEGMENTS } from '../../rules/matcher.js';
import { authorize, dataAccess } from './authorization.js';
import type { RulesProvider } from './authorization.js';
import type { DatabaseState } from '../state.js';
import type { CommitClock } from '../timestamps.js';
import { FirestoreError } from '../errors.js';
import { isMissing } from '../listen/listen.js';
import type { DatabaseId } from '../paths.js';
import type { CompiledQuery } from '../query/query.js';
import type { StoredDocument } from '../stored-document.js';

/** What a read's rules check needs: the rules, the database the rules' get() reads, and the time. */
export interface ReadRulesHost {
  readonly rules: RulesProvider;
  state(db: DatabaseId): DatabaseState;
  readonly clock: Pick<CommitClock, 'now'>;
}

export function checkRead(
  engine: ReadRulesHost,
  caller: Caller,
  db: DatabaseId,
  doc: StoredDocument,
  method: 'get' | 'list',
  query?: CompiledQuery,
): void {
  checkReadWith(engine, caller, db, doc, method, query, dataAccess(engine.state(db)), engine.clock.now());
}

/**
 * A query's `list` rules are decided once, from the query's constraints, as production does ("rules are
 * not filters"): what it could return counts, not what it returns today. A collection-group query is
 * matched with an unknown parent path, so only rules written for the group (`{path=**}`) can allow it.
 */
export function checkQuery(engine: ReadRulesHost, caller: Caller, query: CompiledQuery): void {
  if (caller.kind === 'owner') return;
  const state = engine.state(query.db);
  const access = dataAccess(state);
  const time = engine.clock.now();
  if (!query.collectionId) {
    // A kindless query (every document below a parent) has no collection to match: each document is checked.
    for (const doc of query.run(state))
      checkReadWith(engine, caller, query.db, doc, 'list', query, access, time);
    return;
  }
  const parent = query.parentKey === '' ? [] : query.parentKey.split('/');
  const segments = query.allDescendants
    ? [...parent, ANY_PARENT_SEGMENTS, ANY_PARENT_SEGMENTS, query.collectionId] // a document path: even
    : [...parent, query.collectionId];
  try {
    authorize(
      engine.rules,
      {
        caller,
        method: 'list',
        db: query.db,
        segments,
        resource: null,
        time,
        query: {
          limit: query.limit,
          offset: query.offset,
          orderBy: query.orderByPaths,
          where: query.where,
        },
      },
      access,
    );
  } catch (error) {
    if (!(error instanceof FirestoreError) || !query.allDescendants) throw error;
    // The unknown parent of a collection group reads as {path=**} in the message.
    const marker = `${ANY_PARENT_SEGMENTS}/${ANY_PARENT_SEGMENTS}`;
    throw new FirestoreError(error.status, error.message.split(marker).join('{path=**}'));
  }
}

function checkReadWith(
  engine: ReadRulesHost,
  caller: Caller,
  db: DatabaseId,
  doc: StoredDocument,
  method: 'get' | 'list',
  query: CompiledQuery | undefined,
  access: ReturnType<typeof dataAccess>,
  time: string,
): void {
  if (caller.kind === 'owner') return;
  authorize(
    engine.rules,
    {
      caller,
      method,
      db,
      segments: doc.segments,
      resource: isMissing(doc) ? null : doc,
      time,
      query: query ? { limit: query.limit, offset: query.offset, orderBy: query.orderByPaths } : undefined,
    },
    access,
  );
}
