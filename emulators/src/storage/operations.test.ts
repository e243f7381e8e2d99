import { beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../shared/auth-token.js';
import { compileRules } from '../rules/ruleset.js';
import { StorageError } from './errors.js';
import { StorageOperations } from './operations.js';
import { StorageState } from './state.js';
import { recordingRuleset, type RecordingRuleset } from '../testing/recording-ruleset.js';

const BUCKET = 'demo-project.appspot.com';
const owner: Caller = { kind: 'owner' };
const alice: Caller = {
  kind: 'user',
  auth: { uid: 'alice', token: { sub: 'alice', email: 'alice@example.com' } },
};
const anonymous: Caller = { kind: 'anonymous' };

function failure(action: () => unknown): StorageError {
  try {
    action();
  } catch (error) {
    if (error instanceof StorageError) return error;
    throw error;
  }
  throw new Error('expected the operation to fail');
}

describe('storage operations', () => {
  let operations: StorageOperations;
  const put = (name: string, text = name, caller: Caller = owner) =>
    operations.uploadObject(caller, {
      bucket: BUCKET,
      name,
      bytes: Buffer.from(text),
      metadata: {},
      issueDownloadToken: false,
    });

  beforeEach(() => {
    operations = new StorageOperations(new StorageState(), { maxUploadBytes: 1000 });
  });

  describe('listing', () => {
    beforeEach(() => {
      for (const name of [
        'b.txt',
        'a/2.png',
        'a/1.png',
        'a/sub/x.png',
        'c/y',
        'a.txt',
        'ä.txt',
        '😀.txt',
        '\uffee.txt',
      ]) {
        put(name);
      }
    });

    it('sorts names by their UTF-8 bytes, like GCS', () => {
      const { items } = operations.listObjects(owner, BUCKET, {});
      expect(items.map((item) => item.name)).toEqual([
        'a.txt',
        'a/1.png',
        'a/2.png',
        'a/sub/x.png',
        'b.txt',
        'c/y',
        'ä.txt',
        '\uffee.txt',
        '😀.txt',
      ]);
    });

    it('groups names under a delimiter into prefixes and filters by prefix', () => {
      const root = operations.listObjects(owner, BUCKET, { delimiter: '/' });
      expect(root.prefixes).toEqual(['a/', 'c/']);
      expect(root.items.map((item) => item.name)).toEqual([
        'a.txt',
        'b.txt',
        'ä.txt',
        '\uffee.txt',
        '😀.txt',
      ]);
      const folder = operations.listObjects(owner, BUCKET, { prefix: 'a/', delimiter: '/' });
      expect(folder.prefixes).toEqual(['a/sub/']);
      expect(folder.items.map((item) => item.name)).toEqual(['a/1.png', 'a/2.png']);
      expect(folder.nextPageToken).toBeUndefined();
    });

    it('pages through items and prefixes together without repeating or skipping any', () => {
      const seen: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const page = operations.listObjects(owner, BUCKET, { delimiter: '/', maxResults: 2, pageToken });
        expect(page.items.length + page.prefixes.length).toBeLessThanOrEqual(2);
        seen.push(...page.prefixes, ...page.items.map((item) => item.name));
        pageToken = page.nextPageToken;
        pages++;
      } while (pageToken);
      expect(pages).toBe(4);
      expect(seen.sort()).toEqual(['a.txt', 'a/', 'b.txt', 'c/', 'ä.txt', '\uffee.txt', '😀.txt'].sort());
    });

    it('rejects a bad page size or page token with 400', () => {
      expect(failure(() => operations.listObjects(owner, BUCKET, { maxResults: 0 })).status).toBe(400);
      expect(failure(() => operations.listObjects(owner, BUCKET, { maxResults: 1.5 })).status).toBe(400);
      expect(failure(() => operations.listObjects(owner, BUCKET, { pageToken: 'garbage!' })).status).toBe(
        400,
      );
    });
  });

  describe('objects', () => {
    it('derives size, hashes and generations, and replaces an object with a new generation', () => {
      const first = put('note.txt', 'one');
      const second = put('note.txt', 'two!');
      expect(second.bytes.toString()).toBe('two!');
      expect(second.md5Hash).not.toBe(first.md5Hash);
      expect(BigInt(second.generation)).toBeGreaterThan(BigInt(first.generation));
      expect(second.metageneration).toBe(1);
      expect(operations.getObject(owner, BUCKET, 'note.txt')).toBe(second);
    });

    it('patches metadata: strings set, null clears, custom keys merge, metageneration and etag move on', () => {
      const created = operations.uploadObject(owner, {
        bucket: BUCKET,
        name: 'p.png',
        bytes: Buffer.from('png'),
        metadata: { contentType: 'image/png', cacheControl: 'no-cache', metadata: { a: '1', b: '2' } },
        issueDownloadToken: true,
      });
      expect(created.downloadTokens).toHaveLength(1);
      const updated = operations.updateMetadata(owner, BUCKET, 'p.png', {
        cacheControl: null,
        contentDisposition: 'attachment; filename="p.png"',
        metadata: { a: null, c: '3' },
      });
      expect(updated.cacheControl).toBeUndefined();
      expect(updated.contentDisposition).toBe('attachment; filename="p.png"');
      expect(updated.customMetadata).toEqual({ b: '2', c: '3' });
      expect(updated.metageneration).toBe(2);
      expect(updated.etag).not.toBe(created.etag);
      expect(updated.generation).toBe(created.generation);
      // Download tokens travel as the custom key firebaseStorageDownloadTokens.
      const rotated = operations.updateMetadata(owner, BUCKET, 'p.png', {
        metadata: { firebaseStorageDownloadTokens: 't1,t2' },
      });
      expect(rotated.downloadTokens).toEqual(['t1', 't2']);
      expect(rotated.customMetadata).toEqual({ b: '2', c: '3' });
      expect(operations.getObject(anonymous, BUCKET, 'p.png', 't2')).toBe(rotated);
    });

    it('answers 404 for missing objects on read, patch and delete', () => {
      expect(failure(() => operations.getObject(owner, BUCKET, 'missing')).status).toBe(404);
      expect(failure(() => operations.updateMetadata(owner, BUCKET, 'missing', {})).status).toBe(404);
      expect(failure(() => operations.deleteObject(owner, BUCKET, 'missing')).status).toBe(404);
    });

    it('deletes an object so it is neither readable nor listed', () => {
      put('gone.txt');
      operations.deleteObject(owner, BUCKET, 'gone.txt');
      expect(failure(() => operations.getObject(owner, BUCKET, 'gone.txt')).status).toBe(404);
      expect(operations.listObjects(owner, BUCKET, {}).items).toEqual([]);
    });

    it('refuses bad names, bad buckets, wrong checksums and oversized objects, storing nothing', () => {
      expect(failure(() => put('')).status).toBe(400);
      expect(failure(() => put('a\nb')).status).toBe(400);
      expect(failure(() => put('x'.repeat(1025))).status).toBe(400);
      expect(
        failure(() =>
          operations.uploadObject(owner, {
            bucket: 'Bad Bucket!',
            name: 'a',
            bytes: Buffer.from('a'),
            metadata: {},
            issueDownloadToken: false,
          }),
        ).status,
      ).toBe(400);
      expect(
        failure(() =>
          operations.uploadObject(owner, {
            bucket: BUCKET,
            name: 'a',
            bytes: Buffer.from('a'),
            metadata: { md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==' },
            issueDownloadToken: false,
          }),
        ).status,
      ).toBe(400);
      expect(failure(() => put('big.bin', 'x'.repeat(1001))).status).toBe(413);
      expect(operations.listObjects(owner, BUCKET, {}).items).toEqual([]);
    });
  });

  describe('resumable uploads', () => {
    const start = (declaredSize?: number) =>
      operations.startResumableUpload(alice, {
        bucket: BUCKET,
        name: 'r.bin',
        metadata: { contentType: 'application/x-test' },
        declaredSize,
        issueDownloadToken: true,
      });

    it('stores nothing until finalized, then the concatenated chunks; finalizing again answers the same', () => {
      const session = start(6);
      operations.appendToUpload(session.id, Buffer.from('abc'), 0);
      operations.appendToUpload(session.id, Buffer.from('def'), 3);
      expect(failure(() => operations.getObject(owner, BUCKET, 'r.bin')).status).toBe(404);
      const stored = operations.finalizeUpload(session.id);
      expect(stored.bytes.toString()).toBe('abcdef');
      expect(stored.contentType).toBe('application/x-test');
      expect(stored.downloadTokens).toHaveLength(1);
      expect(operations.finalizeUpload(session.id)).toBe(stored);
      expect(operations.resumableUpload(session.id).status).toBe('final');
    });

    it('rejects an offset that does not continue the upload, and an incomplete finalize', () => {
      const session = start(6);
      operations.appendToUpload(session.id, Buffer.from('abc'), 0);
      expect(failure(() => operations.appendToUpload(session.id, Buffer.from('x'), 1)).status).toBe(400);
      expect(failure(() => operations.finalizeUpload(session.id)).status).toBe(400);
    });

    it('forgets a cancelled upload and stores nothing', () => {
      const session = start();
      operations.appendToUpload(session.id, Buffer.from('abc'));
      operations.cancelUpload(session.id);
      expect(failure(() => operations.resumableUpload(session.id)).status).toBe(404);
      expect(failure(() => operations.getObject(owner, BUCKET, 'r.bin')).status).toBe(404);
    });

    it('ends an upload that grows past the maximum with 413', () => {
      expect(failure(() => start(5000)).status).toBe(413);
      const session = start();
      operations.appendToUpload(session.id, Buffer.alloc(900));
      expect(failure(() => operations.appendToUpload(session.id, Buffer.alloc(200))).status).toBe(413);
      expect(failure(() => operations.resumableUpload(session.id)).status).toBe(404);
    });
  });

  describe('security rules', () => {
    let rules: RecordingRuleset;
    beforeEach(() => {
      rules = recordingRuleset((request) => request.auth?.uid === 'alice');
      operations = new StorageOperations(new StorageState(), { rules: () => rules });
    });

    it('asks the rules for create then update, with the object as it would be stored', () => {
      put('product-images/p.png', 'png!', alice);
      put('product-images/p.png', 'png!!', alice);
      expect(rules.requests.map((request) => request.method)).toEqual(['create', 'update']);
      const [create, update] = rules.requests;
      expect(create.path).toBe(`/b/${BUCKET}/o/product-images/p.png`);
      expect(create.auth?.uid).toBe('alice');
      expect(create.resource).toBeNull();
      expect(create.requestResource).toMatchObject({ name: 'product-images/p.png', size: 4, bucket: BUCKET });
      expect(update.resource).toMatchObject({ size: 4 });
      expect(update.requestResource).toMatchObject({ size: 5, contentType: 'application/octet-stream' });
    });

    it('denies with 403 and changes nothing; the owner is never asked', () => {
      const denied = failure(() => put('a.txt', 'a', anonymous));
      expect(denied.status).toBe(403);
      expect(denied.message).toMatch(/^Permission denied\. No create permission for "a\.txt"/);
      put('a.txt', 'a', owner);
      expect(rules.requests).toHaveLength(1);
      expect(failure(() => operations.deleteObject(anonymous, BUCKET, 'a.txt')).status).toBe(403);
      expect(
        failure(() => operations.updateMetadata(anonymous, BUCKET, 'a.txt', { contentType: 'x/y' })).status,
      ).toBe(403);
      expect(operations.getObject(owner, BUCKET, 'a.txt').contentType).toBe('application/octet-stream');
    });

    it('checks list requests against the listed folder and metadata updates against the patched object', () => {
      put('f/a.txt', 'a', owner);
      operations.listObjects(alice, BUCKET, { prefix: 'f/', delimiter: '/' });
      operations.updateMetadata(alice, BUCKET, 'f/a.txt', { metadata: { shade: 'green' } });
      const [list, update] = rules.requests;
      expect(list).toMatchObject({ method: 'list', path: `/b/${BUCKET}/o/f`, resource: null });
      expect(update.method).toBe('update');
      expect(update.resource?.metadata).toEqual({});
      expect(update.requestResource?.metadata).toEqual({ shade: 'green' });
    });

    it('judges a list by the folder its prefix lies in, and a recursive list by every folder it shows', () => {
      const perUser = compileRules(
        `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file} {
      allow list: if request.auth != null && request.auth.uid == uid;
    }
  }
}`,
        'per-user.rules',
      );
      operations = new StorageOperations(new StorageState(), { rules: () => perUser });
      for (const name of ['users/bob/secret.txt', 'users/bob/deeper/x.txt', 'users/bo/mine.txt']) put(name);
      const bo: Caller = { kind: 'user', auth: { uid: 'bo', token: { sub: 'bo' } } };
      const list = (prefix: string, delimiter: string, caller: Caller = bo) =>
        operations.listObjects(caller, BUCKET, { prefix, delimiter });
      expect(list('users/bo/', '/').items.map((item) => item.name)).toEqual(['users/bo/mine.txt']);
      // "users/bo" (no slash) would also show users/bob/…; it is judged as a list of users/, which nobody may.
      expect(failure(() => list('users/bo', '/')).status).toBe(403);
      expect(failure(() => list('users/bo', '')).status).toBe(403);
      // Bob's own folder, recursively: allowed only if each folder shown (users/bob/deeper too) may be listed.
      const bob: Caller = { kind: 'user', auth: { uid: 'bob', token: { sub: 'bob' } } };
      expect(list('users/bob/', '/', bob).items.map((item) => item.name)).toEqual(['users/bob/secret.txt']);
      expect(failure(() => list('users/bob/', '', bob)).message).toMatch(/listing "users\/bob\/deeper\/"/);
      expect(list('users/bob/', '', owner).items).toHaveLength(2);
    });

    it('treats an exception inside the rules engine as a denial', () => {
      operations = new StorageOperations(new StorageState(), {
        rules: () =>
          recordingRuleset(() => {
            throw new Error('boom');
          }),
      });
      const denied = failure(() => put('x', 'x', alice));
      expect(denied.status).toBe(403);
      expect(denied.message).toContain('boom');
    });
  });
});
