import { act, renderHook } from '@testing-library/react';
import type { LiveQueryFake } from '@/testing/live-query-fake';
import { queryShape } from '@/testing/query-shape';
import { PENDING_BADGE_LIMIT } from './order-queries';
import { usePendingCount } from './use-pending-count';

const live = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
vi.mock('react-firebase-hooks/firestore', async () => {
  live.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
  return { useCollectionData: live.fake.useCollectionData };
});

const pending = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `p${index}` }));

describe('usePendingCount', () => {
  it('counts the pending orders live, from a query limited to what the badge shows', () => {
    const { result } = renderHook(() => usePendingCount());
    expect(queryShape(live.fake.latest().query)).toMatchObject({
      filters: ['status =='],
      limit: PENDING_BADGE_LIMIT,
    });
    expect(result.current).toEqual({ count: 0, atLeast: false });
    act(() => live.fake.latest().next(pending(3)));
    expect(result.current).toEqual({ count: 3, atLeast: false });
    act(() => live.fake.latest().next(pending(PENDING_BADGE_LIMIT)));
    expect(result.current).toEqual({ count: PENDING_BADGE_LIMIT, atLeast: true });
  });
});
