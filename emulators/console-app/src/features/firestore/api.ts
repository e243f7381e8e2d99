/** Firestore through its REST API as the admin (Bearer owner): the same endpoints the SDKs use. */
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';
import { documentPath, fieldPath, type Fields, type FsValue } from './values';

export interface FsDocument {
  name: string;
  fields?: Fields;
  createTime?: string;
  updateTime?: string;
}

export const QUERY_OPERATORS = {
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  'array-contains': 'ARRAY_CONTAINS',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
} as const;
export type QueryOperator = keyof typeof QUERY_OPERATORS;

interface QueryFilter {
  field: string;
  op: QueryOperator;
  value: FsValue;
}

export interface QuerySpec {
  /** All must hold (an AND of field filters, as `where(…).where(…)` in the SDKs). */
  where?: QueryFilter[];
  orderBy?: { field: string; direction: 'ASCENDING' | 'DESCENDING' };
  limit: number;
  offset: number;
  /** Only the document with this full name. */
  nameEquals?: string;
}

export class FirestoreApi {
  readonly documentsRoot: string;
  private readonly base: string;

  constructor(config: ConsoleConfig) {
    this.documentsRoot = `projects/${config.projectId}/databases/(default)/documents`;
    this.base = `${origin(config.emulators.firestore)}/v1/${this.documentsRoot}`;
  }

  private url(path: string, suffix = ''): string {
    const encoded = path
      .split('/')
      .filter((s) => s !== '')
      .map(encodeURIComponent)
      .join('/');
    return `${this.base}${encoded ? `/${encoded}` : ''}${suffix}`;
  }

  /** Collection ids under a document ('' = the root). */
  async collections(documentPath: string): Promise<string[]> {
    const body = await requestJson<{ collectionIds?: string[] }>(
      this.url(documentPath, ':listCollectionIds'),
      {
        method: 'POST',
        body: JSON.stringify({ pageSize: 500 }),
      },
    );
    return (body.collectionIds ?? []).sort();
  }

  async query(collectionPath: string, spec: QuerySpec): Promise<FsDocument[]> {
    const segments = collectionPath.split('/').filter((s) => s !== '');
    const collectionId = segments.pop() ?? '';
    const structuredQuery: Record<string, unknown> = {
      from: [{ collectionId }],
      limit: spec.limit,
      offset: spec.offset,
    };
    const filters = (spec.where ?? []).map((filter) => ({
      fieldFilter: {
        field: { fieldPath: fieldPath(filter.field) },
        op: QUERY_OPERATORS[filter.op],
        value: filter.value,
      },
    }));
    if (filters.length === 1) structuredQuery.where = filters[0];
    if (filters.length > 1) structuredQuery.where = { compositeFilter: { op: 'AND', filters } };
    if (spec.nameEquals) {
      structuredQuery.where = {
        fieldFilter: {
          field: { fieldPath: '__name__' },
          op: 'EQUAL',
          value: { referenceValue: spec.nameEquals },
        },
      };
    }
    if (spec.orderBy) {
      structuredQuery.orderBy = [
        { field: { fieldPath: fieldPath(spec.orderBy.field) }, direction: spec.orderBy.direction },
      ];
    }
    const rows = await requestJson<{ document?: FsDocument }[]>(this.url(segments.join('/'), ':runQuery'), {
      method: 'POST',
      body: JSON.stringify({ structuredQuery }),
    });
    return rows.flatMap((row) => (row.document ? [row.document] : []));
  }

  /**
   * The document, or null when it does not exist. Read as a query on its name: the emulator logs the admin's
   * single-document reads in the Requests view, and the console's own polling would drown the app's requests.
   */
  async get(path: string): Promise<FsDocument | null> {
    const segments = path.split('/').filter((s) => s !== '');
    const docs = await this.query(segments.slice(0, -1).join('/'), {
      limit: 1,
      offset: 0,
      nameEquals: `${this.documentsRoot}/${segments.join('/')}`,
    });
    return docs[0] ?? null;
  }

