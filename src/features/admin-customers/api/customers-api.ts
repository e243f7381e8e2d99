import { createContext, useContext } from 'react';
import { fetchCustomersPage } from './customer-pages';

/** The Customers tab's one read: a page of customer summaries from Firestore. */
const customersApi = { fetchCustomersPage };
type CustomersApi = typeof customersApi;

/**
 * The tab takes its read from here: the app never provides one (the default is Firestore); a component test
 * provides its own, so it replaces no module and shares the web tests' module graph.
 */
const CustomersApiContext = createContext<CustomersApi>(customersApi);
export const CustomersApiProvider = CustomersApiContext.Provider;

export function useCustomersApi(): CustomersApi {
  return useContext(CustomersApiContext);
}
