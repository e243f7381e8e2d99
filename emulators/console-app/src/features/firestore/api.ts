/** Firestore through its REST API as the admin (Bearer owner): the same endpoints the SDKs use. */
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';
import { fieldPath, type Fields, type FsValue } from './values';

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

export interface QuerySpec {
  where?: { field: string; op: QueryOperator; value: FsValue };
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
    if (spec.where) {
      structuredQuery.where = {
        fieldFilter: {
          field: { fieldPath: fieldPath(spec.where.field) },
          op: QUERY_OPERATORS[spec.where.op],
          value: spec.where.value,
        },
      };
    }
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
}
