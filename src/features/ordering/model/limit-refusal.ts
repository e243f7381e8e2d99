import { toBengaliDigits } from './digits';
import {
  MAX_CANCELLATIONS_PER_DAY,
  MAX_ORDERS_PER_DAY,
  MIN_MINUTES_BETWEEN_ORDERS,
  type LimitRefusal,
} from './order-limits';
import { orderMessages } from './texts';

/** A limit's Bengali refusal, with its number. */
export function limitRefusalMessage(refusal: LimitRefusal): string {
  const texts = orderMessages.guard;
  if (refusal === 'tooManyCancellations')
    return texts.tooManyCancellations(toBengaliDigits(MAX_CANCELLATIONS_PER_DAY));
  if (refusal === 'tooManyOrdersToday') return texts.tooManyOrdersToday(toBengaliDigits(MAX_ORDERS_PER_DAY));
  return texts.tooSoon(toBengaliDigits(MIN_MINUTES_BETWEEN_ORDERS));
}
