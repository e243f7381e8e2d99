import { createContext, useContext } from 'react';
import { deleteProduct, setProductActive } from './products';
import { saveProduct } from './save-product';
import { useProducts } from './use-products';

/** The Products tab's Firebase calls: the live product list, and its writes (Firestore and Storage). */
const productsApi = { useProducts, setProductActive, deleteProduct, saveProduct };
type ProductsApi = typeof productsApi;

/**
 * The tab's parts take them from here: the app never provides them (the default is Firebase); a component test
 * provides its own, so it replaces no module and shares the web tests' module graph. A provider's value must
 * not change while the tab is shown (`useProducts` is a hook).
 */
const ProductsApiContext = createContext<ProductsApi>(productsApi);
export const ProductsApiProvider = ProductsApiContext.Provider;

export function useProductsApi(): ProductsApi {
  return useContext(ProductsApiContext);
}
