export * from './admin-product';
export * from './product-form';
export * from './product-image';
