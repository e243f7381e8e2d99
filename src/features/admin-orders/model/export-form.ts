import * as yup from 'yup';
import { ORDER_STATUSES } from '@/features/ordering/model';
import { dhakaDateKey, dhakaDayEnd, dhakaDayStart, isDateKey } from '@/lib/shop-time';
import { adminOrdersTexts } from '../texts';
import type { PaperworkCriteria } from '../api/order-queries';
import type { OrderStatusFilter } from './order-filter';

const t = adminOrdersTexts.export.validation;

/** The export dialog's fields: Dhaka calendar days written YYYY-MM-DD (what `<input type="date">` holds). */
export interface ExportFormValues {
  from: string;
  to: string;
  status: OrderStatusFilter;
}

/** This month so far, in the status the dashboard is filtered by: the export a seller usually wants. */
export function exportFormValues(now: Date, status: OrderStatusFilter): ExportFormValues {
  const today = dhakaDateKey(now);
  return { from: `${today.slice(0, 8)}01`, to: today, status };
}

const day = (required: string) =>
  yup
    .string()
    .required(required)
    .test('calendar-day', t.notADate, (value) => !value || isDateKey(value));

export const exportFormSchema: yup.ObjectSchema<ExportFormValues> = yup.object({
  from: day(t.fromRequired),
  to: day(t.toRequired).test('not-before-from', t.toBeforeFrom, function (to) {
    const { from } = this.parent as ExportFormValues;
    return !isDateKey(from) || !isDateKey(to) || to >= from;
  }),
  status: yup
    .mixed<OrderStatusFilter>()
    .oneOf(['all', ...ORDER_STATUSES], t.unknownStatus)
    .required(),
});

/** The orders the form asks for: from the start of the first day to the end of the last, in Dhaka. */
export function exportCriteria(values: ExportFormValues): PaperworkCriteria {
  return { status: values.status, from: dhakaDayStart(values.from), to: dhakaDayEnd(values.to) };
}
