/**
 * `npm start -- --snapshot <name>`: the shop starts from a saved snapshot instead of the seed. A snapshot is made
 * with the offline emulators alone (one product, one file), then the whole shop is started from it: Firestore
 * and Storage hold exactly the snapshot's data and nothing was seeded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators } from '../../emulators/src/index.js';
import { Snapshots } from '../../emulators/src/console-server/snapshots.js';
import { startShop, type RunningShop } from '../../scripts/stack/shop.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readProjectConfig(root);
const DB = `projects/${config.projectId}/databases/(default)`;
let dir: string | undefined;
let shop: RunningShop | undefined;

afterAll(async () => {
  await shop?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm start -- --snapshot <name>', () => {
  it('starts the shop from the snapshot, seeding nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'start-from-snapshot-'));
    const emulators = await startOfflineEmulators({ config, ports: { firestore: 0, storage: 0 } });
    try {
      emulators.firestore.engine.commit(
        {
          database: DB,
          writes: [
            {
              update: {
                name: `${DB}/documents/products/only-one`,
                fields: { name: { stringValue: 'শুধু একটি আচার' }, price: { integerValue: '99' } },
              },
            },
          ],
        },
        { kind: 'owner' },
      );
      const upload = await fetch(
        `${emulators.storage.url}/upload/storage/v1/b/${config.projectId}.appspot.com/o?uploadType=media&name=product-images%2Fonly-one.txt`,
        {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'text/plain' },
          body: 'jar',
        },
      );
      expect(upload.status).toBe(200);
      await new Snapshots({ dir, emulators, projectId: config.projectId }).save('one product');
    } finally {
      await emulators.stop();
    }

    shop = await startShop({ root, persist: false, snapshotsDir: dir, snapshot: 'one product' });

    expect(shop.seeded).toBe(false);
    expect(shop.restoredSnapshot).toBe('one product');
    const documents = shop.emulators.firestore.engine
      .databasesInUse()
      .flatMap((state) => [...state.all()].map((doc) => doc.key));
    expect(documents).toEqual(['products/only-one']);
    const listed = await fetch(
      `http://${config.storage.host}:${config.storage.port}/storage/v1/b/${config.projectId}.appspot.com/o`,
      { headers: { Authorization: 'Bearer owner' } },
    );
    const items = ((await listed.json()) as { items?: { name: string }[] }).items ?? [];
    expect(items.map((item) => item.name)).toEqual(['product-images/only-one.txt']);
    expect((await shop.snapshots.list()).map((s) => s.name)).toEqual(['one product']);
  }, 300_000);
});
