/** The emulator over raw HTTP: health, CORS, reset, headers, the upload protocols step by step, and bad input. */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from './server.js';
import { mockIdToken } from '../testing/id-token.js';

const PROJECT = 'demo-project';
const BUCKET = `${PROJECT}.appspot.com`;
const ORIGIN = 'http://localhost:5173';

describe('storage emulator HTTP surface', () => {
  let emulator: StorageEmulator;
  const v0 = (path = '') => `${emulator.url}/v0/b/${BUCKET}/o${path}`;
  const object = (name: string) => v0(`/${encodeURIComponent(name)}`);

  async function put(name: string, body: string, contentType = 'text/plain') {
    const response = await fetch(`${v0()}?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, string>;
  }

  async function expectError(response: Response, status: number, message: RegExp) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(status);
    expect(body.error.message).toMatch(message);
  }

  beforeAll(async () => {
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      maxUploadBytes: 1024,
    });
  });
  afterAll(() => emulator.stop());
  beforeEach(() => emulator.reset());

  it('answers the health check', async () => {
    const response = await fetch(`${emulator.url}/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ emulator: 'storage' });
  });

  it('answers CORS preflights for the SDK headers and exposes the upload protocol headers', async () => {
    const preflight = await fetch(v0(), {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,x-goog-upload-command,x-goog-upload-protocol',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization,x-goog-upload-command,x-goog-upload-protocol',
    );
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');

    const start = await fetch(`${v0()}?name=cors.bin`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
    });
    expect(start.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(start.headers.get('access-control-expose-headers')).toMatch(
      /X-Goog-Upload-URL.*X-Goog-Upload-Status/,
    );
  });

  it('resets everything with DELETE /internal/reset', async () => {
    await put('a.txt', 'a');
    const reset = await fetch(`${emulator.url}/internal/reset`, { method: 'DELETE' });
    expect(reset.status).toBe(204);
    expect((await fetch(object('a.txt'))).status).toBe(404);
  });

  it('serves media with type, length, default cache control, ETag, checksums and disposition', async () => {
    const stored = await put('note.txt', 'hello achar', 'text/plain; charset=utf-8');
    const media = await fetch(`${object('note.txt')}?alt=media`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(media.headers.get('content-length')).toBe('11');
    expect(media.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(media.headers.get('etag')).toBe(`"${stored.etag}"`);
    expect(media.headers.get('x-goog-hash')).toBe(`crc32c=${stored.crc32c},md5=${stored.md5Hash}`);
    expect(media.headers.get('content-disposition')).toBeNull();
    await fetch(object('note.txt'), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        contentDisposition: 'attachment; filename="note.txt"',
        cacheControl: 'no-store',
      }),
    });
    const again = await fetch(`${object('note.txt')}?alt=media`);
    expect(again.headers.get('content-disposition')).toBe('attachment; filename="note.txt"');
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('serves byte ranges and refuses unsatisfiable ones', async () => {
    await put('digits.txt', '0123456789');
    const middle = await fetch(`${object('digits.txt')}?alt=media`, { headers: { Range: 'bytes=2-4' } });
    expect(middle.status).toBe(206);
    expect(await middle.text()).toBe('234');
    expect(middle.headers.get('content-range')).toBe('bytes 2-4/10');
    const tail = await fetch(`${object('digits.txt')}?alt=media`, { headers: { Range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    const beyond = await fetch(`${object('digits.txt')}?alt=media`, { headers: { Range: 'bytes=20-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10');
  });

  it('runs the Firebase resumable protocol: start, upload, query, finalize (twice), cancel', async () => {
    const start = await fetch(`${v0()}?name=r.bin`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '6',
        'X-Goog-Upload-Header-Content-Type': 'application/x-pickle',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ name: 'r.bin', metadata: { batch: '7' } }),
    });
    expect(start.status).toBe(200);
    expect(start.headers.get('x-goog-upload-status')).toBe('active');
    const sessionUrl = start.headers.get('x-goog-upload-url') as string;
    expect(sessionUrl).toMatch(new RegExp(`^${emulator.url}/v0/b/`));

    const command = (name: string, headers: Record<string, string> = {}, body?: string) =>
      fetch(sessionUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': name, ...headers }, body });
    const chunk = await command('upload', { 'X-Goog-Upload-Offset': '0' }, 'abc');
    expect(chunk.headers.get('x-goog-upload-status')).toBe('active');
    const query = await command('query');
    expect(query.headers.get('x-goog-upload-size-received')).toBe('3');
    await expectError(await command('upload', { 'X-Goog-Upload-Offset': '1' }, 'zzz'), 400, /offset 1/);
    const final = await command('upload, finalize', { 'X-Goog-Upload-Offset': '3' }, 'def');
    expect(final.headers.get('x-goog-upload-status')).toBe('final');
    const metadata = (await final.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      name: 'r.bin',
      size: '6',
      contentType: 'application/x-pickle',
      metadata: { batch: '7' },
    });
    expect(await (await command('finalize')).json()).toEqual(metadata);
    expect((await command('query')).headers.get('x-goog-upload-status')).toBe('final');
    expect(await (await fetch(`${object('r.bin')}?alt=media`)).text()).toBe('abcdef');

    const other = await fetch(`${v0()}?name=c.bin`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
    });
    const otherUrl = other.headers.get('x-goog-upload-url') as string;
    await fetch(otherUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'upload' }, body: 'xyz' });
    expect(
      (await fetch(otherUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'cancel' } })).status,
    ).toBe(200);
    await expectError(
      await fetch(otherUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } }),
      404,
      /No resumable upload/,
    );
    expect((await fetch(object('c.bin'))).status).toBe(404);
  });

  it('runs the GCS resumable protocol with Content-Range and 308 Resume Incomplete', async () => {
    const start = await fetch(
      `${emulator.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=g.bin`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Upload-Content-Type': 'image/png' },
        body: JSON.stringify({ metadata: { source: 'admin' } }),
      },
    );
    const location = start.headers.get('location') as string;
    expect(location).toContain('upload_id=');
    const status = await fetch(location, { method: 'PUT', headers: { 'Content-Range': 'bytes */*' } });
    expect(status.status).toBe(308);
    expect(status.headers.get('range')).toBeNull();
    const first = await fetch(location, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 0-3/*' },
      body: 'abcd',
    });
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe('bytes=0-3');
    // A retried chunk overlapping what already arrived keeps only the new bytes.
    const last = await fetch(location, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 2-5/6' },
      body: 'cdef',
    });
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({
      kind: 'storage#object',
      name: 'g.bin',
      size: '6',
      contentType: 'image/png',
    });
    expect(await (await fetch(`${emulator.url}/b/${BUCKET}/o/g.bin?alt=media`)).text()).toBe('abcdef');

    // A last chunk whose X-Goog-Hash does not match the data is refused and nothing is stored.
    const again = await fetch(
      `${emulator.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=h.bin`,
      {
        method: 'POST',
      },
    );
    const corrupt = await fetch(again.headers.get('location') as string, {
      method: 'PUT',
      headers: {
        'Content-Range': 'bytes 0-2/3',
        'X-Goog-Hash': 'crc32c=AAAAAA==,md5=AAAAAAAAAAAAAAAAAAAAAA==',
      },
      body: 'xyz',
    });
    await expectError(corrupt, 400, /does not match the uploaded data/);
    expect((await fetch(`${emulator.url}/b/${BUCKET}/o/h.bin`)).status).toBe(404);
  });

  it('refuses oversized uploads with 413, stores nothing and keeps serving', async () => {
    const big = 'x'.repeat(1025);
    await expectError(await fetch(`${v0()}?name=big.txt`, { method: 'POST', body: big }), 413, /exceeds/);
    // Same with a streamed body whose length is not announced up front.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${v0()}?name=big.txt`,
        { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('y'.repeat(400));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error.message).toMatch(/exceeds the emulator's maximum of 1024 bytes/);
    expect((await fetch(object('big.txt'))).status).toBe(404);
    await put('small.txt', 'fine');
    expect((await fetch(object('small.txt'))).status).toBe(200);
  });

  it('survives a client that disconnects in the middle of an upload, storing nothing', async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${v0()}?name=half.txt`, { method: 'POST', headers: { 'Content-Length': '1000' } });
      req.on('error', () => resolve());
      req.write('only ten b', () => setTimeout(() => req.destroy(), 20));
      req.on('close', () => resolve());
    });
    expect((await fetch(`${emulator.url}/`)).status).toBe(200);
    expect((await fetch(object('half.txt'))).status).toBe(404);
  });

  it('answers malformed requests with 400 and a clear message, changing nothing', async () => {
    await put('k.txt', 'keep');
    const patch = (body: string) =>
      fetch(object('k.txt'), { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body });
    await expectError(await patch('{ nope'), 400, /not valid JSON/);
    await expectError(await patch('{"contentType": 5}'), 400, /"contentType" must be a string/);
    await expectError(await patch('{"metadata": {"a": {"b": 1}}}'), 400, /value for "a" must be a string/);
    await expectError(await patch('[1,2]'), 400, /must be a JSON object/);
    await expectError(
      await fetch(`${v0()}?name=m.txt`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/related', 'X-Goog-Upload-Protocol': 'multipart' },
        body: 'x',
      }),
      400,
      /no boundary/,
    );
    await expectError(await fetch(v0(), { method: 'POST', body: 'no name' }), 400, /names no object/);
    await expectError(await fetch(`${v0()}/%E0%A4`), 400, /percent-encoded/);
    await expectError(await fetch(`${v0()}?maxResults=abc`), 400, /maxResults/);
    await expectError(await fetch(`${v0()}?pageToken=bm9wZQ`), 400, /Invalid pageToken/);
    await expectError(
      await fetch(`${v0()}?name=x&upload_id=nope`, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Command': 'query' },
      }),
      404,
      /No resumable upload/,
    );
    await expectError(
      await fetch(`${v0()}?name=x`, { method: 'POST', headers: { 'X-Goog-Upload-Protocol': 'resumable' } }),
      400,
      /must begin with X-Goog-Upload-Command: start/,
    );
    await expectError(
      await fetch(`${emulator.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=weird&name=x`, {
        method: 'POST',
        body: 'x',
      }),
      400,
      /Unknown uploadType/,
    );
    await expectError(await fetch(`${emulator.url}/v0/b/Not_A_Bucket!/o`), 400, /Invalid bucket name/);
    await expectError(
      await fetch(object('k.txt'), { headers: { Authorization: 'Bearer not-a-jwt' } }),
      401,
      /not a JWT/,
    );
    await expectError(await fetch(object('k.txt'), { method: 'PUT' }), 405, /not supported/);
    await expectError(await fetch(`${emulator.url}/nothing/here`), 404, /Not Found/);
    expect(await (await fetch(`${object('k.txt')}?alt=media`)).text()).toBe('keep');
  });

  it('accepts the Firebase SDK\'s "Firebase <token>" Authorization scheme as a signed-in user', async () => {
    const response = await fetch(object('none.txt'), {
      headers: { Authorization: `Firebase ${mockIdToken('alice')}` },
    });
    await expectError(response, 404, /Could not find object "none.txt"/);
  });
});
