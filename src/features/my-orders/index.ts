export { MyOrdersPage } from './components/my-orders-page';
export { useMyOrders, type MyOrders } from './api/use-my-orders';
export { countInProgress, type MyOrder } from './model/my-order';
