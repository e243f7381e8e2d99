/** The console server's snapshots (GET/POST /api/snapshots, …/{name}/restore, DELETE …/{name}). */
import { requestJson } from '../../lib/http';
import type { RestoreReport, SnapshotInfo } from '../../../../src/console-server/snapshots';

export type { RestoreReport, SnapshotInfo };

const base = '/api/snapshots';
const one = (name: string) => `${base}/${encodeURIComponent(name)}`;

export const listSnapshots = () => requestJson<{ dir: string; snapshots: SnapshotInfo[] }>(base);

export const saveSnapshot = (name: string, replace: boolean) =>
  requestJson<SnapshotInfo>(base, { method: 'POST', body: JSON.stringify({ name, replace }) });

export const restoreSnapshot = (name: string) =>
  requestJson<RestoreReport>(`${one(name)}/restore`, { method: 'POST' });

export const deleteSnapshot = (name: string) => requestJson(one(name), { method: 'DELETE' });
