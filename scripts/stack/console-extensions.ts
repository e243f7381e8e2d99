/**
 * What the shop adds to the emulator console (emulators/src/console-server/extensions.ts): links to the shop
 * and its dashboard, the shop's admin role on the Auth page, the order mail's outbox (the Mail page) and
 * the customers' SMS outbox (the SMS page). The
 * role is the document roles/{uid} = { user_id, role: 'admin' } that firestore.rules reads (as
 * `npm run make-admin` writes it).
 */
import type { ProjectConfig } from '../../emulators/src/config.js';
import { SMS_OUTBOX } from '../../src/features/admin-settings/model/sms-settings.js';
import type { ConsoleExtensions, ExtensionContext } from '../../emulators/src/console-server/extensions.js';

/** "Bearer owner": the emulators' admin credential (what firebase-admin sends), never valid in production. */
const OWNER = { Authorization: 'Bearer owner' };

const rolesUrl = ({ firestoreOrigin, projectId }: ExtensionContext, uid = '') =>
  `${firestoreOrigin}/v1/projects/${projectId}/databases/(default)/documents/roles` +
  (uid ? `/${encodeURIComponent(uid)}` : '');

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok)
    throw new Error(`${what}: Firestore answered ${response.status} ${await response.text()}`);
  return response;
}

interface RoleDocument {
  name: string;
  fields?: { role?: { stringValue?: string } };
}

/** The uids with roles/{uid}.role == 'admin'. */
export async function shopAdmins(context: ExtensionContext): Promise<string[]> {
  const response = await ok(
    await fetch(`${rolesUrl(context)}?pageSize=1000`, { headers: OWNER }),
    'Reading roles',
  );
  const { documents = [] } = (await response.json()) as { documents?: RoleDocument[] };
  return documents
    .filter((doc) => doc.fields?.role?.stringValue === 'admin')
    .map((doc) => doc.name.split('/').pop() ?? '');
}

/** Writes roles/{uid} as an admin's, or deletes it. */
export async function setShopAdmin(uid: string, admin: boolean, context: ExtensionContext): Promise<void> {
  if (!admin) {
    await ok(await fetch(rolesUrl(context, uid), { method: 'DELETE', headers: OWNER }), 'Revoking admin');
    return;
  }
  const fields = { user_id: { stringValue: uid }, role: { stringValue: 'admin' } };
  await ok(
    await fetch(rolesUrl(context, uid), {
      method: 'PATCH',
      headers: { ...OWNER, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields }),
    }),
    'Granting admin',
  );
}

/** `courierUrl`: the local courier's page of parcels (emulators/src/courier), linked when it runs. */
export function shopConsoleExtensions(config: ProjectConfig, courierUrl?: string): ConsoleExtensions {
  const shopUrl = `http://${config.hosting.host}:${config.hosting.port}`;
  return {
    links: [
      { label: { bn: 'দোকান খুলুন', en: 'Open the shop' }, href: shopUrl },
      { label: { bn: 'অ্যাডমিন ড্যাশবোর্ড খুলুন', en: 'Open the admin dashboard' }, href: `${shopUrl}/admin` },
      ...(courierUrl
        ? [{ label: { bn: 'লোকাল কুরিয়ারের পার্সেল', en: 'Local courier: parcels' }, href: `${courierUrl}/` }]
        : []),
    ],
    userRoles: [
      {
        id: 'admin',
        label: { bn: 'অ্যাডমিন', en: 'Admin' },
        grantLabel: { bn: 'অ্যাডমিন করুন', en: 'Make admin' },
        revokeLabel: { bn: 'অ্যাডমিন বাতিল', en: 'Revoke admin' },
        holders: shopAdmins,
        set: setShopAdmin,
      },
    ],
    // notifySellerOfOrder writes the seller's order mail there, for the Trigger Email extension to send.
    mail: { collection: 'mail' },
    // order-sms.ts writes the customer's SMS there, for the Twilio "Send Message" extension to send.
    sms: { collection: SMS_OUTBOX },
  };
}