  /** Creates a document; fails (changing nothing) when it already exists. Empty id = a generated one. */
  async create(collectionPath: string, id: string, fields: Fields): Promise<FsDocument> {
    if (id === '') {
      return requestJson<FsDocument>(this.url(collectionPath), {
        method: 'POST',
        body: JSON.stringify({ fields }),
      });
    }
    return requestJson<FsDocument>(this.url(`${collectionPath}/${id}`, '?currentDocument.exists=false'), {
      method: 'PATCH',
      body: JSON.stringify({ fields }),
    });
  }

  /** Sets one field of an existing document (others untouched); `value` null deletes the field. */
  async setField(path: string, field: string, value: FsValue | null): Promise<void> {
    const mask = `updateMask.fieldPaths=${encodeURIComponent(fieldPath(field))}&currentDocument.exists=true`;
    await requestJson(this.url(path, `?${mask}`), {
      method: 'PATCH',
      body: JSON.stringify({ fields: value ? { [field]: value } : {} }),
    });
  }

  async remove(path: string): Promise<void> {
    await requestJson(this.url(path), { method: 'DELETE' });
  }

  /**
   * A page of a collection in name order, with the documents that do not exist but have sub-collections
   * (`missing`: only a name), as the REST API's `showMissing` lists them. `pageToken` from the previous page.
   */
  async listWithMissing(
    collectionPath: string,
    pageSize: number,
    pageToken?: string,
  ): Promise<{ documents: (FsDocument & { missing: boolean })[]; nextPageToken?: string }> {
    const params = new URLSearchParams({ showMissing: 'true', pageSize: String(pageSize) });
    if (pageToken) params.set('pageToken', pageToken);
    const body = await requestJson<{ documents?: FsDocument[]; nextPageToken?: string }>(
      this.url(collectionPath, `?${params}`),
    );
    return {
      // A missing document has no create time: nothing was ever written at its name.
      documents: (body.documents ?? []).map((doc) => ({ ...doc, missing: doc.createTime === undefined })),
      nextPageToken: body.nextPageToken || undefined,
    };
  }

  /** Replaces every field of an existing document, unless it changed since `updateTime` (then nothing is written). */
  async replaceFields(path: string, fields: Fields, updateTime: string): Promise<void> {
    const precondition = `currentDocument.updateTime=${encodeURIComponent(updateTime)}`;
    await requestJson(this.url(path, `?${precondition}`), {
      method: 'PATCH',
      body: JSON.stringify({ fields }),
    });
  }

  /**
   * The documents that exist below a document or in a collection, at any depth, and the document itself if it
   * exists: what a recursive delete removes. One kindless query per document (`allDescendants` without a
   * collection id, what firebase-tools' recursive delete asks), over the collection's documents and the missing
   * ones (whose sub-collections hold documents).
   */
  async tree(path: string): Promise<string[]> {
    const segments = path.split('/').filter((s) => s !== '');
    const roots: string[] = [];
    const found = new Set<string>();
    if (segments.length % 2 === 0) {
      roots.push(segments.join('/'));
      if (await this.get(path)) found.add(segments.join('/'));
    } else {
      let pageToken: string | undefined;
      do {
        const page = await this.listWithMissing(path, 300, pageToken);
        for (const doc of page.documents) {
          roots.push(documentPath(doc.name));
          if (!doc.missing) found.add(documentPath(doc.name));
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
    }
    for (const root of roots) {
      const rows = await requestJson<{ document?: FsDocument }[]>(this.url(root, ':runQuery'), {
        method: 'POST',
        body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }),
      });
      for (const row of rows) if (row.document) found.add(documentPath(row.document.name));
    }
    return [...found];
  }

  /** Deletes these documents, in commits of at most 500 writes (Firestore's limit per commit). */
  async removeAll(paths: string[]): Promise<void> {
    for (let start = 0; start < paths.length; start += 500) {
      const writes = paths.slice(start, start + 500).map((p) => ({ delete: `${this.documentsRoot}/${p}` }));
      await requestJson(`${this.base}:commit`, { method: 'POST', body: JSON.stringify({ writes }) });
    }
  }
}
