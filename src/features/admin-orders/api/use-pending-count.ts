import { useLiveList } from '@/lib/live-query';
import { PENDING_BADGE_LIMIT, pendingOrdersQuery } from './order-queries';

/** One query object: react-firebase-hooks listens again when the query's identity changes. */
export const pendingOrders = pendingOrdersQuery();

export interface PendingCount {
  count: number;
  /** The count reached the badge's limit: there may be more. */
  atLeast: boolean;
}

/** How many orders wait for the seller, live, for the orders tab's badge (counted up to its limit). */
export function usePendingCount(): PendingCount {
  const { list } = useLiveList(pendingOrders);
  const count = list.status === 'loaded' ? list.data.length : 0;
  return { count, atLeast: count >= PENDING_BADGE_LIMIT };
}
