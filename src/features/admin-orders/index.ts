// What the admin dashboard composes from this feature.
export { OrdersTab } from './components/orders-tab';
export { useLiveOrders, type LiveOrders } from './hooks/use-live-orders';
export { useNewOrderSound, type NewOrderSound } from './hooks/use-new-order-sound';
export { useOrderFilter, type OrderFilterState } from './hooks/use-order-filter';
export type { AdminOrder } from './model/admin-order';
export { PackingSlips } from './components/packing-slips';
