/**
 * Storage's object log on its own: what the emulator acknowledged (simple and resumable uploads, metadata
 * updates, deletes, a reset) comes back in a fresh state opened on the same folder, as after `kill -9`; a file
 * a crash left half-written aside is ignored, and a damaged one is skipped, not fatal.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../shared/auth-token.js';
import { STORAGE_LOG_FOLDER, StorageObjectLog } from './object-log.js';
import { StorageOperations } from './operations.js';
import { StorageState } from './state.js';

const OWNER: Caller = { kind: 'owner' };
const BUCKET = 'demo-log.appspot.com';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'storage-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function opened() {
  const state = new StorageState();
  const { log, replayed } = StorageObjectLog.open(state, dir);
  state.log = log;
  return { state, operations: new StorageOperations(state), replayed };
}

/** Every object with its bytes and metadata, by name. */
function objects(state: StorageState) {
  return Object.fromEntries(
    [...(state.buckets.get(BUCKET)?.objects.values() ?? [])].map((o) => [
      o.name,
      { ...o, bytes: o.bytes.toString() },
    ]),
  );
}

const upload = (operations: StorageOperations, name: string, text: string) =>
  operations.uploadObject(OWNER, {
    bucket: BUCKET,
    name,
    bytes: Buffer.from(text),
    metadata: { contentType: 'text/plain' },
    issueDownloadToken: true,
  });

describe('the Storage object log', () => {
  it('gives back every acknowledged upload, metadata update and delete', () => {
    const { operations, state } = opened();
    upload(operations, 'products/mango.jpg', 'আম');
    upload(operations, 'products/lime.jpg', 'লেবু');
    upload(operations, 'products/gone.jpg', 'x');
    const session = operations.startResumableUpload(OWNER, {
      bucket: BUCKET,
      name: 'products/big.jpg',
      metadata: {},
      issueDownloadToken: true,
    });
    operations.appendToUpload(session.id, Buffer.from('abc'), 0);
    operations.appendToUpload(session.id, Buffer.from('def'), 3);
    operations.finalizeUpload(session.id);
    operations.updateMetadata(OWNER, BUCKET, 'products/lime.jpg', { metadata: { jar: 'small' } });
    operations.deleteObject(OWNER, BUCKET, 'products/gone.jpg');
    const before = objects(state);
    expect(Object.keys(before).sort()).toEqual([
      'products/big.jpg',
      'products/lime.jpg',
      'products/mango.jpg',
    ]);

    const after = opened();
    expect(objects(after.state)).toEqual(before);
    expect(after.replayed).toEqual({ objects: 4, skipped: [] });
    expect(after.state.buckets.get(BUCKET)?.objects.get('products/lime.jpg')?.customMetadata).toEqual({
      jar: 'small',
    });
  });

  it('replays a reset: nothing from before it comes back', () => {
    const { operations } = opened();
    upload(operations, 'old.txt', 'old');
    operations.reset();
    upload(operations, 'new.txt', 'new');
    expect(Object.keys(objects(opened().state))).toEqual(['new.txt']);
  });

  it('ignores a file a crash left aside and skips a damaged one', () => {
    const { operations } = opened();
    upload(operations, 'kept.txt', 'kept');
    const folder = join(dir, STORAGE_LOG_FOLDER, readdirSync(join(dir, STORAGE_LOG_FOLDER))[0]);
    writeFileSync(join(folder, 'abc.tmp'), '{"bucket":"');
    writeFileSync(join(folder, 'damaged'), '{"bucket":"b","name":"n","md5Hash":"nope"}\nbytes');
    const after = opened();
    expect(Object.keys(objects(after.state))).toEqual(['kept.txt']);
    expect(after.replayed.skipped).toHaveLength(1);
  });
});
