// @vitest-environment jsdom
/**
 * The console's live data: the web app's Loadable shape, never another key's answer, the latest load function
 * on every poll (no ref written during render), and a failure as `failed` with the sentence to show.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstLoadsPending } from './first-loads';
import { failureOf } from './loadable';
import { useLive } from './use-live';

describe('useLive', () => {
  it('is loading, then loaded with the answer for its key', async () => {
    const { result } = renderHook(() => useLive(async () => ['orders'], 'roots', 10_000));
    expect(result.current[0]).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'loaded', data: ['orders'] }));
  });

  it('never shows the previous key’s answer after the key changes', async () => {
    const pending: Record<string, (value: string) => void> = {};
    const { result, rerender } = renderHook(
      ({ key }) => useLive(() => new Promise<string>((resolve) => (pending[key] = resolve)), key, 10_000),
      { initialProps: { key: 'a' } },
    );
    await act(async () => pending.a('answer for a'));
    expect(result.current[0]).toEqual({ status: 'loaded', data: 'answer for a' });
    rerender({ key: 'b' });
    expect(result.current[0]).toEqual({ status: 'loading' });
    await act(async () => pending.b('answer for b'));
    expect(result.current[0]).toEqual({ status: 'loaded', data: 'answer for b' });
  });

  it('calls the load function of the latest render when asked again', async () => {
    const { result, rerender } = renderHook(({ answer }) => useLive(async () => answer, 'same', 10_000), {
      initialProps: { answer: 1 },
    });
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'loaded', data: 1 }));
    rerender({ answer: 2 });
    // Same key: the shown answer stays until the next load, which uses the new function.
    expect(result.current[0]).toEqual({ status: 'loaded', data: 1 });
    act(() => result.current[1]());
    await waitFor(() => expect(result.current[0]).toEqual({ status: 'loaded', data: 2 }));
  });

  it('polls, and reports a failure as failed with its sentence', async () => {
    let calls = 0;
    const { result, unmount } = renderHook(() =>
      useLive(
        async () => {
          calls += 1;
          if (calls >= 2) throw new Error('এমুলেটরের সাথে যোগাযোগ করা যাচ্ছে না');
          return calls;
        },
        'status',
        20,
      ),
    );
    await waitFor(() => expect(result.current[0].status).toBe('failed'));
    expect(failureOf(result.current[0])).toBe('এমুলেটরের সাথে যোগাযোগ করা যাচ্ছে না');
    expect(calls).toBeGreaterThanOrEqual(2);
    unmount(); // stops the polling before the test's environment goes
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toBe(after);
  });

  it('keeps the page busy until every first answer is in, and again for a new key, never for a poll', async () => {
    const pending: Record<string, (value: string) => void> = {};
    const { result, rerender, unmount } = renderHook(
      ({ key }) => ({
        live: useLive(() => new Promise<string>((resolve) => (pending[key] = resolve)), key, 10_000),
        busy: useFirstLoadsPending(),
      }),
      { initialProps: { key: 'a' } },
    );
    expect(result.current.busy).toBe(true);
    await act(async () => pending.a('answer for a'));
    expect(result.current.busy).toBe(false);
    act(() => result.current.live[1]()); // asked again: the answer shown stays, and so does "ready"
    expect(result.current.busy).toBe(false);
    rerender({ key: 'b' });
    expect(result.current.busy).toBe(true);
    unmount(); // a page left before its answer holds nothing
    const { result: after } = renderHook(() => useFirstLoadsPending());
    expect(after.current).toBe(false);
  });
});
