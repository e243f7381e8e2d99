/**
 * The Auth emulator's data (firebase-tools, in its own process), read and replaced over its REST API with the
 * emulators' admin credential: the accounts (`accounts:batchGet`, which firebase-tools' own export writes as
 * accounts.json), the emulator's config, clearing every account, and `accounts:batchCreate`, which its
 * `--import` sends accounts.json to. So a saved state is in the layout of its export folder.
 * See docs/auth-emulator-data.md.
 */

const OWNER = { Authorization: 'Bearer owner' };

export interface AuthData {
  /** The `accounts:batchGet` answer: `{ kind, users? }`, users with their (emulator-fake) password hashes. */
  accounts: { users?: unknown[] } & Record<string, unknown>;
  config: Record<string, unknown>;
}

async function call(url: string, init: RequestInit, what: string): Promise<string> {
  const response = await fetch(url, { ...init, headers: { ...OWNER, ...init.headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: the Auth emulator answered ${response.status} ${text}`);
  return text;
}

export async function readAuthData(origin: string, projectId: string): Promise<AuthData> {
  const [accounts, config] = await Promise.all([
    call(
      `${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
      {},
      'Reading the Auth accounts',
    ),
    call(`${origin}/emulator/v1/projects/${projectId}/config`, {}, 'Reading the Auth config'),
  ]);
  return {
    accounts: JSON.parse(accounts) as AuthData['accounts'],
    config: JSON.parse(config) as AuthData['config'],
  };
}

/** Every account deleted, then the saved config and accounts put back (passwords and uids as they were). */
export async function replaceAuthData(origin: string, projectId: string, data: AuthData): Promise<number> {
  const json = { 'Content-Type': 'application/json' };
  await call(`${origin}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' }, 'Clearing Auth');
  await call(
    `${origin}/emulator/v1/projects/${projectId}/config`,
    { method: 'PATCH', headers: json, body: JSON.stringify(data.config) },
    'Restoring the Auth config',
  );
  const users = data.accounts.users ?? [];
  // batchCreate refuses an empty list (MISSING_USER_ACCOUNT): no accounts, nothing to create.
  if (users.length === 0) return 0;
  const answer = JSON.parse(
    await call(
      `${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`,
      { method: 'POST', headers: json, body: JSON.stringify({ users }) },
      'Restoring the Auth accounts',
    ),
  ) as { error?: { index: number; message: string }[] };
  // batchCreate answers 200 and lists the accounts it refused.
  if (answer.error?.length)
    throw new Error(
      `Restoring the Auth accounts: ${answer.error.length} of ${users.length} refused (${answer.error
        .slice(0, 3)
        .map((e) => `#${e.index}: ${e.message}`)
        .join('; ')})`,
    );
  return users.length;
}
