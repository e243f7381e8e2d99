/** The console server's scheduled jobs (GET /api/scheduled-jobs, POST /api/scheduled-jobs/{name}/run). */
import { requestJson } from '../../lib/http';
import type { ScheduledJob, ScheduledJobRun } from '../../../../src/console-server/extensions';

export type { ScheduledJob, ScheduledJobRun };

const base = '/api/scheduled-jobs';

export const listScheduledJobs = async () => (await requestJson<{ jobs: ScheduledJob[] }>(base)).jobs;

export const runScheduledJob = (name: string) =>
  requestJson<ScheduledJobRun>(`${base}/${encodeURIComponent(name)}/run`, { method: 'POST' });
