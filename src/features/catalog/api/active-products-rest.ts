import { emulatorPorts, firebaseConfig, usesEmulators } from '@/lib/firebase-config';
import { productFromDocument, type Product } from '../model/product';

/**
 * The shop window as it is now, in ONE plain HTTPS request: Firestore's REST `runQuery`, sent before any
 * Firebase SDK has loaded (useActiveProducts, where the page came without its jars). Why not Firestore Lite, which sends the
 * same request: its ~30 KB of code would come first, and its custom headers make the browser send a CORS
 * preflight first, one more round trip on a slow mobile network. A `text/plain` body and the API key in the URL
 * keep this a "simple" cross-origin request (the Lite SDK sends `text/plain` too, which the API accepts).
 *
 * The query is the live listener's (active-products-query.ts) as the SDK sends it: its filters, which the
 * security rules require of a visitor, and its order with the implicit ones the SDK adds (the inequality's
 * field, then the document name, in the last explicit direction): the same composite index serves both.
 */
export const ACTIVE_PRODUCTS_QUERY = {
  structuredQuery: {
    from: [{ collectionId: 'products' }],
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [
          { fieldFilter: { field: { fieldPath: 'is_active' }, op: 'EQUAL', value: { booleanValue: true } } },
          {
            fieldFilter: {
              field: { fieldPath: 'stock_quantity' },
              op: 'GREATER_THAN',
              value: { integerValue: '0' },
            },
          },
        ],
      },
    },
    orderBy: [
      { field: { fieldPath: 'created_at' }, direction: 'DESCENDING' },
      { field: { fieldPath: 'stock_quantity' }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ],
  },
} as const;

/** A Firestore REST value (google.firestore.v1.Value in its JSON form). */
type RestValue = Partial<{
  nullValue: null;
  booleanValue: boolean;
  integerValue: string;
  doubleValue: number | string;
  timestampValue: string;
  stringValue: string;
  mapValue: { fields?: Record<string, RestValue> };
  arrayValue: { values?: RestValue[] };
}>;

interface RunQueryItem {
  document?: { name: string; fields?: Record<string, RestValue> };
  error?: { message?: string };
}

/** A REST value as the SDK would give it: numbers, strings, booleans, Dates, plain objects and arrays. */
export function fromRestValue(value: RestValue): unknown {
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) return new Date(value.timestampValue!);
  if ('stringValue' in value) return value.stringValue;
  if ('mapValue' in value) return fromRestFields(value.mapValue?.fields);
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(fromRestValue);
  return null; // nullValue, and kinds a product never holds (bytes, references, geo points)
}

function fromRestFields(fields: Record<string, RestValue> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromRestValue(value)]));
}

/** Production's Firestore, or the local emulator in an emulator build. */
const firestoreOrigin = () =>
  usesEmulators
    ? `http://${emulatorPorts.firestore.host}:${emulatorPorts.firestore.port}`
    : 'https://firestore.googleapis.com';

function runQueryUrl(origin: string): string {
  const database = `projects/${firebaseConfig.projectId}/databases/(default)`;
  return `${origin}/v1/${database}/documents:runQuery?key=${encodeURIComponent(firebaseConfig.apiKey)}`;
}

/** The readable products of a runQuery answer, in its order; malformed ones are skipped. */
export function productsFromRunQuery(items: RunQueryItem[]): Product[] {
  return items.flatMap(({ document }) => {
    if (!document) return []; // the read time alone, for an empty result
    const product = productFromDocument(document.name.split('/').pop()!, fromRestFields(document.fields));
    return product ? [product] : [];
  });
}

/** The shop window's one request: where it goes and what it sends (a CORS "simple" request). */
export function activeProductsRequest(origin = firestoreOrigin()): { url: string; init: RequestInit } {
  return {
    url: runQueryUrl(origin),
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(ACTIVE_PRODUCTS_QUERY),
    },
  };
}

/** The shop window's products, in one request. */
export async function fetchActiveProducts(origin = firestoreOrigin()): Promise<Product[]> {
  const { url, init } = activeProductsRequest(origin);
  const response = await fetch(url, init);
  const answer = (await response.json().catch(() => null)) as RunQueryItem[] | RunQueryItem | null;
  const items = Array.isArray(answer) ? answer : answer ? [answer] : [];
  const failure = items.find((item) => item.error)?.error;
  if (!response.ok || failure)
    throw new Error(failure?.message ?? `the product list could not be loaded (HTTP ${response.status})`);
  return productsFromRunQuery(items);
}
