import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct as jar } from '@/testing/products';
import { subscribeToActiveProducts } from './active-products-query';
import { LiveProductsError, subscribeToLiveProducts, type LiveProductsMessage } from './active-products-live';

vi.mock('./active-products-query', () => ({ subscribeToActiveProducts: vi.fn() }));

/** A stand-in for the browser's Worker: records how it was started, and lets the test post as the worker. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<LiveProductsMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminate = vi.fn();
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  post(message: LiveProductsMessage) {
    this.onmessage?.(new MessageEvent('message', { data: message }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.started = [];
  vi.mocked(subscribeToActiveProducts).mockReset();
});

describe('the live product listener', () => {
  it('runs in a worker of its own and hands the page each list it posts, until it is stopped', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const onProducts = vi.fn();
    const onError = vi.fn();
    const stop = subscribeToLiveProducts(onProducts, onError);
    const [worker] = FakeWorker.started;
    expect(worker.url.pathname).toMatch(/active-products\.worker\.ts$/);
    expect(worker.options.type).toBe('module');
    // The page itself loads no Firestore.
    expect(subscribeToActiveProducts).not.toHaveBeenCalled();

    worker.post({ products: [jar('mango'), jar('olive')] });
    expect(onProducts).toHaveBeenLastCalledWith([jar('mango'), jar('olive')]);
    worker.post({ products: [] });
    expect(onProducts).toHaveBeenLastCalledWith([]);
    expect(onError).not.toHaveBeenCalled();

    stop();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it("reports the listener's error with Firestore's code, and a worker that could not start", () => {
    vi.stubGlobal('Worker', FakeWorker);
    const onError = vi.fn();
    subscribeToLiveProducts(() => {}, onError);
    const [worker] = FakeWorker.started;

    worker.post({ error: { message: 'Missing or insufficient permissions.', code: 'permission-denied' } });
    const reported = onError.mock.lastCall![0] as LiveProductsError;
    expect(reported).toBeInstanceOf(LiveProductsError);
    expect(reported).toMatchObject({
      message: 'Missing or insufficient permissions.',
      code: 'permission-denied',
    });

    const failed = new ErrorEvent('error', {
      message: 'NetworkError: failed to fetch the worker script',
      cancelable: true,
    });
    worker.onerror!(failed);
    expect(onError.mock.lastCall![0]).toMatchObject({
      message: 'NetworkError: failed to fetch the worker script',
    });
    // Handled here: not also thrown at the page as an uncaught error.
    expect(failed.defaultPrevented).toBe(true);
  });

  it('runs on the page, loaded on demand, where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const unsubscribe = vi.fn();
    vi.mocked(subscribeToActiveProducts).mockReturnValue(unsubscribe);
    const onProducts = vi.fn();
    const stop = subscribeToLiveProducts(onProducts, () => {});
    await vi.waitFor(() =>
      expect(subscribeToActiveProducts).toHaveBeenCalledWith(onProducts, expect.any(Function)),
    );
    stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(FakeWorker.started).toEqual([]);
  });
});
