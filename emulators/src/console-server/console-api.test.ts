/**
 * The console's API over the real offline emulators (private ports): the live request log with rule traces, the
 * rules text the traces point into, and export. What a developer sees in the Requests view comes from here.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../index.js';
import { mockIdToken } from '../testing/id-token.js';
import { handleConsoleApi } from './api.js';
import { startConsole, type RunningConsole } from './server.js';
import {
  checkExtensions,
  type ConsoleExtensions,
  type ExtensionContext,
  type ScheduledJob,
  type ScheduledJobRun,
} from './extensions.js';
import type { LoggedRequest } from './request-log.js';

const config = readProjectConfig();

/**
 * A project's additions, as a project would pass them: a role kept here in memory, one link, a mail and an SMS outbox, one
 * scheduled job that counts its runs.
 */
const editors = new Set<string>(['ada']);
const nightly: ScheduledJob = {
  name: 'nightlyReport',
  schedule: 'every day 21:00',
  effectiveSchedule: 'every day 21:00',
  timeZone: 'Asia/Dhaka',
  nextRunAt: '2026-11-27T15:00:00.000Z',
  running: 0,
  lastRun: null,
  problem: null,
};
const contexts: ExtensionContext[] = [];
const extensions: ConsoleExtensions = {
  links: [{ label: 'The app', href: 'http://127.0.0.1:5000/' }],
  userRoles: [
    {
      id: 'editor',
      label: 'Editor',
      grantLabel: 'Make editor',
      revokeLabel: 'Revoke editor',
      holders: async (context) => {
        contexts.push(context);
        return [...editors];
      },
      set: async (uid, held) => {
        if (uid === 'refused') throw new Error('the project refuses this uid');
        if (held) editors.add(uid);
        else editors.delete(uid);
      },
    },
  ],
  mail: { collection: 'outbox' },
  sms: { collection: 'texts' },
  scheduledJobs: {
    list: async () => [nightly],
    runNow: async (name) => {
      if (name !== nightly.name) throw Object.assign(new Error(`No job named "${name}".`), { status: 404 });
      const at = new Date().toISOString();
      const run: ScheduledJobRun = {
        cause: 'manual',
        scheduleTime: at,
        startedAt: at,
        endedAt: at,
        outcome: 'succeeded',
      };
      nightly.lastRun = run;
      return run;
    },
  },
};
let emulators: OfflineEmulators;
let consoleServer: RunningConsole;
let docs: string;

beforeAll(async () => {
  emulators = await startOfflineEmulators({ config, ports: { firestore: 0, storage: 0 } });
  consoleServer = await startConsole({ config, emulators, port: 0, extensions });
  docs = `http://127.0.0.1:${emulators.firestore.port}/v1/projects/${config.projectId}/databases/(default)/documents`;
}, 120_000);
afterAll(async () => {
  await consoleServer?.close();
  await emulators?.stop();
});

const asAdmin = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const asUser = (uid: string) => ({
  Authorization: `Bearer ${mockIdToken(uid, { email: `${uid}@achar.test` })}`,
});

/** Opens the console's request stream and collects what it sends until `until` holds. */
async function watchRequests(until: (entries: LoggedRequest[]) => boolean, act: () => Promise<void>) {
  const controller = new AbortController();
  const response = await fetch(`${consoleServer.url}/api/requests`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const entries: LoggedRequest[] = [];
  let backlog: LoggedRequest[] | null = null;
  const read = async () => {
    while (!until(entries)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (!data) continue;
        if (event.startsWith('event: backlog')) backlog = JSON.parse(data) as LoggedRequest[];
        else entries.push(JSON.parse(data) as LoggedRequest);
      }
    }
  };
  // The first chunk is the backlog: only then is the stream registered as watching.
  while (backlog === null) {
    const { value } = await reader.read();
    buffer += decoder.decode(value, { stream: true });
    if (buffer.includes('\n\n')) {
      backlog = JSON.parse(/^data: (.*)$/m.exec(buffer)![1]) as LoggedRequest[];
      buffer = buffer.slice(buffer.indexOf('\n\n') + 2);
    }
  }
  await act();
  await read();
  controller.abort();
  return entries;
}

