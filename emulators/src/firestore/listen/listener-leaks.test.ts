/**
 * Clients that go away must not leave Listen streams behind: a gRPC Listen call whose client cancels or
 * disappears, a WebChannel session whose client never comes back, and the JS SDK after terminate().
 */
import * as grpc from '@grpc/grpc-js';
import http from 'node:http';
import net from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getFirestore, onSnapshot, terminate } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';
import { decodeBinary, encodeBinary } from '../transports/protos.js';
import { waitFor } from '../../testing/waiting.js';

const PROJECT = 'demo-leaks';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const IDLE_MS = 300;
let emulator: FirestoreEmulator;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, webChannelIdleTimeoutMs: IDLE_MS });
});

afterAll(async () => {
  await emulator?.stop();
});

const addTarget = {
  database: DATABASE,
  addTarget: { targetId: 2, documents: { documents: [`${DATABASE}/documents/jars/mango`] } },
};

function openGrpcListen(client: grpc.Client) {
  const call = client.makeBidiStreamRequest(
    '/google.firestore.v1.Firestore/Listen',
    (value: object) => encodeBinary('google.firestore.v1.ListenRequest', value),
    (bytes: Buffer) => decodeBinary<Record<string, unknown>>('google.firestore.v1.ListenResponse', bytes),
  );
  const received: Record<string, unknown>[] = [];
  call.on('data', (message: Record<string, unknown>) => received.push(message));
  call.on('error', () => {}); // a cancelled call reports CANCELLED; that is the point here
  call.write(addTarget);
  return { call, received };
}

describe('no leaked listeners', () => {
  it('frees a gRPC Listen stream when the client cancels it', async () => {
    const client = new grpc.Client(`127.0.0.1:${emulator.port}`, grpc.credentials.createInsecure());
    const { call, received } = openGrpcListen(client);
    await waitFor(() => received.length >= 3, 'the target to become current');
    expect(emulator.engine.activeListenStreams).toBe(1);
    call.cancel();
    await waitFor(() => emulator.engine.activeListenStreams === 0, 'the stream to be freed');
    client.close();
  });

  it('frees a gRPC Listen stream when the client’s connection goes away', async () => {
    // The client reaches the emulator through a TCP relay; cutting the relay is what a crashed client looks like.
    const relayed = new Set<net.Socket>();
    const relay = net.createServer((inbound) => {
      const outbound = net.connect(emulator.port, '127.0.0.1');
      relayed.add(inbound).add(outbound);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('error', () => outbound.destroy());
      outbound.on('error', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.address() as net.AddressInfo;
    const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const first = openGrpcListen(client);
    const second = openGrpcListen(client);
    await waitFor(() => first.received.length >= 3 && second.received.length >= 3, 'both targets');
    expect(emulator.engine.activeListenStreams).toBe(2);
    for (const socket of relayed) socket.destroy();
    await waitFor(() => emulator.engine.activeListenStreams === 0, 'both streams to be freed');
    client.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  it('frees a WebChannel session whose client handshakes and never comes back', async () => {
    const body = new URLSearchParams({
      count: '1',
      ofs: '0',
      req0___data__: JSON.stringify(addTarget),
    }).toString();
    const path =
      `/google.firestore.v1.Firestore/Listen/channel?VER=8&database=${encodeURIComponent(DATABASE)}` +
      `&RID=1234&CVER=22&X-HTTP-Session-Id=gsessionid&zx=abc&t=1`;
    const response = await fetch(`http://127.0.0.1:${emulator.port}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toMatch(/^\d+\n\[\[0,\["c","[0-9a-f]+"/);
    expect(emulator.engine.activeListenStreams).toBe(1);
    expect(emulator.webChannel.sessionCount).toBe(1);
    await waitFor(() => emulator.engine.activeListenStreams === 0, 'the idle session to close', IDLE_MS * 10);
    expect(emulator.webChannel.sessionCount).toBe(0);
  });

  it('frees a WebChannel session whose streaming backchannel is cut off', async () => {
    const handshake = await fetch(
      `http://127.0.0.1:${emulator.port}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=1&CVER=22&t=1`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          count: '1',
          ofs: '0',
          req0___data__: JSON.stringify(addTarget),
        }).toString(),
      },
    );
    const sid = /\["c","([0-9a-f]+)"/.exec(await handshake.text())![1];
    // Open the backchannel, read its first frame, then drop the connection without a terminate.
    const firstFrame = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${emulator.port}/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=rpc&SID=${sid}&AID=0&CI=0&TYPE=xmlhttp&t=1`,
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve(chunk.toString());
            request.destroy();
          });
        },
      );
      request.on('error', () => {});
      request.setTimeout(5_000, () => reject(new Error('no backchannel data')));
    });
    expect(firstFrame).toContain('targetChange');
    expect(emulator.engine.activeListenStreams).toBe(1);
    await waitFor(() => emulator.engine.activeListenStreams === 0, 'the session to close', IDLE_MS * 10);
    expect(emulator.webChannel.sessionCount).toBe(0);
  });

  it('frees the JS SDK’s Listen stream after terminate()', async () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'leaks');
    const db = getFirestore(app);
    connectFirestoreEmulator(db, '127.0.0.1', emulator.port);
    let snapshots = 0;
    const stop = onSnapshot(doc(db, 'jars/mango'), () => snapshots++);
    await waitFor(() => snapshots >= 1, 'a snapshot');
    expect(emulator.engine.activeListenStreams).toBe(1);
    stop();
    await terminate(db);
    await deleteApp(app);
    await waitFor(() => emulator.engine.activeListenStreams === 0, 'the SDK stream to be freed');
  });
});
