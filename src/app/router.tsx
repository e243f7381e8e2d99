import { Suspense, lazy, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';
import { MyOrdersRoute } from './routes/my-orders';
import { NotFoundRoute } from './routes/not-found';
import { preloadOrderDialog } from './routes/order-dialog-slot';
import { ProductRoute } from './routes/product';

// Pages most shoppers never open are separate chunks, keeping the first load of / small.
const loadAuthPage = () => import('@/features/auth/lazy');
const AuthPage = lazy(() => loadAuthPage().then((entry) => ({ default: entry.AuthPage })));

/**
 * The code of a server-rendered page's part that is a chunk of its own (/auth, and the order form of `/` and a
 * product's page), fetched before hydration: React then hydrates the page in one pass (its lazy part resolves
 * at once), so what was typed and tapped before the app ran reaches a hydrated form (src/lib/tap-replay.ts).
 */
export function preloadPage(path: string): Promise<unknown> {
  if (path === '/auth') return loadAuthPage();
  // `/` and a product's page carry the order form, which the shopper may be typing into already.
  if (path === '/' || path.startsWith('/p/')) return preloadOrderDialog();
  return Promise.resolve();
}
const AdminPage = lazy(() => import('./routes/admin/admin-page'));
const SlipsPage = lazy(() => import('./routes/admin/slips-page'));

const later = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'orders', element: <MyOrdersRoute /> },
      { path: 'p/:slug', element: <ProductRoute /> },
      { path: 'auth', element: later(<AuthPage />) },
      { path: 'admin/*', element: later(<AdminPage />) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  // Paper, not a page of the shop: printed as it is, without the header and footer.
  { path: 'admin/slips', element: later(<SlipsPage />) },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
