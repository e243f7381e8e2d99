import { useLiveList } from '@/lib/live-query';
import { TO_VERIFY_COUNTED, toVerifyCountQuery } from '../api/order-queries';

/** One query object: react-firebase-hooks listens again only when the query's identity changes. */
const toVerify = toVerifyCountQuery();

/**
 * How many bKash/Nagad payments wait for the seller's check, live: null until known. At most TO_VERIFY_COUNTED
 * are read, so the count stays cheap however many orders the shop has; `more` says there may be others.
 */
export function useToVerifyCount(): { count: number; more: boolean } | null {
  const { list } = useLiveList(toVerify);
  if (list.status !== 'loaded') return null;
  return { count: list.data.length, more: list.data.length >= TO_VERIFY_COUNTED };
}
