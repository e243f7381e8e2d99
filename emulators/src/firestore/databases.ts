/** Which database a request addresses: the key the engine files it under, and the check a document is in it. */
import { invalidArgument } from './errors.js';
import type { DatabaseId } from './paths.js';
import { databaseName } from './paths.js';

export const dbKey = (db: DatabaseId): string => `${db.projectId}/${db.databaseId}`;

/** A request names its database once; every document it names must be in that database. */
export function assertSameDatabase(a: DatabaseId, b: DatabaseId): void {
  if (a.projectId !== b.projectId || a.databaseId !== b.databaseId) {
    throw invalidArgument(
      `Document belongs to ${databaseName(b)}, not to the request's database ${databaseName(a)}`,
    );
  }
}
