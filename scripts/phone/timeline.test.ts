import { describe, expect, it } from 'vitest';
import { formatTimeline, longTasks } from './timeline';

const PID = 7;
const MAIN = 1;
const us = (ms: number) => ms * 1000;
const navigationAt = us(1000);

/** A Chromium trace as the phone benchmark records it: the navigation, the main thread's name, its tasks. */
const trace = {
  traceEvents: [
    { name: 'navigationStart', ph: 'R', ts: navigationAt, pid: PID, tid: MAIN },
    { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: 2, args: { name: 'Compositor' } },
    // A long task that evaluates a module and calls into React.
    { name: 'RunTask', ph: 'X', ts: navigationAt + us(3620), dur: us(187), pid: PID, tid: MAIN },
    { name: 'v8.evaluateModule', ph: 'X', ts: navigationAt + us(3621), dur: us(168), pid: PID, tid: MAIN },
    {
      name: 'FunctionCall',
      ph: 'X',
      ts: navigationAt + us(3790),
      dur: us(12),
      pid: PID,
      tid: MAIN,
      args: { data: { url: 'http://127.0.0.1:5000/assets/client-x.js', functionName: 'x' } },
    },
    { name: 'Layout', ph: 'X', ts: navigationAt + us(3803), dur: us(2), pid: PID, tid: MAIN },
    // Short tasks, and a long one on another thread: left out.
    { name: 'RunTask', ph: 'X', ts: navigationAt + us(4000), dur: us(30), pid: PID, tid: MAIN },
    { name: 'RunTask', ph: 'X', ts: navigationAt + us(4100), dur: us(400), pid: PID, tid: 2 },
  ],
};

describe('longTasks', () => {
  it("lists the main thread's tasks of 50 ms or more from the navigation, with the longest work inside", () => {
    expect(longTasks(trace)).toEqual([
      {
        start: 3620,
        duration: 187,
        inside: ['v8.evaluateModule (168)', 'FunctionCall client-x.js (12)'],
      },
    ]);
    expect(longTasks(trace, 20).map((task) => task.start)).toEqual([3620, 4000]);
  });

  it('finds nothing in a trace without a navigation', () => {
    expect(longTasks({ traceEvents: trace.traceEvents.slice(1) })).toEqual([]);
  });
});

describe('formatTimeline', () => {
  it('prints each request by path with when it was asked for and arrived, then the long tasks', () => {
    const lines = formatTimeline(
      [
        { url: 'http://127.0.0.1:5000/', start: 0, end: 661 },
        { url: 'http://127.0.0.1:5000/assets/active-products.worker-B.js', start: 4316 },
      ],
      longTasks(trace),
    );
    expect(lines).toEqual([
      '  requests (ms since navigation: asked → last byte):',
      '       0 →    661  /',
      '    4316 →      …  /assets/active-products.worker-B.js',
      '  main-thread tasks of 50 ms or more (ms since navigation, duration, the longest work inside):',
      '    3620 + 187  v8.evaluateModule (168), FunctionCall client-x.js (12)',
    ]);
  });
});
