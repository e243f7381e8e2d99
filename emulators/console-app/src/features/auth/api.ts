/** The Auth emulator's REST API (identitytoolkit v1 and its emulator API) as the admin, and the shop's roles. */
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';
import { FirestoreApi } from '../firestore/api';

export interface AuthUser {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  /** Milliseconds since the epoch, as a string. */
  createdAt?: string;
  lastLoginAt?: string;
  disabled?: boolean;
}

export class AuthApi {
  private readonly base: string;
  private readonly firestore: FirestoreApi;

  constructor(config: ConsoleConfig) {
    this.base = `${origin(config.emulators.auth)}/identitytoolkit.googleapis.com/v1/projects/${config.projectId}`;
    this.firestore = new FirestoreApi(config);
  }

  async users(): Promise<AuthUser[]> {
    const body = await requestJson<{ userInfo?: AuthUser[] }>(`${this.base}/accounts:query`, {
      method: 'POST',
      body: JSON.stringify({ returnUserInfo: true }),
    });
    return (body.userInfo ?? []).sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
  }

  /** uids with roles/{uid}.role == 'admin'. */
  async adminUids(): Promise<Set<string>> {
    const roles = await this.firestore.query('roles', { limit: 1000, offset: 0 });
    return new Set(
      roles
        .filter(
          (r) => r.fields?.role && 'stringValue' in r.fields.role && r.fields.role.stringValue === 'admin',
        )
        .map((r) => r.name.split('/').pop() ?? ''),
    );
  }

  async add(email: string, password: string): Promise<void> {
    await requestJson(`${this.base}/accounts`, { method: 'POST', body: JSON.stringify({ email, password }) });
  }

  async update(localId: string, change: { password?: string; emailVerified?: boolean }): Promise<void> {
    await requestJson(`${this.base}/accounts:update`, {
      method: 'POST',
      body: JSON.stringify({ localId, ...change }),
    });
  }

  async remove(localId: string): Promise<void> {
    await requestJson(`${this.base}/accounts:delete`, { method: 'POST', body: JSON.stringify({ localId }) });
  }

  /** The shop's admin role is the document roles/{uid} = { user_id, role: 'admin' } (see scripts/make-admin.ts). */
  async setAdmin(uid: string, admin: boolean): Promise<void> {
    if (!admin) return this.firestore.remove(`roles/${uid}`);
    await this.firestore.remove(`roles/${uid}`);
    await this.firestore.create('roles', uid, {
      user_id: { stringValue: uid },
      role: { stringValue: 'admin' },
    });
  }
}
