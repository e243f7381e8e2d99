/**
 * The one way an emulator service starts, proved on both: each keeps its data in the data folder across a stop
 * and a start with no explicit export, and each follows its rules file, an upload through its emulator API
 * replacing the file's rules until the file changes again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../firestore/server.js';
import { startStorageEmulator } from '../storage/server.js';

const PROJECT = 'demo-service';
const BUCKET = `${PROJECT}.appspot.com`;
const OWNER = { Authorization: 'Bearer owner' };
const DOC = `/v1/projects/${PROJECT}/databases/(default)/documents/jars/lemon`;
const OBJECT = `/v0/b/${BUCKET}/o/${encodeURIComponent('jars/lemon.txt')}`;

const DENY_FIRESTORE = `rules_version = '2';
service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if false; } } }`;
const ALLOW_FIRESTORE = DENY_FIRESTORE.replace('if false', 'if true');
const DENY_STORAGE = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read: if false; } } }`;
const ALLOW_STORAGE = DENY_STORAGE.replace('if false', 'if true');

describe('starting an emulator service', () => {
  let dir: string;
  const running: { stop(): Promise<void> }[] = [];
  let logLines: string[];
  let onLog: ((line: string) => void) | null;
  const log = (line: string) => {
    logLines.push(line);
    onLog?.(line);
  };
  /** Resolves at the next log line naming `file` (the rules file reloaded after an edit). */
  const nextLoadOf = (file: string) =>
    new Promise<void>((resolve) => {
      onLog = (line) => {
        if (line.endsWith(`rules loaded from ${file}`)) resolve();
      };
    });

  async function startBoth(options: { dataDir?: string; firestoreRules?: string; storageRules?: string }) {
    const firestore = await startFirestoreEmulator({
      port: 0,
      dataDir: options.dataDir,
      rulesFile: options.firestoreRules,
      log,
    });
    running.push(firestore);
    const storage = await startStorageEmulator({
      port: 0,
      projectId: PROJECT,
      dataDir: options.dataDir,
      rulesFile: options.storageRules,
      log,
    });
    running.push(storage);
    return { firestore, storage };
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emulator-service-'));
    logLines = [];
    onLog = null;
  });
  afterEach(async () => {
    for (const service of running.splice(0)) await service.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps both emulators’ data in the data folder across a stop and a start, with no export asked for', async () => {
    const dataDir = join(dir, 'data');
    const first = await startBoth({ dataDir });
    const written = await fetch(`${first.firestore.url}${DOC}`, {
      method: 'PATCH',
      headers: OWNER,
      body: JSON.stringify({ fields: { name: { stringValue: 'lemon' } } }),
    });
    expect(written.status).toBe(200);
    const uploaded = await fetch(`${first.storage.url}/v0/b/${BUCKET}/o?name=jars/lemon.txt`, {
      method: 'POST',
      headers: { ...OWNER, 'Content-Type': 'text/plain' },
      body: 'sour and hot',
    });
    expect(uploaded.status).toBe(200);
    for (const service of running.splice(0)) await service.stop();

    const second = await startBoth({ dataDir });
    const doc = (await (await fetch(`${second.firestore.url}${DOC}`, { headers: OWNER })).json()) as {
      fields: unknown;
    };
    expect(doc.fields).toEqual({ name: { stringValue: 'lemon' } });
    const bytes = await fetch(`${second.storage.url}${OBJECT}?alt=media`, { headers: OWNER });
    expect(await bytes.text()).toBe('sour and hot');
  });

  it('follows each rules file; an upload through the emulator API replaces it until the file changes again', async () => {
    const firestoreRules = join(dir, 'firestore.rules');
    const storageRules = join(dir, 'storage.rules');
    await writeFile(firestoreRules, DENY_FIRESTORE);
    await writeFile(storageRules, DENY_STORAGE);
    const { firestore, storage } = await startBoth({ firestoreRules, storageRules });
    // Rules are asked before existence: a denied read of a missing document or object is 403, an allowed one 404.
    const statuses = async () => [
      (await fetch(`${firestore.url}${DOC}`)).status,
      (await fetch(`${storage.url}${OBJECT}`)).status,
    ];
    expect(await statuses()).toEqual([403, 403]);

    const upload = (content: string, name: string) => ({ rules: { files: [{ name, content }] } });
    const firestoreUpload = await fetch(`${firestore.url}/emulator/v1/projects/${PROJECT}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify(upload(ALLOW_FIRESTORE, 'firestore.rules')),
    });
    const storageUpload = await fetch(`${storage.url}/internal/setRules`, {
      method: 'PUT',
      body: JSON.stringify(upload(ALLOW_STORAGE, 'storage.rules')),
    });
    expect([firestoreUpload.status, storageUpload.status]).toEqual([200, 200]);
    expect(await statuses()).toEqual([404, 404]);

    const firestoreReloaded = nextLoadOf(firestoreRules);
    await writeFile(firestoreRules, `${DENY_FIRESTORE}\n`);
    await firestoreReloaded;
    const storageReloaded = nextLoadOf(storageRules);
    await writeFile(storageRules, `${DENY_STORAGE}\n`);
    await storageReloaded;
    expect(await statuses()).toEqual([403, 403]);
  });
});
