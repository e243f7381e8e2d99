/**
 * Crash safety: the emulators run in a child process on a temporary data folder, take firebase-admin commits and
 * batches and Storage uploads under load, and are killed with SIGKILL at seeded random moments. Each restart
 * on the same folder must start, and hold every write that was acknowledged before the kill, with no batch
 * half-applied.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, getApps } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { adminFirestore } from './testing/admin.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const PROJECT = 'demo-crash';
const BUCKET = 'demo-crash.appspot.com';
const CHILD = fileURLToPath(new URL('./testing/crash-child.ts', import.meta.url));
const ROUNDS = 4;
const dir = mkdtempSync(join(tmpdir(), 'emulator-crash-'));
const children = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const app of getApps().filter((a) => a.name.startsWith(`${PROJECT}:`)))
    await Promise.race([deleteApp(app), new Promise((r) => setTimeout(r, 1000))]);
  rmSync(dir, { recursive: true, force: true });
});

/** mulberry32: the kill moments and the mix of writes are the same on every run. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Running {
  child: ChildProcess;
  ports: { firestore: number; storage: number };
  output: string[];
}

function startChild(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        output.push(line);
        if (line.startsWith('READY '))
          resolve({ child, ports: JSON.parse(line.slice(6)) as Running['ports'], output });
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`the emulators exited (${code}) before ready:\n${output.join('\n')}`)),
    );
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** What the emulators acknowledged, to look for after every restart. */
const acknowledged = {
  docs: new Map<string, number>(),
  batches: new Set<string>(),
  objects: new Map<string, string>(),
};
/** Batches sent, acknowledged or not: each must be found whole or not at all. */
const sentBatches = new Set<string>();

async function load(
  db: Firestore,
  storagePort: number,
  round: number,
  random: () => number,
  stop: { now: boolean },
) {
  let i = 0;
  const worker = async (w: number) => {
    while (!stop.now) {
      const n = i++;
      const id = `r${round}-w${w}-${n}`;
      const pick = random();
      try {
        if (pick < 0.45) {
          await db.doc(`singles/${id}`).set({ round, value: n });
          acknowledged.docs.set(`singles/${id}`, n);
        } else if (pick < 0.8) {
          sentBatches.add(id);
          const batch = db.batch();
          for (const part of ['a', 'b', 'c']) batch.set(db.doc(`batches/${id}-${part}`), { batch: id, part });
          batch.update(db.doc('counters/batches'), { [id]: true });
          await batch.commit();
          acknowledged.batches.add(id);
        } else {
          const body = `জার ${id} ${'x'.repeat(Math.floor(random() * 4000))}`;
          const response = await fetch(
            `http://127.0.0.1:${storagePort}/v0/b/${BUCKET}/o?name=${encodeURIComponent(`uploads/${id}.txt`)}`,
            { method: 'POST', headers: { 'content-type': 'text/plain' }, body },
          );
          if (response.ok) acknowledged.objects.set(`uploads/${id}.txt`, body);
        }
      } catch {
        // Cut off by the kill: not acknowledged, so it may or may not be there.
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
}

async function expectEverythingAcknowledged(db: Firestore, storagePort: number): Promise<void> {
  const singles = await db.collection('singles').get();
  const stored = new Map(singles.docs.map((d) => [`singles/${d.id}`, d.get('value') as number]));
  for (const [path, value] of acknowledged.docs) expect(stored.get(path), path).toBe(value);

  const parts = new Map<string, number>();
  for (const doc of (await db.collection('batches').get()).docs) {
    const id = doc.get('batch') as string;
    parts.set(id, (parts.get(id) ?? 0) + 1);
  }
  const counter = (await db.doc('counters/batches').get()).data() ?? {};
  for (const id of sentBatches) {
    const whole = parts.get(id) === 3 && counter[id] === true;
    const absent = !parts.has(id) && counter[id] === undefined;
    expect(whole || absent, `batch ${id} half-applied: ${parts.get(id)} parts, counter ${counter[id]}`).toBe(
      true,
    );
    if (acknowledged.batches.has(id)) expect(whole, `acknowledged batch ${id}`).toBe(true);
  }

  for (const [name, body] of acknowledged.objects) {
    const response = await fetch(
      `http://127.0.0.1:${storagePort}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media`,
    );
    expect(response.status, name).toBe(200);
    expect(await response.text(), name).toBe(body);
  }
}

describe('the emulators after kill -9', () => {
  it('keep every acknowledged write, apply no commit by halves, and start again', async () => {
    const random = seeded(22);
    let running = await startChild();
    await adminFirestore(PROJECT, running.ports.firestore).doc('counters/batches').set({ created: true });
    for (let round = 1; round <= ROUNDS; round++) {
      const db = adminFirestore(PROJECT, running.ports.firestore);
      const before = acknowledged.docs.size + acknowledged.batches.size;
      const stop = { now: false };
      const work = load(db, running.ports.storage, round, random, stop);
      await new Promise((r) => setTimeout(r, 150 + random() * 450));
      await killed(running.child);
      stop.now = true;
      await Promise.race([work, new Promise((r) => setTimeout(r, 2000))]);

      running = await startChild();
      // The start before compacted what came earlier: this one replays what this round's commits journaled.
      if (acknowledged.docs.size + acknowledged.batches.size > before)
        expect(running.output.join('\n')).toMatch(/firestore: recovered after a crash: replayed \d+ commits/);
      await expectEverythingAcknowledged(
        adminFirestore(PROJECT, running.ports.firestore),
        running.ports.storage,
      );
    }
    expect(acknowledged.docs.size).toBeGreaterThan(0);
    expect(acknowledged.batches.size).toBeGreaterThan(0);
    expect(acknowledged.objects.size).toBeGreaterThan(0);
    await killed(running.child);
  }, 60_000);
});
