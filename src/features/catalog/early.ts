// What the storefront's tiny entry (src/main.tsx) uses before React loads: the first product request and the
// cards painted from it. Apart from index.ts so that the entry does not pull in the catalog's React UI.
export { loadActiveProductsEarly } from './api/early-products';
export { showEarlyCards } from './components/early-cards';
export { catchEarlyTaps, showKeptTapsIn } from './components/early-taps';
export { productPageDataOnPage } from './model/product-page-data';
