export * from './admin-order';
export * from './new-orders';
