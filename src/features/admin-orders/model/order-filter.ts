import type { OrderStatus } from '@/features/ordering/model';

/** The orders tab's status filter: one status, or every status. */
export type OrderStatusFilter = OrderStatus | 'all';
