import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ProductDetails, productPageDataOnPage, type ProductPageData } from '@/features/catalog';
import { NotFoundRoute } from './not-found';
import { useOrderDialog } from './order-dialog-slot';

/** On the server (the `pages` function, through app/server.tsx): the page it is rendering. */
export const ServerProductPage = createContext<ProductPageData | null>(null);

/** In the browser: what the server wrote beside the HTML it sent (read once; the document does not change). */
let sentWithPage: ProductPageData | null | undefined;
function dataSentWithPage(): ProductPageData | null {
  if (sentWithPage === undefined) sentWithPage = productPageDataOnPage();
  return sentWithPage;
}

/**
 * `/p/<slug>`: one product's page. The `pages` Cloud Function renders it (with the product, or the 404 of an
 * inactive or missing one) and the app hydrates the same tree from the data sent with it. Reached inside the
 * app on a document the server did not send (no link of the app does so), it asks the server for the page;
 * a document the server sent is never loaded again, whatever its path's spelling.
 */
export function ProductRoute() {
  const { pathname } = useLocation();
  const data = useContext(ServerProductPage) ?? dataSentWithPage();
  const { startOrder, dialog } = useOrderDialog(data?.product ?? null);
  const rendered = data !== null;
  useEffect(() => {
    if (!rendered) window.location.assign(pathname);
  }, [rendered, pathname]);

  if (!rendered) return <PageSpinner />;
  if (data.product === null) return <NotFoundRoute />;
  return (
    <>
      <ProductDetails product={data.product} onOrder={startOrder} />
      {dialog}
    </>
  );
}
