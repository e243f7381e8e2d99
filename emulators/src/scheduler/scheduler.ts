/**
 * A local Cloud Scheduler for firebase-tools' Functions emulator, which loads `onSchedule` functions but never
 * runs them (docs/scheduled-functions.md has the facts this relies on). It asks the emulator which scheduled
 * functions it holds (`GET /backends`), works out each one's next run from its schedule and time zone
 * (./schedule.ts), and at that time sends the request Cloud Scheduler would send. A job never overlaps itself
 * unless a run is asked for with `overlap`; a run that comes due while the last one still runs is skipped.
 */
import { nextRunAfter, parseSchedule, type Schedule } from './schedule.js';

/** A scheduled function as the Functions emulator describes it (its trigger definition). */
export interface ScheduledFunction {
  /** The function's name, e.g. `expireUnpaidOrders`: the job's name here. */
  name: string;
  region: string;
  /** `<region>-<name>`: the emulator keys its trigger by this and a generation. */
  id: string;
  platform: string;
  schedule: string;
  timeZone: string | null;
  timeoutSeconds: number;
}

export type RunOutcome = 'succeeded' | 'failed' | 'skipped';

export interface JobRun {
  /** 'schedule': it came due; 'manual': someone asked (the console's "run now"). */
  cause: 'schedule' | 'manual';
  /** The time the run was due (X-CloudScheduler-ScheduleTime), ISO. */
  scheduleTime: string;
  startedAt: string;
  endedAt: string | null;
  outcome: RunOutcome | 'running';
  /** The function's HTTP answer, when it gave one. */
  status?: number;
  /** Why it failed or was skipped. */
  error?: string;
}

/** What the console shows of a job. */
export interface JobState {
  name: string;
  region: string;
  /** As declared in the code. */
  schedule: string;
  /** What it runs on here: the declared one, or a local override. */
  effectiveSchedule: string;
  timeZone: string;
  nextRunAt: string | null;
  running: number;
  lastRun: JobRun | null;
  /** Recent runs, newest first. */
  runs: JobRun[];
  /** Why it does not run here (a schedule Cloud Scheduler would refuse, a 1st gen function), or null. */
  problem: string | null;
}

export interface FunctionsSchedulerOptions {
  /** The Functions emulator, e.g. http://127.0.0.1:5001. */
  functionsOrigin: string;
  projectId: string;
  /** Schedules to run on instead of the declared ones, by job name (may use `every N seconds`). */
  overrides?: Readonly<Record<string, string>>;
  /** One line per run, in the shop's start-up style. */
  log?: (line: string) => void;
  /** How often to look again for scheduled functions (the emulator reloads them on a rebuild). */
  refreshMs?: number;
}

const KEPT_RUNS = 10;
/** setTimeout's limit is ~24.8 days; a timer further out is set again on the way. */
const LONGEST_TIMER_MS = 60 * 60 * 1000;
/** Cloud Scheduler's deadline for an HTTP target defaults to 3 minutes; the function's own timeout if longer. */
const DEFAULT_DEADLINE_SECONDS = 180;

interface Job {
  fn: ScheduledFunction;
  schedule: Schedule | null;
  effectiveSchedule: string;
  problem: string | null;
  nextRunAt: Date | null;
  timer: NodeJS.Timeout | null;
  running: Set<AbortController>;
  runs: JobRun[];
}

export class SchedulerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class FunctionsScheduler {
  private readonly jobs = new Map<string, Job>();
  private refresher: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly log: (line: string) => void;
  private lastDiscoveryError: string | null = null;

  constructor(private readonly options: FunctionsSchedulerOptions) {
    this.log = options.log ?? (() => {});
  }

  /**
   * Finds the scheduled functions and sets their timers; looks again every `refreshMs`. An emulator that does
   * not answer yet is logged and asked again then.
   */
  async start(): Promise<void> {
    await this.refresh().catch(() => {});
    const every = this.options.refreshMs ?? 30_000;
    this.refresher = setInterval(() => void this.refresh().catch(() => {}), every);
    this.refresher.unref();
  }

