import { useLiveList } from '@/lib/live-query';
import { courierOwedQuery, type CourierOwedOrder } from '../api/courier-cash';

/** The parcels whose cash the courier still holds, oldest delivery first, live: null until known. */
export function useCourierOwed(): CourierOwedOrder[] | null {
  const { list } = useLiveList(courierOwedQuery);
  if (list.status !== 'loaded') return null;
  return list.data.filter((order) => order.owed > 0).sort((a, b) => a.deliveredAt - b.deliveredAt);
}
