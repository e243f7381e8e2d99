/**
 * The local shop's stack (`npm start`, the integration suites' global set-up) wires Cloud Functions triggers:
 * firebase-tools, with the preload, counts our Firestore emulator among its running emulators (so its
 * Functions emulator registers Firestore triggers with it), and our Firestore takes registrations from it.
 * What the triggers then deliver is tests/functions/triggers.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/index';
import { REPO_ROOT } from '../support/emulator-processes';

const config = readProjectConfig(REPO_ROOT);
const hub = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'firebase.json'), 'utf8')) as {
    emulators: { hub: { host: string; port: number } };
  }
).emulators.hub;

describe('the local shop and Cloud Functions triggers', () => {
  it("has firebase-tools count our Firestore emulator as running, at firebase.json's port", async () => {
    const running = (await (await fetch(`http://${hub.host}:${hub.port}/emulators`)).json()) as Record<
      string,
      { host: string; port: number }
    >;
    expect(running.firestore).toMatchObject({ host: config.firestore.host, port: config.firestore.port });
    expect(running.functions).toMatchObject({ port: config.functions.port });
  });

  it("keeps Firestore out of firebase-tools' export (our emulator writes its own data folder)", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'achar-hub-export-'));
    try {
      const answer = await fetch(`http://${hub.host}:${hub.port}/_admin/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: folder, initiatedBy: 'test' }),
      });
      expect(answer.status).toBe(200);
      const metadata = JSON.parse(
        readFileSync(join(folder, 'firebase-export-metadata.json'), 'utf8'),
      ) as Record<string, unknown>;
      expect(metadata.auth).toBeDefined();
      expect(metadata.firestore).toBeUndefined();
      expect(existsSync(join(folder, 'firestore_export'))).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('has our Firestore emulator take trigger registrations', async () => {
    const answer = await fetch(
      `http://${config.firestore.host}:${config.firestore.port}/emulator/v1/projects/${config.projectId}/triggers`,
    );
    expect(answer.status).toBe(200);
    const { triggers } = (await answer.json()) as { triggers: { key: string; document: string }[] };
    expect(Array.isArray(triggers)).toBe(true);
  });
});
