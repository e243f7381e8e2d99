/** The console server's rules playground and rule coverage, and the Auth emulator's users to ask as. */
import type { PlaygroundAnswer, PlaygroundQuestion } from '../../../../src/console-server/api';
import type { ServiceCoverage } from '../../../../src/console-server/request-log';
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';

export type { PlaygroundAnswer, PlaygroundQuestion, ServiceCoverage };
export type RulesServiceName = 'firestore' | 'storage';

export function askRules(question: PlaygroundQuestion): Promise<PlaygroundAnswer> {
  return requestJson<PlaygroundAnswer>('/api/rules/playground', {
    method: 'POST',
    body: JSON.stringify(question),
  });
}

export function loadCoverage(service: RulesServiceName): Promise<ServiceCoverage> {
  return requestJson<ServiceCoverage>(`/api/coverage/${service}`);
}

export async function resetCoverage(service: RulesServiceName): Promise<void> {
  await requestJson(`/api/coverage/${service}`, { method: 'DELETE' });
}

/** A user of the Auth emulator as the playground offers it: uid, email and custom claims. */
export interface PlaygroundUserChoice {
  uid: string;
  email?: string;
  emailVerified?: boolean;
  claims: Record<string, unknown>;
}

export async function authUsers(config: ConsoleConfig): Promise<PlaygroundUserChoice[]> {
  const base = `${origin(config.emulators.auth)}/identitytoolkit.googleapis.com/v1/projects/${config.projectId}`;
  const body = await requestJson<{
    userInfo?: { localId: string; email?: string; emailVerified?: boolean; customAttributes?: string }[];
  }>(`${base}/accounts:query`, { method: 'POST', body: JSON.stringify({ returnUserInfo: true }) });
  return (body.userInfo ?? [])
    .map((u) => ({
      uid: u.localId,
      email: u.email,
      emailVerified: u.emailVerified === true,
      claims: parseClaims(u.customAttributes),
    }))
    .sort((a, b) => (a.email ?? a.uid).localeCompare(b.email ?? b.uid));
}

function parseClaims(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const claims: unknown = JSON.parse(text);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
