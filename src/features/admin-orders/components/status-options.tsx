import { ORDER_STATUSES, orderStatusLabel } from '@/features/ordering/model';
import { adminOrdersTexts } from '../texts';

/** The choices of a status filter: every status, then each one by its Bengali name. */
export function StatusOptions() {
  return (
    <>
      <option value="all">{adminOrdersTexts.allStatuses}</option>
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>
          {orderStatusLabel(value)}
        </option>
      ))}
    </>
  );
}
