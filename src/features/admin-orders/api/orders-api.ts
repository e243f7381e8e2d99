import { createContext, useContext } from 'react';
import { ordersCsvBlob } from './paperwork-orders';
import { blockPhone, loadPhoneSummary } from './phone-history';

/** The Orders tab's reads and writes that its parts take from the context below. */
const adminOrdersApi = { loadPhoneSummary, blockPhone, ordersCsvBlob };
type AdminOrdersApi = typeof adminOrdersApi;

/**
 * The app never provides one (the default is Firestore); a component test provides its own, so it replaces no
 * module and shares the web tests' module graph.
 */
const AdminOrdersApiContext = createContext<AdminOrdersApi>(adminOrdersApi);
export const AdminOrdersApiProvider = AdminOrdersApiContext.Provider;

export function useAdminOrdersApi(): AdminOrdersApi {
  return useContext(AdminOrdersApiContext);
}
