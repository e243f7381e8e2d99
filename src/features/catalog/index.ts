// The storefront's catalog: what the home page composes.
export { HeroSection } from './components/hero-section';
export { ProductsSection } from './components/products-section';
export { WhyChooseUs } from './components/why-choose-us';
export type { Product } from './model/product';
export { orderSubject } from './model/order-subject';
export type { StartOrder } from './components/start-order';
export { ServerShopWindow } from './api/use-active-products';
export { ProductDetails } from './components/product-details';
export { paymentMethodsOnPage, productPageDataOnPage, type ProductPageData } from './model/product-page-data';
