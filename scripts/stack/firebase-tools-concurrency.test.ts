/**
 * What firebase-tools-concurrency.mjs changes in firebase-tools' Functions emulator, checked in a Node process
 * that preloads it as firebase-tools' does: its worker pool, given a worker whose runtime is a plain HTTP server
 * that holds every call until told, hands a 2nd-gen function's second call to the busy worker and a 1st-gen
 * function's to none (a new process would be started).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRELOAD = pathToFileURL(
  fileURLToPath(new URL('./firebase-tools-concurrency.mjs', import.meta.url)),
).href;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Sends up to 2 calls to one worker of a function of `platform`; prints what the pool said at each step. */
function twoCalls(platform: 'gcfv1' | 'gcfv2'): Record<string, unknown> {
  const code = `
    const http = require('node:http');
    const { EventEmitter } = require('node:events');
    const req = require('node:module').createRequire(require.resolve('firebase-tools/package.json'));
    const { RuntimeWorkerPool } = req('./lib/emulator/functionsRuntimeWorker.js');
    const held = [];
    const server = http.createServer((_req, res) => held.push(res));
    server.listen(0, '127.0.0.1', async () => {
      const port = server.address().port;
      const child = Object.assign(new EventEmitter(), { kill() {} });
      const runtime = { process: child, events: new EventEmitter(),
        conn: { httpReqOpts: () => ({ host: '127.0.0.1', port }) } };
      const pool = new RuntimeWorkerPool();
      const trigger = { id: 'us-central1-placeOrder', platform: '${platform}' };
      const worker = pool.addWorker(trigger, runtime, undefined, 'nodejs20');
      worker.readyForWork();
      const answered = [];
      const call = () => {
        const res = Object.assign(new (require('node:stream').PassThrough)(), { writeHead() {} });
        res.resume();
        return pool.submitRequest(trigger.id, { method: 'POST', path: '/', headers: {} }, res, '{}', undefined, 'nodejs20')
          .then(() => answered.push(1));
      };
      const seen = { first: pool.readyForWork(trigger.id, 'nodejs20') };
      const calls = [call()];
      while (held.length < 1) await new Promise((r) => setTimeout(r, 5));
      seen.whileOneRuns = pool.readyForWork(trigger.id, 'nodejs20');
      if (seen.whileOneRuns) {
        calls.push(call());
        while (held.length < 2) await new Promise((r) => setTimeout(r, 5));
      }
      held.shift().end('{}');
      while (answered.length < 1) await new Promise((r) => setTimeout(r, 5));
      seen.stateAfterFirstAnswer = worker.state;
      seen.readyAfterFirstAnswer = pool.readyForWork(trigger.id, 'nodejs20');
      for (const res of held.splice(0)) res.end('{}');
      await Promise.all(calls);
      seen.stateAtEnd = worker.state;
      seen.calls = calls.length;
      console.log(JSON.stringify(seen));
      server.close();
    });
  `;
  const out = execFileSync(process.execPath, ['--import', PRELOAD, '--eval', code], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

describe("firebase-tools' Functions emulator with production's concurrency", () => {
  it('serves a 2nd-gen function’s calls side by side in one worker, busy until the last one ends', () => {
    expect(twoCalls('gcfv2')).toEqual({
      first: true,
      whileOneRuns: true,
      stateAfterFirstAnswer: 'BUSY',
      readyAfterFirstAnswer: true,
      stateAtEnd: 'IDLE',
      calls: 2,
    });
  });

  it('keeps one call per worker for a 1st-gen function', () => {
    expect(twoCalls('gcfv1')).toEqual({
      first: true,
      whileOneRuns: false,
      stateAfterFirstAnswer: 'IDLE',
      readyAfterFirstAnswer: true,
      stateAtEnd: 'IDLE',
      calls: 1,
    });
  });
});