  /** Stops every timer and ends the runs in flight (their requests are cancelled). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.refresher) clearInterval(this.refresher);
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.timer = null;
      for (const run of job.running) run.abort();
    }
  }

  /** Every scheduled function the emulator holds, with its next and last runs. */
  async list(): Promise<JobState[]> {
    await this.refresh().catch(() => {});
    return [...this.jobs.values()].map((job) => this.state(job));
  }

  /**
   * Runs a job now, as its schedule would. Refused (409) while it runs, unless `overlap` asks for a second
   * run beside it. Resolves with the finished run.
   */
  async runNow(name: string, { overlap = false }: { overlap?: boolean } = {}): Promise<JobRun> {
    if (!this.jobs.has(name)) await this.refresh();
    const job = this.jobs.get(name);
    if (!job) throw new SchedulerError(`No scheduled function named "${name}".`, 404);
    if (job.fn.platform !== 'gcfv2') throw new SchedulerError(job.problem ?? 'Not runnable here.', 409);
    if (job.running.size > 0 && !overlap)
      throw new SchedulerError(`"${name}" is running; it runs once at a time.`, 409);
    return this.run(job, 'manual', new Date());
  }

  private state(job: Job): JobState {
    return {
      name: job.fn.name,
      region: job.fn.region,
      schedule: job.fn.schedule,
      effectiveSchedule: job.effectiveSchedule,
      timeZone: job.schedule?.timeZone ?? job.fn.timeZone ?? 'UTC',
      nextRunAt: job.nextRunAt?.toISOString() ?? null,
      running: job.running.size,
      lastRun: job.runs[0] ?? null,
      runs: [...job.runs],
      problem: job.problem,
    };
  }

  /** Reads the emulator's scheduled functions; adds, re-times or drops jobs to match. */
  private async refresh(): Promise<void> {
    if (this.stopped) return;
    let found: ScheduledFunction[];
    try {
      found = await scheduledFunctions(this.options.functionsOrigin);
      this.lastDiscoveryError = null;
    } catch (error) {
      const message = `✖ scheduler: cannot read the Functions emulator's functions: ${(error as Error).message}`;
      if (message !== this.lastDiscoveryError) this.log(message);
      this.lastDiscoveryError = message;
      throw error;
    }
    if (this.stopped) return;
    const names = new Set(found.map((fn) => fn.name));
    for (const [name, job] of this.jobs) {
      if (!names.has(name)) {
        if (job.timer) clearTimeout(job.timer);
        this.jobs.delete(name);
      }
    }
    for (const fn of found) {
      const known = this.jobs.get(fn.name);
      if (known && sameDefinition(known.fn, fn)) continue;
      if (known?.timer) clearTimeout(known.timer);
      const job = this.job(fn, known);
      this.jobs.set(fn.name, job);
      if (!known) {
        this.log(
          job.problem
            ? `✖ scheduler: ${fn.name} will not run here: ${job.problem}`
            : `› scheduler: ${fn.name} runs ${describeSchedule(job)}`,
        );
      }
      this.arm(job, new Date());
    }
  }

