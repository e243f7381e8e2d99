import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PHOTO_TIMING } from './early-cards';
import { PAINT_WAIT_MS, photosPainted } from './early-photos';

/** A stand-in for the browser's PerformanceObserver: the test reports Element Timing entries through it. */
class FakeObserver {
  static supportedEntryTypes: string[] = ['element'];
  static active: FakeObserver[] = [];
  observing = false;
  constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
  observe() {
    this.observing = true;
    FakeObserver.active.push(this);
  }
  disconnect() {
    this.observing = false;
  }
  static report(entry: { identifier: string; element: Element }) {
    for (const observer of FakeObserver.active)
      if (observer.observing) observer.callback({ getEntries: () => [entry] });
  }
}

/** A photo as the early cards show it, loaded (or not). */
function photo(loaded = true): HTMLImageElement {
  const image = document.createElement('img');
  Object.defineProperty(image, 'complete', { value: true });
  Object.defineProperty(image, 'naturalWidth', { value: loaded ? 480 : 0 });
  return image;
}

const state = (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  return () => settled;
};

describe('waiting for the first photos to be painted', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeObserver.active = [];
    FakeObserver.supportedEntryTypes = ['element'];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("resolves when the browser reports one of the photos' paint, and stops listening", async () => {
    const [first, second] = [photo(), photo()];
    const settled = state(photosPainted([first, second]));
    await vi.advanceTimersByTimeAsync(10);
    FakeObserver.report({ identifier: EARLY_PHOTO_TIMING, element: document.createElement('img') });
    FakeObserver.report({ identifier: 'other', element: second });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled()).toBe(false);

    FakeObserver.report({ identifier: EARLY_PHOTO_TIMING, element: second });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled()).toBe(true);
    expect(FakeObserver.active.every((observer) => !observer.observing)).toBe(true);
  });

  it('gives up after a bound (a photo outside the screen is never reported)', async () => {
    const settled = state(photosPainted([photo()]));
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled()).toBe(true);
    expect(FakeObserver.active[0].observing).toBe(false);
  });

  it('does not wait when no photo loaded', async () => {
    const settled = state(photosPainted([photo(false)]));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled()).toBe(true);
    expect(FakeObserver.active).toHaveLength(0);
  });

  it('without Element Timing, waits for the photos to be decoded and a frame', async () => {
    FakeObserver.supportedEntryTypes = [];
    const image = photo();
    let decoded!: () => void;
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const settled = state(photosPainted([image]));
    await vi.advanceTimersByTimeAsync(50);
    expect(settled()).toBe(false);
    decoded();
    await vi.advanceTimersByTimeAsync(50); // jsdom's animation frames are timers
    expect(settled()).toBe(true);
    expect(FakeObserver.active).toHaveLength(0);
  });
});
