// What the admin dashboard composes from this feature.
export { ProductsTab } from './components/products-tab';