  private job(fn: ScheduledFunction, known: Job | undefined): Job {
    const override = this.options.overrides?.[fn.name];
    const effectiveSchedule = override ?? fn.schedule;
    let schedule: Schedule | null = null;
    let problem: string | null = null;
    if (fn.platform !== 'gcfv2') {
      problem = '1st gen scheduled functions are Pub/Sub-triggered; only 2nd gen (HTTP) ones run here.';
    } else {
      try {
        schedule = parseSchedule(effectiveSchedule, fn.timeZone ?? undefined, {
          allowSeconds: override !== undefined,
        });
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    return {
      fn,
      schedule,
      effectiveSchedule,
      problem,
      nextRunAt: null,
      timer: null,
      running: known?.running ?? new Set(),
      runs: known?.runs ?? [],
    };
  }

  /** Sets the job's timer for its next run after `after`. */
  private arm(job: Job, after: Date): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    if (this.stopped || !job.schedule) {
      job.nextRunAt = null;
      return;
    }
    const due = nextRunAfter(job.schedule, after);
    job.nextRunAt = due;
    const wait = () => {
      const left = due.getTime() - Date.now();
      if (left > LONGEST_TIMER_MS) {
        job.timer = setTimeout(wait, LONGEST_TIMER_MS);
      } else {
        job.timer = setTimeout(() => void this.due(job, due), Math.max(0, left));
      }
      job.timer.unref();
    };
    wait();
  }

  private async due(job: Job, scheduleTime: Date): Promise<void> {
    job.timer = null;
    if (this.stopped || this.jobs.get(job.fn.name) !== job) return;
    if (job.running.size > 0) {
      // Cloud Scheduler does not start a job's next attempt while one is in flight; nor does this.
      this.remember(job, {
        cause: 'schedule',
        scheduleTime: scheduleTime.toISOString(),
        startedAt: new Date().toISOString(),
        endedAt: new Date().toISOString(),
        outcome: 'skipped',
        error: 'the previous run was still running',
      });
      this.log(`› scheduler: ${job.fn.name} skipped: its previous run is still running`);
      this.arm(job, scheduleTime);
      return;
    }
    // Fixed times are counted from when this one was due; "every N minutes" from when this run ends.
    if (job.schedule?.kind === 'times') this.arm(job, scheduleTime);
    else job.nextRunAt = null;
    await this.run(job, 'schedule', scheduleTime);
    if (job.schedule?.kind === 'after-each-run' && this.jobs.get(job.fn.name) === job)
      this.arm(job, new Date());
  }

  private async run(job: Job, cause: JobRun['cause'], scheduleTime: Date): Promise<JobRun> {
    const controller = new AbortController();
    job.running.add(controller);
    const run: JobRun = {
      cause,
      scheduleTime: scheduleTime.toISOString(),
      startedAt: new Date().toISOString(),
      endedAt: null,
      outcome: 'running',
    };
    this.remember(job, run);
    const started = Date.now();
    try {
      const deadline = Math.max(job.fn.timeoutSeconds, DEFAULT_DEADLINE_SECONDS) * 1000;
      const timeout = setTimeout(
        () => controller.abort(new Error('no answer before its deadline')),
        deadline,
      );
      try {
        run.status = await invokeScheduledFunction(
          this.options.functionsOrigin,
          this.options.projectId,
          job.fn,
          scheduleTime,
          controller.signal,
        );
      } finally {
        clearTimeout(timeout);
      }
      run.outcome = run.status >= 200 && run.status < 300 ? 'succeeded' : 'failed';
      if (run.outcome === 'failed') run.error = `the function answered HTTP ${run.status}`;
    } catch (error) {
      run.outcome = 'failed';
      const reason = controller.signal.reason as unknown;
      run.error = reason instanceof Error ? reason.message : (error as Error).message;
    } finally {
      job.running.delete(controller);
      run.endedAt = new Date().toISOString();
    }
    if (this.stopped) return run; // cancelled by the shop's stop: nothing to report
    const took = ((Date.now() - started) / 1000).toFixed(1);
    const why = cause === 'manual' ? ' (run now)' : '';
    this.log(
      run.outcome === 'succeeded'
        ? `› scheduler: ${job.fn.name} ran${why} in ${took} s`
        : `✖ scheduler: ${job.fn.name} failed${why} after ${took} s: ${run.error}`,
    );
    return run;
  }

  private remember(job: Job, run: JobRun): void {
    job.runs.unshift(run);
    job.runs.length = Math.min(job.runs.length, KEPT_RUNS);
  }
}

/**
 * Local overrides from one line, e.g. an environment variable: `name=schedule` pairs separated by `;`
 * (`expireUnpaidOrders=every 5 seconds;eveningSummary=0 21 * * *`).
 */
export function parseScheduleOverrides(text: string | undefined): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const pair of (text ?? '').split(';')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const schedule = pair.slice(at + 1).trim();
    if (at < 1 || name === '' || schedule === '')
      throw new SchedulerError(`Schedule override "${pair.trim()}": write name=schedule.`, 400);
    overrides[name] = schedule;
  }
  return overrides;
}

