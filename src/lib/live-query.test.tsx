import { act, renderHook } from '@testing-library/react';
import type { Query } from 'firebase/firestore';
import type { LiveQueryFake } from '@/testing/live-query-fake';
import { useLiveList } from './live-query';

// The Firebase boundary: react-firebase-hooks' live query. Each test pushes the snapshot through its listener.
const live = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
vi.mock('react-firebase-hooks/firestore', async () => {
  live.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
  return { useCollectionData: live.fake.useCollectionData };
});

const products = {} as Query<string>;

describe('useLiveList', () => {
  it('says a failed listener failed, and on retry ends it and listens to the same query again', () => {
    const { result } = renderHook(() => useLiveList(products));
    expect(result.current.list).toEqual({ status: 'loading' });
    const failure = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    const failed = live.fake.latest();
    act(() => failed.fail(failure));
    expect(result.current.list).toEqual({ status: 'failed', error: failure });

    act(() => result.current.retry());
    expect(live.fake.ended).toHaveBeenCalledWith(products);
    expect(live.fake.latest()).not.toBe(failed);
    expect(live.fake.latest().query).toBe(products);
    expect(result.current.list).toEqual({ status: 'loading' });
    act(() => live.fake.latest().next(['আমের আচার']));
    expect(result.current.list).toEqual({ status: 'loaded', data: ['আমের আচার'] });
  });
});
