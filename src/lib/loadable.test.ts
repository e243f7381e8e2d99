import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromHookResult, useLoad, useLoadFor, type Loadable } from './loadable';

type Report = (result: Loadable<string>) => void;

/** A load per key whose answers the test gives by hand. */
function handLoads() {
  const reports = new Map<string, Report>();
  const stopped: string[] = [];
  const start = vi.fn((key: string, report: Report) => {
    reports.set(key, report);
    return () => stopped.push(key);
  });
  return { start, answer: (key: string, result: Loadable<string>) => reports.get(key)!(result), stopped };
}

describe('fromHookResult', () => {
  it("reads react-firebase-hooks' [value, loading, error]: an error wins, then loading, then the value", () => {
    const failure = new Error('permission-denied');
    expect(fromHookResult([['a'], false, failure])).toEqual({ status: 'failed', error: failure });
    expect(fromHookResult([undefined, true, undefined])).toEqual({ status: 'loading' });
    expect(fromHookResult([undefined, false, undefined])).toEqual({ status: 'loading' });
    expect(fromHookResult([[], false, undefined, 'snapshot'])).toEqual({ status: 'loaded', data: [] });
  });
});

describe('useLoadFor', () => {
  it('loads nothing for a visitor (no key)', () => {
    const loads = handLoads();
    const { result } = renderHook(() => useLoadFor(null, loads.start));
    expect(result.current).toEqual({ status: 'idle' });
    expect(loads.start).not.toHaveBeenCalled();
  });

  it("never shows the previous user's data to the next user, even when it arrives late", () => {
    const loads = handLoads();
    const { result, rerender } = renderHook(({ uid }) => useLoadFor(uid, loads.start), {
      initialProps: { uid: 'rahim' },
    });
    expect(result.current).toEqual({ status: 'loading' });
    act(() => loads.answer('rahim', { status: 'loaded', data: "rahim's orders" }));
    expect(result.current).toEqual({ status: 'loaded', data: "rahim's orders" });

    rerender({ uid: 'karim' });
    expect(result.current).toEqual({ status: 'loading' });
    expect(loads.stopped).toEqual(['rahim']);
    // A late answer of the stopped load is dropped.
    act(() => loads.answer('rahim', { status: 'loaded', data: "rahim's newer orders" }));
    expect(result.current).toEqual({ status: 'loading' });

    act(() => loads.answer('karim', { status: 'failed', error: new Error('unavailable') }));
    expect(result.current).toEqual({ status: 'failed', error: new Error('unavailable') });
  });

  it('stops the load when the page closes', () => {
    const loads = handLoads();
    const { unmount } = renderHook(() => useLoadFor('rahim', loads.start));
    unmount();
    expect(loads.stopped).toEqual(['rahim']);
  });
});

describe('useLoad', () => {
  it('loads on mount, reports a failure, and asks again on reload', async () => {
    const load = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('internal'))
      .mockResolvedValueOnce(42);
    const { result } = renderHook(() => useLoad(load));
    expect(result.current[0]).toEqual({ status: 'loading' });
    await waitFor(() =>
      expect(result.current[0]).toEqual({ status: 'failed', error: new Error('internal') }),
    );

    act(() => result.current[1]());
    expect(result.current[0]).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'loaded', data: 42 }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after a newer request started', async () => {
    const answers: ((value: string) => void)[] = [];
    const load = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const { result } = renderHook(() => useLoad(load));
    act(() => result.current[1]());
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]('new'));
    await act(async () => answers[0]('old'));
    expect(result.current[0]).toEqual({ status: 'loaded', data: 'new' });
  });
});
