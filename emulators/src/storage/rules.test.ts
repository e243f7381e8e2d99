/** Security rules through the real SDK: who is asked, with what, and what the SDK reports on denial. */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
  type StorageError as SdkStorageError,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sdkError as sdkErrorOf } from '../testing/waiting.js';
import type { DocumentJson } from '../firestore/types.js';
import type { FirestoreDataAccess, StorageRulesRequest } from '../rules/types.js';
import { startStorageEmulator, type StorageEmulator } from './server.js';
import { recordingRuleset, type RecordingRuleset } from '../testing/recording-ruleset.js';

const sdkError = (promise: Promise<unknown>) => sdkErrorOf<SdkStorageError>(promise);
const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;
const FIVE_MB = 5 * 1024 * 1024;

/**
 * A stand-in for storage.rules: product images are public to read; only admins (a roles/{uid} document
 * with role "admin", read through firestore.get) may write images under 5 MB.
 */
function productImageRules(request: StorageRulesRequest, data: FirestoreDataAccess): boolean {
  if (!request.path.startsWith(`/b/${BUCKET}/o/product-images`)) return false;
  if (request.method === 'get' || request.method === 'list') return true;
  const uid = request.auth?.uid;
  const role = uid ? data.get(`/databases/(default)/documents/roles/${uid}`) : null;
  if (role?.fields?.role && 'stringValue' in role.fields.role && role.fields.role.stringValue === 'admin') {
    if (request.method === 'delete') return true;
    const next = request.requestResource;
    return next !== null && next.size < FIVE_MB && next.contentType.startsWith('image/');
  }
  return false;
}

