/** Whole-emulator actions: which answer, export now, clear one service's data. */
import { origin, type ConsoleConfig } from '../../lib/config';
import { requestJson } from '../../lib/http';

export type Status = Record<keyof ConsoleConfig['emulators'], boolean>;

export const fetchStatus = () => requestJson<Status>('/api/status');

export const exportNow = () =>
  requestJson<{ exported: string; auth: boolean }>('/api/export', { method: 'POST' });

export type Clearable = 'firestore' | 'storage' | 'auth';

export async function clearData(config: ConsoleConfig, what: Clearable): Promise<void> {
  const { emulators: e, projectId } = config;
  const urls: Record<Clearable, string> = {
    firestore: `${origin(e.firestore)}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    storage: `${origin(e.storage)}/internal/reset`,
    auth: `${origin(e.auth)}/emulator/v1/projects/${projectId}/accounts`,
  };
  await requestJson(urls[what], { method: 'DELETE' });
}
