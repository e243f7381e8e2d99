/**
 * The Auth emulator's REST API (identitytoolkit v1 and its emulator API) as the admin, and the user roles the
 * project adds to the console (its extensions: the console server keeps them, the page only asks).
 */
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';

export interface AuthUser {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  /** Milliseconds since the epoch, as a string. */
  createdAt?: string;
  lastLoginAt?: string;
  disabled?: boolean;
}

/** A code the Auth emulator made for a phone number (it sends no SMS): what the customer would type. */
export interface PhoneCode {
  phoneNumber: string;
  code: string;
}

/** An action link the Auth emulator would have mailed (its emulator API: `/emulator/v1/projects/{id}/oobCodes`). */
interface OobCode {
  email?: string;
  requestType?: string;
  oobLink?: string;
}

export class AuthApi {
  private readonly base: string;
  private readonly emulatorBase: string;
  private readonly oobCodes: string;
  private readonly roleIds: string[];

  constructor(config: ConsoleConfig) {
    this.base = `${origin(config.emulators.auth)}/identitytoolkit.googleapis.com/v1/projects/${config.projectId}`;
    this.oobCodes = `${origin(config.emulators.auth)}/emulator/v1/projects/${config.projectId}/oobCodes`;
    this.roleIds = config.extensions.userRoles.map((role) => role.id);
    this.emulatorBase = `${origin(config.emulators.auth)}/emulator/v1/projects/${config.projectId}`;
  }

  /** The phone codes not used yet, newest last (GET …/verificationCodes). */
  async phoneCodes(): Promise<PhoneCode[]> {
    const body = await requestJson<{ verificationCodes?: PhoneCode[] }>(
      `${this.emulatorBase}/verificationCodes`,
    );
    return (body.verificationCodes ?? []).map(({ phoneNumber, code }) => ({ phoneNumber, code }));
  }

  /**
   * Each e-mail → the newest verification link the Auth emulator "sent" it (sendEmailVerification), which it
   * keeps until used: opening it verifies the address, as the mailed link would.
   */
  async verificationLinks(): Promise<Map<string, string>> {
    const body = await requestJson<{ oobCodes?: OobCode[] }>(this.oobCodes);
    const links = new Map<string, string>();
    for (const code of body.oobCodes ?? []) {
      if (code.requestType === 'VERIFY_EMAIL' && code.email && code.oobLink)
        links.set(code.email.toLowerCase(), code.oobLink);
    }
    return links;
  }

  async users(): Promise<AuthUser[]> {
    const body = await requestJson<{ userInfo?: AuthUser[] }>(`${this.base}/accounts:query`, {
      method: 'POST',
      body: JSON.stringify({ returnUserInfo: true }),
    });
    return (body.userInfo ?? []).sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
  }

  /** Each of the project's user roles → the uids that hold it. */
  async roleHolders(): Promise<Map<string, Set<string>>> {
    const answers = await Promise.all(
      this.roleIds.map((id) =>
        requestJson<{ holders: string[] }>(`/api/user-roles/${encodeURIComponent(id)}`),
      ),
    );
    return new Map(this.roleIds.map((id, i) => [id, new Set(answers[i].holders)]));
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

  async setRole(roleId: string, uid: string, held: boolean): Promise<void> {
    await requestJson(`/api/user-roles/${encodeURIComponent(roleId)}`, {
      method: 'POST',
      body: JSON.stringify({ uid, held }),
    });
  }
}
