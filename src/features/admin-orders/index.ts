// What the admin dashboard composes from this feature.
export { OrdersTab } from './components/orders-tab';
export { useLiveOrders } from './hooks/use-live-orders';
export { useNewOrderSound } from './hooks/use-new-order-sound';
export { useOrderFilter } from './hooks/use-order-filter';
export { PackingSlips } from './components/packing-slips';
