import { act, renderHook } from '@testing-library/react';
import { UNDO_MINUTES } from '@/features/ordering/model';
import { useUndoWindow } from './use-undo-window';

afterEach(() => {
  vi.useRealTimers();
});

describe("the seller's undo window", () => {
  it('is open for UNDO_MINUTES after the status change, then closes by itself', () => {
    vi.useFakeTimers();
    const at = new Date(Date.now() - 60_000);
    const { result } = renderHook(() => useUndoWindow({ from: 'delivering', at }));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime((UNDO_MINUTES - 1) * 60_000 - 1_000));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1_001));
    expect(result.current).toBe(false);
  });

  it('is closed without a change to undo, a change of unknown time, or one made long ago', () => {
    expect(renderHook(() => useUndoWindow(null)).result.current).toBe(false);
    expect(renderHook(() => useUndoWindow({ from: 'pending', at: null })).result.current).toBe(false);
    const old = new Date(Date.now() - (UNDO_MINUTES * 60_000 + 1));
    expect(renderHook(() => useUndoWindow({ from: 'pending', at: old })).result.current).toBe(false);
  });
});