describe('storage security rules through the SDK', () => {
  let emulator: StorageEmulator;
  let rules: RecordingRuleset;
  const apps: FirebaseApp[] = [];
  const logLines: string[] = [];
  let admin: FirebaseStorage;
  let customer: FirebaseStorage;
  let visitor: FirebaseStorage;
  let owner: FirebaseStorage;
  const roles: Record<string, DocumentJson> = {
    '/databases/(default)/documents/roles/admin-uid': {
      name: `projects/${PROJECT}/databases/(default)/documents/roles/admin-uid`,
      fields: { role: { stringValue: 'admin' } },
    },
  };
  const firestoreData: FirestoreDataAccess = {
    get: (path) => roles[path] ?? null,
    getAfter: (path) => roles[path] ?? null,
  };

  function client(
    name: string,
    mockUserToken?: string | { user_id: string; email?: string },
  ): FirebaseStorage {
    const app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' }, name);
    apps.push(app);
    const storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port, mockUserToken ? { mockUserToken } : {});
    return storage;
  }

  beforeAll(async () => {
    rules = recordingRuleset((request) => productImageRules(request, firestoreData));
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      rules: () => rules,
      firestoreData,
      log: (line) => logLines.push(line),
    });
    admin = client('rules-admin', { user_id: 'admin-uid', email: 'admin@achar.example' });
    customer = client('rules-customer', { user_id: 'customer-uid' });
    visitor = client('rules-visitor');
    owner = client('rules-owner', 'owner');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await emulator.stop();
  });
  beforeEach(() => {
    emulator.reset();
    rules.requests.length = 0;
  });

  it('lets an admin upload a product image, passing the signed-in user and the new object to the rules', async () => {
    await uploadBytes(ref(admin, 'product-images/mango.png'), new Uint8Array(1234), {
      contentType: 'image/png',
    });
    expect(rules.requests).toHaveLength(1);
    const [request] = rules.requests;
    expect(request).toMatchObject({
      service: 'firebase.storage',
      path: `/b/${BUCKET}/o/product-images/mango.png`,
      method: 'create',
      resource: null,
      requestResource: {
        name: 'product-images/mango.png',
        bucket: BUCKET,
        size: 1234,
        contentType: 'image/png',
      },
    });
    expect(request.auth?.uid).toBe('admin-uid');
    expect(request.auth?.token.email).toBe('admin@achar.example');
    expect(Date.parse(request.time)).not.toBeNaN();
  });

  it('denies a customer with storage/unauthorized and stores nothing', async () => {
    const error = await sdkError(
      uploadBytes(ref(customer, 'product-images/x.png'), new Uint8Array(10), { contentType: 'image/png' }),
    );
    expect(error.code).toBe('storage/unauthorized');
    expect(error.status).toBe(403);
    expect(rules.requests[0].auth?.uid).toBe('customer-uid');
    // Developers see why in the emulator's log.
    expect(logLines.at(-1)).toMatch(
      /^storage: denied POST \/v0\/b\/.+: Permission denied\. No create permission/,
    );
    expect((await sdkError(getMetadata(ref(owner, 'product-images/x.png')))).code).toBe(
      'storage/object-not-found',
    );
  });

  it('enforces the image size and type limits the rules read from request.resource', async () => {
    const tooBig = await sdkError(
      uploadBytesResumable(ref(admin, 'product-images/huge.png'), new Uint8Array(FIVE_MB), {
        contentType: 'image/png',
      }).then(),
    );
    expect(tooBig.code).toBe('storage/unauthorized');
    expect(rules.requests.at(-1)?.requestResource?.size).toBe(FIVE_MB);
    const notImage = await sdkError(
      uploadBytes(ref(admin, 'product-images/a.pdf'), new Uint8Array(5), { contentType: 'application/pdf' }),
    );
    expect(notImage.code).toBe('storage/unauthorized');
    expect((await listAll(ref(owner, 'product-images'))).items).toEqual([]);
  });

  it('lets visitors read product images and their download URLs', async () => {
    await uploadBytes(ref(owner, 'product-images/lemon.png'), new Uint8Array([1, 2, 3]), {
      contentType: 'image/png',
    });
    expect(Buffer.from(await getBytes(ref(visitor, 'product-images/lemon.png')))).toEqual(
      Buffer.from([1, 2, 3]),
    );
    const url = await getDownloadURL(ref(visitor, 'product-images/lemon.png'));
    expect((await fetch(url)).status).toBe(200);
    expect(rules.requests.every((request) => request.auth === null && request.method === 'get')).toBe(true);
    expect((await listAll(ref(visitor, 'product-images'))).items.map((item) => item.name)).toEqual([
      'lemon.png',
    ]);
    expect(rules.requests.at(-1)).toMatchObject({ method: 'list', path: `/b/${BUCKET}/o/product-images` });
  });

  it('lets the owner bypass the rules entirely', async () => {
    await uploadBytes(ref(owner, 'private/ledger.csv'), new Uint8Array([1]));
    await getMetadata(ref(owner, 'private/ledger.csv'));
    await deleteObject(ref(owner, 'private/ledger.csv'));
    expect(rules.requests).toEqual([]);
  });

  it('asks for update on metadata changes and delete on deletes, refusing non-admins', async () => {
    await uploadBytes(ref(owner, 'product-images/p.png'), new Uint8Array([1]), { contentType: 'image/png' });
    expect(
      (await sdkError(updateMetadata(ref(customer, 'product-images/p.png'), { cacheControl: 'no-store' })))
        .code,
    ).toBe('storage/unauthorized');
    expect(rules.requests.at(-1)).toMatchObject({
      method: 'update',
      resource: { size: 1 },
      requestResource: { cacheControl: 'no-store', size: 1 },
    });
    expect((await sdkError(deleteObject(ref(visitor, 'product-images/p.png')))).code).toBe(
      'storage/unauthorized',
    );
    expect(rules.requests.at(-1)).toMatchObject({
      method: 'delete',
      resource: { name: 'product-images/p.png' },
    });
    await deleteObject(ref(admin, 'product-images/p.png'));
    expect((await sdkError(getMetadata(ref(owner, 'product-images/p.png')))).code).toBe(
      'storage/object-not-found',
    );
  });

  it('serves a download URL by its token even where the rules deny reading, but not with a wrong token', async () => {
    await uploadBytes(ref(owner, 'private/receipt.pdf'), new Uint8Array([9, 9]), {
      contentType: 'application/pdf',
    });
    const url = await getDownloadURL(ref(owner, 'private/receipt.pdf'));
    const byToken = await fetch(url);
    expect(byToken.status).toBe(200);
    expect(Buffer.from(await byToken.arrayBuffer())).toEqual(Buffer.from([9, 9]));
    const wrongToken = await fetch(url.replace(/token=[^&]+/, 'token=not-the-token'));
    expect(wrongToken.status).toBe(403);
    expect(await wrongToken.json()).toMatchObject({
      error: { code: 403, message: expect.stringMatching(/^Permission denied\./) },
    });
    expect((await sdkError(getBytes(ref(visitor, 'private/receipt.pdf')))).code).toBe('storage/unauthorized');
    // The token opens the bytes, not the metadata.
    expect((await fetch(url.replace('alt=media&', ''))).status).toBe(403);
  });

  it('answers 403 rather than 404 for a missing object the caller may not read', async () => {
    expect((await sdkError(getMetadata(ref(visitor, 'private/none.txt')))).code).toBe('storage/unauthorized');
    expect((await sdkError(getMetadata(ref(visitor, 'product-images/none.png')))).code).toBe(
      'storage/object-not-found',
    );
  });
});