describe('the console API', () => {
  it('streams a denied read of another customer’s order with the rule that denied it, and the admin SDK’s create', async () => {
    const entries = await watchRequests(
      (e) => e.some((x) => !x.allowed),
      async () => {
        const created = await fetch(`${docs}/orders?documentId=o-cust1`, {
          method: 'POST',
          headers: asAdmin,
          body: JSON.stringify({ fields: { user_id: { stringValue: 'cust1' } } }),
        });
        expect(created.status).toBe(200);
        const denied = await fetch(`${docs}/orders/o-cust1`, { headers: asUser('cust2') });
        expect(denied.status).toBe(403);
      },
    );
    const admin = entries.filter((e) => e.caller.kind === 'admin-sdk');
    // One create: the document the REST API returns after writing is the emulator's own read, not logged.
    expect(admin.map((e) => `${e.method} ${e.path}`)).toEqual(['create orders/o-cust1']);
    const denial = entries.find((e) => !e.allowed)!;
    expect(denial).toMatchObject({
      service: 'firestore',
      method: 'get',
      path: 'orders/o-cust1',
      caller: { kind: 'user', uid: 'cust2', email: 'cust2@achar.test' },
    });
    expect(denial.trace?.length).toBeGreaterThan(0);
    expect(denial.trace?.every((t) => t.outcome !== 'granted')).toBe(true);

    const rules = (await (await fetch(`${consoleServer.url}/api/rules/firestore`)).json()) as {
      version: number;
      text: string;
    };
    expect(rules.version).toBe(denial.rulesVersion);
    const deciding = rules.text.split('\n')[denial.trace![0].line - 1];
    expect(deciding).toMatch(/allow (read|get)/);
  });

  it('records decisions without traces while nobody watches', async () => {
    const before = emulators.requests.list().length;
    const denied = await fetch(`${docs}/orders/o-cust1`, { headers: asUser('cust3') });
    expect(denied.status).toBe(403);
    const recorded = emulators.requests.list().slice(before);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ allowed: false, caller: { uid: 'cust3' } });
    expect(recorded[0].trace).toBeUndefined();
  });

  it('logs Storage decisions too', async () => {
    const entries = await watchRequests(
      (e) => e.some((x) => x.service === 'storage'),
      async () => {
        const bucket = `${config.projectId}.appspot.com`;
        const upload = await fetch(
          `http://127.0.0.1:${emulators.storage.port}/v0/b/${bucket}/o?name=${encodeURIComponent('product-images/x.jpg')}`,
          {
            method: 'POST',
            headers: { ...asUser('cust2'), 'Content-Type': 'image/jpeg' },
            body: 'not really',
          },
        );
        expect(upload.status).toBe(403);
      },
    );
    const storage = entries.find((e) => e.service === 'storage')!;
    expect(storage).toMatchObject({ allowed: false, method: 'create', path: 'product-images/x.jpg' });
    expect(storage.trace).toBeDefined();
  });

  it('answers a service it does not know with 404 and a sentence', async () => {
    const response = await fetch(`${consoleServer.url}/api/rules/database`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/firestore or storage/);
  });

  it('refuses to export when the data lives only in memory, and exports to the data folder otherwise', async () => {
    const refused = await fetch(`${consoleServer.url}/api/export`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/memory/);

    const dataDir = await mkdtemp(join(tmpdir(), 'console-export-'));
    try {
      const { createServer } = await import('node:http');
      // Not the hub's port: nothing answers there, so Auth is reported as not exported.
      const server = createServer(
        (req, res) =>
          void handleConsoleApi(
            { config: { ...config, hub: { host: '127.0.0.1', port: 1 } }, emulators, dataDir },
            req,
            res,
          ),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      const response = await fetch(`http://127.0.0.1:${port}/api/export`, { method: 'POST' });
      server.close();
      expect(await response.json()).toEqual({ exported: dataDir, auth: false });
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['firestore']));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses changes asked for by another site open in the same browser', async () => {
    const before = emulators.requests.list().length;
    expect(before).toBeGreaterThan(0);
    const response = await fetch(`${consoleServer.url}/api/requests`, {
      method: 'DELETE',
      headers: { Origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(emulators.requests.list().length).toBe(before);
    const own = await fetch(`${consoleServer.url}/api/requests`, {
      method: 'DELETE',
      headers: { Origin: consoleServer.url },
    });
    expect(own.status).toBe(200);
    expect(emulators.requests.list()).toHaveLength(0);
  });

  it('serves the console app for any page path (client-side routes)', async () => {
    const page = await fetch(`${consoleServer.url}/firestore/orders/o1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe("the console's extension point", () => {
  const roleUrl = () => `${consoleServer.url}/api/user-roles/editor`;
  const post = (body: string) =>
    fetch(roleUrl(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('gives the page the labels and links of the project, never its code', async () => {
    const page = (await (await fetch(`${consoleServer.url}/api/config`)).json()) as Record<string, unknown>;
    expect(page.extensions).toEqual({
      links: [{ label: 'The app', href: 'http://127.0.0.1:5000/' }],
      userRoles: [{ id: 'editor', label: 'Editor', grantLabel: 'Make editor', revokeLabel: 'Revoke editor' }],
      mail: { collection: 'outbox' },
      sms: { collection: 'texts' },
      scheduledJobs: true,
    });
    expect(JSON.stringify(page)).not.toContain('shopUrl');
  });

  it('lists, grants and revokes a project role through the project’s own functions', async () => {
    expect(await (await fetch(roleUrl())).json()).toEqual({ holders: ['ada'] });
    expect(contexts.at(-1)).toEqual({
      projectId: config.projectId,
      firestoreOrigin: `http://${config.firestore.host}:${emulators.firestore.port}`,
    });
    const granted = await post(JSON.stringify({ uid: 'bob', held: true }));
    expect(await granted.json()).toEqual({ uid: 'bob', held: true });
    const revoked = await post(JSON.stringify({ uid: 'ada', held: false }));
    expect(revoked.status).toBe(200);
    expect(await (await fetch(roleUrl())).json()).toEqual({ holders: ['bob'] });
  });

  it('refuses a bad change with a sentence and changes nothing', async () => {
    const before = [...editors];
    for (const body of ['not json', '{"uid":"x"}', '{"uid":"a/b","held":true}', '{"uid":"","held":true}']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/uid/);
    }
    const tooLarge = await post(JSON.stringify({ uid: 'x'.repeat(70_000), held: true }));
    expect(tooLarge.status).toBe(413);
    const failing = await post(JSON.stringify({ uid: 'refused', held: true }));
    expect(failing.status).toBe(500);
    expect(((await failing.json()) as { error: string }).error).toBe('the project refuses this uid');
    const unknown = await fetch(`${consoleServer.url}/api/user-roles/admin`);
    expect(unknown.status).toBe(404);
    expect([...editors]).toEqual(before);
  });

  it("lists the project's scheduled jobs and runs one now, refusing one it does not have", async () => {
    const jobs = `${consoleServer.url}/api/scheduled-jobs`;
    expect(await (await fetch(jobs)).json()).toEqual({ jobs: [nightly] });
    const ran = await fetch(`${jobs}/nightlyReport/run`, { method: 'POST' });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ cause: 'manual', outcome: 'succeeded' });
    expect(((await (await fetch(jobs)).json()) as { jobs: ScheduledJob[] }).jobs[0].lastRun).toMatchObject({
      outcome: 'succeeded',
    });
    const unknown = await fetch(`${jobs}/nothing/run`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No job named "nothing".' });
    expect((await fetch(`${jobs}/nightlyReport/run`)).status).toBe(404); // a GET runs nothing
    const fromElsewhere = await fetch(`${jobs}/nightlyReport/run`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example' },
    });
    expect(fromElsewhere.status).toBe(403);
  });

  it('refuses, at start, role ids the API could not carry and links that are not web addresses', () => {
    const role = extensions.userRoles![0];
    expect(() => checkExtensions({ userRoles: [{ ...role, id: 'a/b' }] })).toThrow(/letters, digits/);
    expect(() => checkExtensions({ userRoles: [role, role] })).toThrow(/twice/);
    expect(() => checkExtensions({ links: [{ label: 'x', href: 'javascript:alert(1)' }] })).toThrow(
      /not an http/,
    );
    for (const collection of ['a/b', '', '..', '__outbox__']) {
      expect(() => checkExtensions({ mail: { collection } }), collection).toThrow(/mail outbox/);
      expect(() => checkExtensions({ sms: { collection } }), collection).toThrow(/sms outbox/);
    }
    expect(checkExtensions({ mail: { collection: 'mail' } })).toEqual({ mail: { collection: 'mail' } });
    expect(checkExtensions()).toEqual({});
  });
});
