// What the server-side render of a product page needs from the catalog (app/server.tsx, for the `pages`
// Cloud Function), kept out of index.ts and so out of the browser's bundles.
export { productHeadTags, productMeta, withTitleAndDescription } from './model/product-meta';
export {
  paymentMethodsDataScript,
  productPageDataScript,
  shopWindowDataScript,
} from './model/product-page-data';
export { robotsTxt, sitemapXml } from './model/sitemap';
