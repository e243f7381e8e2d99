/**
 * Storage's side of Cloud Functions triggers, against a stand-in for firebase-tools' Functions emulator: each
 * object change is sent to its multicast route twice (legacy JSON event, then CloudEvent) with the object's
 * GCS resource, in the order of the changes; without a Functions emulator nothing fails. The suite against the
 * real Functions emulator and real functions is tests/functions/triggers.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from './server.js';

const PROJECT = 'demo-storage-events';
const BUCKET = `${PROJECT}.appspot.com`;

interface Received {
  path: string;
  contentType: string;
  body: Record<string, unknown>;
}

let emulator: StorageEmulator | undefined;
let functions: http.Server | undefined;

afterEach(async () => {
  await emulator?.stop();
  await new Promise((resolve) => (functions ? functions.close(resolve) : resolve(undefined)));
  emulator = undefined;
  functions = undefined;
});

async function start(withFunctions: boolean): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  functions = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"multicast_acknowledged"}');
    });
  });
  await new Promise<void>((resolve) => functions!.listen(0, '127.0.0.1', resolve));
  const functionsPort = (functions.address() as AddressInfo).port;
  if (!withFunctions) await new Promise((resolve) => functions!.close(resolve));
  emulator = await startStorageEmulator({
    port: 0,
    projectId: PROJECT,
    functionsEmulatorHost: `127.0.0.1:${functionsPort}`,
  });
  return { port: emulator.port, received };
}

async function changeOneObject(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const name = encodeURIComponent('photos/a.txt');
  const upload = await fetch(`${base}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: 'আচার',
  });
  expect(upload.status).toBe(200);
  const patch = await fetch(`${base}/storage/v1/b/${BUCKET}/o/${name}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ metadata: { kind: 'jar' } }),
  });
  expect(patch.status).toBe(200);
  const remove = await fetch(`${base}/storage/v1/b/${BUCKET}/o/${name}`, { method: 'DELETE' });
  expect(remove.status).toBe(204);
}

describe('Storage events for Cloud Functions', () => {
  it('sends each change as a legacy event and a CloudEvent, in order, with the object', async () => {
    const { port, received } = await start(true);
    await changeOneObject(port);
    await expect.poll(() => received.length).toBe(6);
    expect(received.every((r) => r.path === `/functions/projects/${PROJECT}/trigger_multicast`)).toBe(true);
    expect(received.map((r) => r.body.eventType ?? r.body.type)).toEqual([
      'google.storage.object.finalize',
      'google.cloud.storage.object.v1.finalized',
      'google.storage.object.metadataUpdate',
      'google.cloud.storage.object.v1.metadataUpdated',
      'google.storage.object.delete',
      'google.cloud.storage.object.v1.deleted',
    ]);
    const [legacy, cloudEvent] = received;
    expect(legacy.contentType).toBe('application/json');
    expect(legacy.body).toMatchObject({
      resource: {
        service: 'storage.googleapis.com',
        name: `projects/_/buckets/${BUCKET}/objects/photos/a.txt`,
        type: 'storage#object',
      },
      data: { kind: 'storage#object', name: 'photos/a.txt', bucket: BUCKET, contentType: 'text/plain' },
    });
    expect((legacy.body.data as { size: string }).size).toBe(String(Buffer.byteLength('আচার')));
    expect(cloudEvent.contentType).toMatch(/^application\/cloudevents\+json/);
    expect(cloudEvent.body).toMatchObject({
      specversion: '1.0',
      id: legacy.body.eventId,
      source: `//storage.googleapis.com/projects/_/buckets/${BUCKET}`,
      subject: 'objects/photos/a.txt',
      bucket: BUCKET,
      data: { name: 'photos/a.txt' },
    });
    expect((received[3].body.data as { metadata: Record<string, string> }).metadata).toEqual({ kind: 'jar' });
  });

  it('changes objects as usual when no Functions emulator listens', async () => {
    const { port, received } = await start(false);
    await changeOneObject(port);
    expect(received).toHaveLength(0);
  });
});
