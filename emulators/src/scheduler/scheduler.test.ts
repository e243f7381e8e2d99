/**
 * The local scheduler against a stand-in for firebase-tools' Functions emulator that answers as its source
 * does (GET /backends, the 404 that lists the trigger keys, the background-trigger route): which functions it
 * finds, the request it sends, and when. The real emulator and function: tests/start/start-from-snapshot.test.ts
 * and tests/console/schedules.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FunctionsScheduler, parseScheduleOverrides, type FunctionsSchedulerOptions } from './scheduler';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

const PROJECT = 'demo-scheduler';
let server: http.Server;
let origin: string;
let received: Received[];
let answer: { status: number; delayMs: number };
let triggers: unknown[];
let schedulers: FunctionsScheduler[];

const expireDef = {
  name: 'expireUnpaidOrders',
  id: 'us-central1-expireUnpaidOrders',
  region: 'us-central1',
  entryPoint: 'expireUnpaidOrders',
  platform: 'gcfv2',
  timeoutSeconds: 60,
  eventTrigger: { eventType: 'pubsub', resource: '' },
  schedule: { schedule: 'every 15 minutes', timeZone: 'Asia/Dhaka', retryConfig: {} },
};
const callableDef = {
  name: 'placeOrder',
  id: 'us-central1-placeOrder',
  region: 'us-central1',
  platform: 'gcfv2',
  httpsTrigger: {},
};

beforeEach(async () => {
  received = [];
  answer = { status: 200, delayMs: 0 };
  triggers = [expireDef, callableDef];
  schedulers = [];
  server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/backends') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ backends: [{ directory: '/functions', functionTriggers: triggers }] }));
      return;
    }
    const key = /^\/functions\/projects\/[^/]+\/triggers\/(.+)$/.exec(req.url ?? '')?.[1];
    // Keys as the emulator keeps them: an event-style trigger with the generation it was loaded in.
    const keys = ['us-central1-placeOrder', 'us-central1-expireUnpaidOrders-2'];
    if (req.method === 'POST' && key && keys.includes(key)) {
      received.push({ path: req.url!, headers: req.headers, at: Date.now() });
      setTimeout(() => res.writeHead(answer.status).end(), answer.delayMs);
      return;
    }
    res.writeHead(404).end(`Function ~-~ does not exist, valid functions are: ${keys.join(', ')}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(schedulers.map((s) => s.stop()));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function scheduler(options: Partial<FunctionsSchedulerOptions> = {}) {
  const lines: string[] = [];
  const created = new FunctionsScheduler({
    functionsOrigin: origin,
    projectId: PROJECT,
    log: (line) => lines.push(line),
    ...options,
  });
  schedulers.push(created);
  return { scheduler: created, lines };
}

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('the local scheduler of onSchedule functions', () => {
  it('finds the scheduled functions the Functions emulator holds, with their schedule and next run', async () => {
    const { scheduler: s, lines } = scheduler();
    const before = Date.now();
    await s.start();
    const [job, ...others] = await s.list();
    expect(others).toEqual([]); // the callable is not a job
    expect(job).toMatchObject({
      name: 'expireUnpaidOrders',
      region: 'us-central1',
      schedule: 'every 15 minutes',
      effectiveSchedule: 'every 15 minutes',
      timeZone: 'Asia/Dhaka',
      running: 0,
      lastRun: null,
      problem: null,
    });
    const next = Date.parse(job.nextRunAt!);
    expect(next - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(next - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(lines).toEqual([
      expect.stringMatching(/^› scheduler: expireUnpaidOrders runs "every 15 minutes" Asia\/Dhaka, next /),
    ]);
    expect(received).toEqual([]);
  });

  it('runs a job by itself on its (shortened) schedule, as Cloud Scheduler calls it', async () => {
    const { scheduler: s, lines } = scheduler({ overrides: { expireUnpaidOrders: 'every 1 seconds' } });
    await s.start();
    await until(() => received.length >= 2);
    const [first, second] = received;
    expect(first.path).toBe(`/functions/projects/${PROJECT}/triggers/us-central1-expireUnpaidOrders-2`);
    expect(first.headers).toMatchObject({
      'x-cloudscheduler': 'true',
      'x-cloudscheduler-jobname': 'firebase-schedule-expireUnpaidOrders-us-central1',
      'user-agent': 'Google-Cloud-Scheduler',
    });
    expect(Date.parse(first.headers['x-cloudscheduler-scheduletime'] as string)).not.toBeNaN();
    expect(second.at - first.at).toBeGreaterThanOrEqual(900);
    const [job] = await s.list();
    expect(job.effectiveSchedule).toBe('every 1 seconds');
    expect(job.lastRun).toMatchObject({ cause: 'schedule', outcome: 'succeeded', status: 200 });
    expect(lines).toContainEqual(expect.stringMatching(/^› scheduler: expireUnpaidOrders ran in \d+\.\d s$/));
  });

  it('does not start a run of a job beside its own running one unless asked', async () => {
    const { scheduler: s } = scheduler();
    await s.start();
    answer.delayMs = 600;
    const first = s.runNow('expireUnpaidOrders');
    await until(() => received.length === 1);
    await expect(s.runNow('expireUnpaidOrders')).rejects.toMatchObject({ status: 409 });
    expect((await s.list())[0].running).toBe(1);
    const beside = await s.runNow('expireUnpaidOrders', { overlap: true });
    expect(beside).toMatchObject({ cause: 'manual', outcome: 'succeeded' });
    expect(received).toHaveLength(2);
    expect(await first).toMatchObject({ outcome: 'succeeded' });
  });

  it('records and logs a run whose function failed', async () => {
    const { scheduler: s, lines } = scheduler();
    await s.start();
    answer.status = 500;
    const run = await s.runNow('expireUnpaidOrders');
    expect(run).toMatchObject({ outcome: 'failed', status: 500, error: 'the function answered HTTP 500' });
    expect((await s.list())[0].lastRun).toEqual(run);
    expect(lines.at(-1)).toMatch(/^✖ scheduler: expireUnpaidOrders failed \(run now\) after .* HTTP 500$/);
  });

  it('says why a job will not run here, and never calls it', async () => {
    triggers = [{ ...expireDef, schedule: { schedule: 'every fortnight', timeZone: 'Asia/Dhaka' } }];
    const { scheduler: s, lines } = scheduler();
    await s.start();
    const [job] = await s.list();
    expect(job.problem).toMatch(/five fields/);
    expect(job.nextRunAt).toBeNull();
    expect(lines[0]).toMatch(/^✖ scheduler: expireUnpaidOrders will not run here: /);
  });

  it('picks up a function the emulator loads later, and drops one it no longer has', async () => {
    triggers = [callableDef];
    const { scheduler: s } = scheduler({ refreshMs: 100 });
    await s.start();
    expect(await s.list()).toEqual([]);
    triggers = [callableDef, expireDef];
    await until(() => (s as unknown as { jobs: Map<string, unknown> }).jobs.size === 1);
    triggers = [callableDef];
    expect(await s.list()).toEqual([]);
  });

  it('refuses to run a job it does not know', async () => {
    const { scheduler: s } = scheduler();
    await s.start();
    await expect(s.runNow('nothing')).rejects.toMatchObject({ status: 404 });
  });

  it('runs nothing more once stopped', async () => {
    const overrides = { expireUnpaidOrders: 'every 1 seconds' };
    const { scheduler: s } = scheduler({ overrides });
    await s.start();
    await s.stop();
    // A second scheduler started after it runs the job a second later: the stopped one's run would have come
    // due, and been sent, before this one's.
    const { scheduler: witness } = scheduler({ overrides });
    await witness.start();
    await expect
      // Its run comes a second after its start: on a loaded host, more than poll's default second later.
      .poll(async () => (await witness.list())[0].lastRun?.outcome, { interval: 25, timeout: 10_000 })
      .toBe('succeeded');
    expect(received).toHaveLength(1);
    await witness.stop();
  });
});

describe('local schedule overrides', () => {
  it('reads name=schedule pairs separated by semicolons', () => {
    expect(parseScheduleOverrides('expireUnpaidOrders=every 5 seconds; nightly = */2 * * * *;')).toEqual({
      expireUnpaidOrders: 'every 5 seconds',
      nightly: '*/2 * * * *',
    });
    expect(parseScheduleOverrides(undefined)).toEqual({});
    expect(() => parseScheduleOverrides('every 5 seconds')).toThrow(/name=schedule/);
    expect(() => parseScheduleOverrides('x=')).toThrow(/name=schedule/);
  });
});
