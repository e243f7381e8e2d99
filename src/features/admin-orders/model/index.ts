export * from './admin-order';
export * from './new-orders';
export * from './open-orders';
