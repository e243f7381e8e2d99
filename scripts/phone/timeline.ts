/**
 * `npm run phone -- --trace`: where one run's time went. The page's requests (when each was asked for and when its
 * last byte arrived) and the main thread's long tasks (with what ran in them), on one clock: milliseconds since
 * the navigation started. What the fifth sitting in docs/performance.md read to find that the order form's chunks
 * were asked for late.
 */
import type { CDPSession } from 'playwright-core';

export interface RequestSpan {
  url: string;
  /** Milliseconds since the navigation started. */
  start: number;
  /** When its last byte arrived; undefined if it had not by the end of the run (a worker's script, say). */
  end?: number;
}

export interface LongTask {
  start: number;
  duration: number;
  /** The longest pieces of work inside it, e.g. "v8.evaluateModule (168)", "FunctionCall client-x.js (46)". */
  inside: string[];
}

interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  pid?: number;
  tid?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** Follows the page's requests from now on; `spans()` gives them relative to the first (the document). */
export function followRequests(cdp: CDPSession): { spans: () => RequestSpan[] } {
  const seen = new Map<string, { url: string; start: number; end?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    seen.set(event.requestId, { url: event.request.url, start: event.timestamp });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = seen.get(event.requestId);
    if (request) request.end = event.timestamp;
  });
  return {
    spans: () => {
      const all = [...seen.values()].sort((a, b) => a.start - b.start);
      const origin = all[0]?.start ?? 0;
      const ms = (seconds: number) => Math.round((seconds - origin) * 1000);
      return all.map((r) => ({
        url: r.url,
        start: ms(r.start),
        end: r.end === undefined ? undefined : ms(r.end),
      }));
    },
  };
}

/** The renderer main thread's tasks of at least `minimumMs` in a Chromium trace, from its navigation start. */
export function longTasks(trace: { traceEvents: TraceEvent[] }, minimumMs = 50): LongTask[] {
  const events = trace.traceEvents;
  const navigation = events.find((e) => e.name === 'navigationStart');
  if (!navigation) return [];
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation.pid,
  )?.tid;
  const onMain = events.filter((e) => e.tid === main && e.ph === 'X' && e.dur !== undefined);
  return onMain
    .filter((e) => e.name === 'RunTask' && e.dur! >= minimumMs * 1000)
    .map((task) => ({
      start: Math.round((task.ts - navigation.ts) / 1000),
      duration: Math.round(task.dur! / 1000),
      inside: onMain
        .filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts < task.ts + task.dur!)
        .filter((e) => e.dur! >= 5000)
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, 3)
        .map((e) => {
          const where = e.args?.data?.url?.split('/').pop() || e.args?.data?.functionName;
          return `${e.name}${where ? ` ${where}` : ''} (${Math.round(e.dur! / 1000)})`;
        }),
    }));
}

/** The timeline as lines to print: requests by path, then long tasks. */
export function formatTimeline(requests: RequestSpan[], tasks: LongTask[]): string[] {
  const at = (ms: number | undefined) => (ms === undefined ? '     …' : String(ms).padStart(6));
  return [
    '  requests (ms since navigation: asked → last byte):',
    ...requests.map((r) => `  ${at(r.start)} → ${at(r.end)}  ${new URL(r.url).pathname.slice(0, 100)}`),
    '  main-thread tasks of 50 ms or more (ms since navigation, duration, the longest work inside):',
    ...tasks.map((t) => `  ${at(t.start)} +${String(t.duration).padStart(4)}  ${t.inside.join(', ')}`),
  ];
}
