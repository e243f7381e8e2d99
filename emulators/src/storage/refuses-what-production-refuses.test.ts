/**
 * The Storage emulator refuses what production refuses. An `x-goog-api-client: gccl/…` header (what the Cloud
 * Storage client sends) grants nothing but the one metadata read firebase-admin's getDownloadURL() needs;
 * anonymous uploads, deletes and metadata changes meet the rules. The GCS JSON API, the admin SDK's, is
 * not a way around the rules for a browser or a signed-in user. Undecodable names are a 400.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from './server.js';
import { mockIdToken } from '../testing/id-token.js';
import { recordingRuleset } from '../testing/recording-ruleset.js';

const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;
const GCCL = { 'x-goog-api-client': 'gl-node/20.19.0 gccl/7.17.0 gccl-invocation-id/abc' };
const OWNER = { Authorization: 'Bearer owner' };
const CUSTOMER = { Authorization: `Firebase ${mockIdToken('customer-uid')}` };
const IMAGE = 'product-images/mango.webp';

let emulator: StorageEmulator;
let exportDir: string;

/** Public reads only, as storage.rules allows a visitor; every write needs an admin, whom no test here is. */
const rules = recordingRuleset((request) => request.method === 'get' || request.method === 'list');

beforeAll(async () => {
  exportDir = await mkdtemp(join(tmpdir(), 'storage-refusals-'));
  emulator = await startStorageEmulator({
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    rules: () => rules,
  });
});

afterAll(async () => {
  await emulator?.stop();
  await rm(exportDir, { recursive: true, force: true });
});

const objectUrl = (name: string) => `${emulator.url}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;

beforeEach(async () => {
  emulator.reset();
  const seeded = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(IMAGE)}`, {
    method: 'POST',
    headers: { ...OWNER, 'Content-Type': 'image/webp' },
    body: new Uint8Array([1, 2, 3]),
  });
  expect(seeded.status).toBe(200);
});

/** Everything the emulator holds, as its export writes it. */
async function snapshot(): Promise<string> {
  await rm(exportDir, { recursive: true, force: true });
  await emulator.exportTo(exportDir);
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files.push(`${path.slice(exportDir.length)}:${(await readFile(path)).toString('base64')}`);
    }
  };
  await walk(exportDir);
  return files.sort().join('\n');
}

async function expectRefused(request: Promise<Response>, status: number): Promise<void> {
  const before = await snapshot();
  const response = await request;
  expect(response.status, await response.text()).toBe(status);
  expect(await snapshot()).toBe(before);
}

describe('a request that only claims to come from the Cloud Storage client (x-goog-api-client: gccl/…)', () => {
  it('still reads the metadata firebase-admin getDownloadURL() needs', async () => {
    const response = await fetch(objectUrl(IMAGE), { headers: GCCL });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: IMAGE, contentType: 'image/webp' });
  });

  it('cannot upload an HTML page anonymously', async () => {
    await expectRefused(
      fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent('product-images/evil.html')}`, {
        method: 'POST',
        headers: { ...GCCL, 'Content-Type': 'text/html' },
        body: '<script>alert(1)</script>',
      }),
      403,
    );
  });

  it('cannot finish a resumable upload anonymously', async () => {
    const before = await snapshot();
    const started = await fetch(
      `${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent('product-images/evil.html')}`,
      {
        method: 'POST',
        headers: {
          ...GCCL,
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Type': 'text/html',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ name: 'product-images/evil.html', contentType: 'text/html' }),
      },
    );
    // Production may refuse at the start or at the end; either way no object may come of it.
    if (started.status === 200) {
      const session = started.headers.get('x-goog-upload-url');
      expect(session).toBeTruthy();
      const finished = await fetch(session!, {
        method: 'POST',
        headers: { ...GCCL, 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '0' },
        body: '<script>alert(1)</script>',
      });
      expect(finished.status).toBe(403);
    } else {
      expect(started.status).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('cannot delete an image or change its metadata anonymously', async () => {
    await expectRefused(fetch(objectUrl(IMAGE), { method: 'DELETE', headers: GCCL }), 403);
    await expectRefused(
      fetch(objectUrl(IMAGE), {
        method: 'PATCH',
        headers: { ...GCCL, 'Content-Type': 'application/json' },
        body: JSON.stringify({ contentType: 'text/html' }),
      }),
      403,
    );
  });
});

describe('the GCS JSON API (the admin SDK’s, which skips the rules)', () => {
  it('answers the admin SDK, which sends no credentials and no browser origin', async () => {
    const response = await fetch(`${emulator.url}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(IMAGE)}`);
    expect(response.status).toBe(200);
  });

  it('refuses a signed-in user’s Firebase token, as production’s GCS API does', async () => {
    await expectRefused(
      fetch(`${emulator.url}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(IMAGE)}`, {
        method: 'DELETE',
        headers: CUSTOMER,
      }),
      401,
    );
  });

  it('refuses a browser page (a request with an Origin), so a web page cannot upload around the rules', async () => {
    await expectRefused(
      fetch(`${emulator.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=product-images%2Fx.html`, {
        method: 'POST',
        headers: { Origin: 'http://127.0.0.1:5000', 'Content-Type': 'text/html' },
        body: '<script>alert(1)</script>',
      }),
      401,
    );
  });
});

describe('undecodable names', () => {
  it.each(['%FF', '%E0%A4'])('answer %s with 400 and change nothing', async (bad) => {
    await expectRefused(
      fetch(`${emulator.url}/v0/b/${BUCKET}/o/product-images${bad}`, { headers: OWNER }),
      400,
    );
    await expectRefused(
      fetch(`${emulator.url}/v0/b/${BUCKET}/o/${bad}`, { method: 'DELETE', headers: OWNER }),
      400,
    );
    await expectRefused(fetch(`${emulator.url}/storage/v1/b/${BUCKET}/o/${bad}`), 400);
  });
});

describe('input kept as sent', () => {
  it('stores a custom-metadata key named __proto__ as a key, not silently dropped', async () => {
    const patched = await fetch(objectUrl(IMAGE), {
      method: 'PATCH',
      headers: { ...OWNER, 'Content-Type': 'application/json' },
      body: '{"metadata":{"__proto__":"x","jar":"mango"}}',
    });
    expect(patched.status).toBe(200);
    const read = await (await fetch(objectUrl(IMAGE), { headers: OWNER })).text();
    expect(JSON.parse(read).metadata).toEqual(JSON.parse('{"__proto__":"x","jar":"mango"}'));
  });
});
