/**
 * The shop's additions to the emulator console, against the offline Firestore emulator with the shop's rules: the
 * admin role the console grants is the roles/{uid} document firestore.rules reads, and revoking removes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readProjectConfig,
  startOfflineEmulators,
  type OfflineEmulators,
} from '../../emulators/src/index.js';
import type { ExtensionContext } from '../../emulators/src/console-server/extensions.js';
import { setShopAdmin, shopAdmins, shopConsoleExtensions } from './console-extensions.js';

const config = readProjectConfig();
let emulators: OfflineEmulators;
let context: ExtensionContext;

beforeAll(async () => {
  emulators = await startOfflineEmulators({ config, ports: { firestore: 0, storage: 0 } });
  context = {
    projectId: config.projectId,
    firestoreOrigin: `http://${config.firestore.host}:${emulators.firestore.port}`,
  };
}, 120_000);
afterAll(async () => {
  await emulators?.stop();
});

const roleOf = async (uid: string) => {
  const response = await fetch(
    `${context.firestoreOrigin}/v1/projects/${config.projectId}/databases/(default)/documents/roles/${uid}`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  return response.status === 404 ? null : ((await response.json()) as { fields: unknown }).fields;
};

describe("the shop's console extensions", () => {
  it('grants admin as the roles/{uid} document the rules read, lists it, and revokes it', async () => {
    expect(await shopAdmins(context)).toEqual([]);
    await setShopAdmin('cust1', true, context);
    expect(await roleOf('cust1')).toEqual({
      user_id: { stringValue: 'cust1' },
      role: { stringValue: 'admin' },
    });
    await setShopAdmin('cust1', true, context); // granting twice is still one admin
    expect(await shopAdmins(context)).toEqual(['cust1']);
    await setShopAdmin('cust1', false, context);
    expect(await roleOf('cust1')).toBeNull();
    expect(await shopAdmins(context)).toEqual([]);
  });

  it('does not count a role document that is not an admin’s', async () => {
    await fetch(
      `${context.firestoreOrigin}/v1/projects/${config.projectId}/databases/(default)/documents/roles/packer1`,
      {
        method: 'PATCH',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ fields: { role: { stringValue: 'packer' } } }),
      },
    );
    expect(await shopAdmins(context)).toEqual([]);
  });

  it('links to the shop and its dashboard on the ports of firebase.json', () => {
    const shop = `http://${config.hosting.host}:${config.hosting.port}`;
    expect(shopConsoleExtensions(config).links).toEqual([
      { label: { bn: 'দোকান খুলুন', en: 'Open the shop' }, href: shop },
      { label: { bn: 'অ্যাডমিন ড্যাশবোর্ড খুলুন', en: 'Open the admin dashboard' }, href: `${shop}/admin` },
    ]);
  });

  it('says what failed when Firestore refuses, in the error the console shows', async () => {
    const gone = { ...context, firestoreOrigin: `${context.firestoreOrigin}/nowhere` };
    await expect(shopAdmins(gone)).rejects.toThrow(/Reading roles: Firestore answered 404/);
  });
});