function describeSchedule(job: Job): string {
  const zone = job.schedule?.timeZone ?? 'UTC';
  const declared = job.effectiveSchedule === job.fn.schedule ? '' : ` (declared "${job.fn.schedule}")`;
  const next = job.schedule ? `, next ${nextRunAfter(job.schedule, new Date()).toISOString()}` : '';
  return `"${job.effectiveSchedule}" ${zone}${declared}${next}`;
}

function sameDefinition(a: ScheduledFunction, b: ScheduledFunction): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface TriggerDefinition {
  name?: unknown;
  id?: unknown;
  region?: unknown;
  platform?: unknown;
  timeoutSeconds?: unknown;
  schedule?: { schedule?: unknown; timeZone?: unknown } | null;
}

/** The scheduled functions the Functions emulator holds: its `GET /backends`, the definitions with a schedule. */
export async function scheduledFunctions(functionsOrigin: string): Promise<ScheduledFunction[]> {
  const response = await fetch(`${functionsOrigin}/backends`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET /backends answered ${response.status}`);
  const { backends = [] } = (await response.json()) as {
    backends?: { functionTriggers?: TriggerDefinition[] }[];
  };
  const found: ScheduledFunction[] = [];
  for (const def of backends.flatMap((b) => b.functionTriggers ?? [])) {
    const schedule = def.schedule?.schedule;
    if (typeof schedule !== 'string' || typeof def.name !== 'string') continue;
    const region = typeof def.region === 'string' ? def.region : 'us-central1';
    found.push({
      name: def.name,
      region,
      id: typeof def.id === 'string' ? def.id : `${region}-${def.name}`,
      platform: typeof def.platform === 'string' ? def.platform : 'gcfv2',
      schedule,
      timeZone: typeof def.schedule?.timeZone === 'string' ? def.schedule.timeZone : null,
      timeoutSeconds: typeof def.timeoutSeconds === 'number' ? def.timeoutSeconds : 60,
    });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The key the emulator keeps a scheduled function's trigger under: `<region>-<name>-<generation>`, the
 * generation being the emulator's reload count when the function was first loaded. The emulator publishes the
 * keys only in its answer to an unknown function ("… valid functions are: k1, k2"); `-0` (a function present
 * since the emulator started) when that answer cannot be read.
 */
export async function triggerKey(
  functionsOrigin: string,
  projectId: string,
  fn: ScheduledFunction,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(`${functionsOrigin}/${encodeURIComponent(projectId)}/~/~`, { signal });
  const text = await response.text();
  const listed = /valid functions are: (.*)$/s.exec(text)?.[1]?.split(', ') ?? [];
  let best: { key: string; generation: number } | null = null;
  for (const key of listed.map((k) => k.trim())) {
    if (!key.startsWith(`${fn.id}-`)) continue;
    const generation = Number(key.slice(fn.id.length + 1));
    if (Number.isInteger(generation) && (!best || generation > best.generation)) best = { key, generation };
  }
  return best?.key ?? `${fn.id}-0`;
}

/**
 * Calls a 2nd gen scheduled function as Cloud Scheduler does: an HTTP POST with no body and the
 * X-CloudScheduler headers (firebase-functions reads the job's name and the schedule time from them), through
 * the Functions emulator's route for background triggers. Resolves with the function's HTTP status.
 */
export async function invokeScheduledFunction(
  functionsOrigin: string,
  projectId: string,
  fn: ScheduledFunction,
  scheduleTime: Date,
  signal?: AbortSignal,
): Promise<number> {
  const key = await triggerKey(functionsOrigin, projectId, fn, signal);
  const response = await fetch(
    `${functionsOrigin}/functions/projects/${encodeURIComponent(projectId)}/triggers/${encodeURIComponent(key)}`,
    {
      method: 'POST',
      signal,
      headers: {
        'User-Agent': 'Google-Cloud-Scheduler',
        'X-CloudScheduler': 'true',
        'X-CloudScheduler-JobName': `firebase-schedule-${fn.name}-${fn.region}`,
        'X-CloudScheduler-ScheduleTime': scheduleTime.toISOString(),
      },
    },
  );
  await response.arrayBuffer();
  return response.status;
}
