// The ordering model's public face, shared by the web app and the Cloud Functions.
export * from './digits';
export * from './document-id';
export * from './money';
export * from './order-form';
export * from './order-limits';
export * from './order-record';
export * from './order-request-id';
export * from './order-search';
export * from './order-status';
export * from './payment-method';
export * from './phone';
export * from './place-order-input';
export * from './product-limits';
export * from './product-record';
export * from './product-slug';
export * from './status-change';
export * from './texts';
