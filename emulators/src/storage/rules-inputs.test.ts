/**
 * What storage.rules see through the real SDK, as production documents it: which method each call is judged
 * as, `resource` / `request.resource` on uploads, metadata edits and deletes, and lists of a folder.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
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
import { compileRules } from '../rules/ruleset.js';
import { startStorageEmulator, type StorageEmulator } from './server.js';

const sdkError = (promise: Promise<unknown>) => sdkErrorOf<SdkStorageError>(promise);
const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;

// Each user's own folder. Creating is only for new names (an upload over an existing one is an update);
// an update must keep the bytes and may change only the custom "label" (a metadata edit, not a re-upload).
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file} {
      allow list: if request.auth != null && request.auth.uid == uid;
      allow get: if request.auth != null && request.auth.uid == uid
        && resource.generation is int && resource.timeCreated is timestamp;
      allow create: if request.auth != null && request.auth.uid == uid && resource == null
        && request.resource.name == 'users/' + uid + '/' + file && request.resource.size < 100;
      allow update: if request.auth != null && request.auth.uid == uid
        && request.resource.md5Hash == resource.md5Hash && request.resource.size == resource.size
        && request.resource.metadata.diff(resource.metadata).affectedKeys().hasOnly(['label']);
      allow delete: if request.auth != null && request.auth.uid == uid && request.resource == null
        && resource.metageneration is int;
    }
  }
}`;

describe('what storage rules are asked, through the SDK', () => {
  let emulator: StorageEmulator;
  const apps: FirebaseApp[] = [];
  let alice: FirebaseStorage;
  let bob: FirebaseStorage;

  function client(name: string, uid: string): FirebaseStorage {
    const app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' }, name);
    apps.push(app);
    const storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port, { mockUserToken: { user_id: uid } });
    return storage;
  }

  beforeAll(async () => {
    const ruleset = compileRules(RULES, 'storage.rules');
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      rules: () => ruleset,
      log: () => undefined,
    });
    alice = client('inputs-alice', 'alice');
    bob = client('inputs-bob', 'bob');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await emulator.stop();
  });
  beforeEach(() => emulator.reset());

  it('lets a user list their own folder through a match on the files in it, and nobody else', async () => {
    await uploadBytes(ref(alice, 'users/alice/a.txt'), new Uint8Array([1]));
    await uploadBytes(ref(alice, 'users/alice/b.txt'), new Uint8Array([2]));
    const listed = await listAll(ref(alice, 'users/alice'));
    expect(listed.items.map((item) => item.name)).toEqual(['a.txt', 'b.txt']);
    expect((await sdkError(listAll(ref(bob, 'users/alice')))).code).toBe('storage/unauthorized');
    // The rules cover users/{uid}/{file}, so the folder above is not listable.
    expect((await sdkError(listAll(ref(alice, 'users')))).code).toBe('storage/unauthorized');
  });

  it('judges an upload to an existing name as an update of the stored object', async () => {
    await uploadBytes(ref(alice, 'users/alice/a.txt'), new Uint8Array([1]));
    // New bytes: the update rule sees the stored md5Hash in resource and the new one in request.resource.
    const replaced = await sdkError(uploadBytes(ref(alice, 'users/alice/a.txt'), new Uint8Array([9])));
    expect(replaced.code).toBe('storage/unauthorized');
    // The same bytes again pass the update rule (the create rule would refuse: resource is not null).
    await uploadBytes(ref(alice, 'users/alice/a.txt'), new Uint8Array([1]));
    const resumable = uploadBytesResumable(ref(alice, 'users/alice/a.txt'), new Uint8Array([7]));
    expect((await sdkError(resumable.then())).code).toBe('storage/unauthorized');
    expect((await getMetadata(ref(alice, 'users/alice/a.txt'))).size).toBe(1);
  });

  it('judges a metadata edit as an update whose request.resource is the stored object with the edit merged in', async () => {
    await uploadBytes(ref(alice, 'users/alice/a.txt'), new Uint8Array([1, 2]), {
      customMetadata: { kind: 'note' },
    });
    const labelled = await updateMetadata(ref(alice, 'users/alice/a.txt'), {
      customMetadata: { label: 'pickles' },
      contentType: 'text/plain',
    });
    expect(labelled.customMetadata).toEqual({ kind: 'note', label: 'pickles' });
    expect(labelled.metageneration).toBe('2');
    const otherKey = await sdkError(
      updateMetadata(ref(alice, 'users/alice/a.txt'), { customMetadata: { kind: 'secret' } }),
    );
    expect(otherKey.code).toBe('storage/unauthorized');
    expect((await getMetadata(ref(alice, 'users/alice/a.txt'))).customMetadata).toEqual({
      kind: 'note',
      label: 'pickles',
    });
    expect((await sdkError(updateMetadata(ref(bob, 'users/alice/a.txt'), { customMetadata: {} }))).code).toBe(
      'storage/unauthorized',
    );
  });

  it('gives reads and deletes the stored object as resource, with int generations and timestamp times', async () => {
    await uploadBytes(ref(alice, 'users/alice/a.txt'), new Uint8Array([1]));
    expect((await getMetadata(ref(alice, 'users/alice/a.txt'))).name).toBe('a.txt');
    expect((await sdkError(getMetadata(ref(bob, 'users/alice/a.txt')))).code).toBe('storage/unauthorized');
    expect((await sdkError(deleteObject(ref(bob, 'users/alice/a.txt')))).code).toBe('storage/unauthorized');
    await deleteObject(ref(alice, 'users/alice/a.txt'));
    expect((await sdkError(getMetadata(ref(alice, 'users/alice/a.txt')))).code).toBe('storage/unauthorized');
  });

  it('refuses a new upload the create rule refuses (too big or under another name) and stores nothing', async () => {
    const big = await sdkError(uploadBytes(ref(alice, 'users/alice/big.bin'), new Uint8Array(100)));
    expect(big.code).toBe('storage/unauthorized');
    expect((await sdkError(uploadBytes(ref(bob, 'users/alice/x.txt'), new Uint8Array(1)))).code).toBe(
      'storage/unauthorized',
    );
    expect((await listAll(ref(alice, 'users/alice'))).items).toEqual([]);
  });
});
