/**
 * The local shop's stack (`npm start`, the integration suites' global set-up) wires Cloud Functions triggers:
 * firebase-tools, with the preload, counts our Firestore emulator among its running emulators (so its
 * Functions emulator registers Firestore triggers with it), and our Firestore takes registrations from it.
 * What the triggers then deliver is tests/functions/triggers.test.ts.
 */
import { readFileSync } from 'node:fs';
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

  it('has our Firestore emulator take trigger registrations', async () => {
    const answer = await fetch(
      `http://${config.firestore.host}:${config.firestore.port}/emulator/v1/projects/${config.projectId}/triggers`,
    );
    expect(answer.status).toBe(200);
    const { triggers } = (await answer.json()) as { triggers: { key: string; document: string }[] };
    expect(Array.isArray(triggers)).toBe(true);
  });
});
