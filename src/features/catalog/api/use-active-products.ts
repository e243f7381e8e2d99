import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { asError, type Loadable } from '@/lib/loadable';
import { sameProducts, type Product } from '../model/product';
import { shopWindowOnPage } from '../model/product-page-data';
import { subscribeToLiveProducts } from './active-products-live';
import { fetchActiveProducts } from './active-products-rest';

export type ActiveProducts = Loadable<Product[]>;

/** On the server (the `pages` function rendering `/`, through app/server.tsx): the jars it renders. */
export const ServerShopWindow = createContext<Product[] | null>(null);

/** In the browser: the jars `/`'s server rendered, for the first mount only (a later one asks afresh). */
let sentWithPage: Product[] | null | undefined;
let sentWithPageUsed = false;
function jarsSentWithPage(): Product[] | null {
  if (sentWithPageUsed) return null;
  sentWithPage ??= shopWindowOnPage();
  return sentWithPage;
}

/**
 * The shop window, live. On `/` the first render shows the jars the server rendered into the HTML (so hydration
 * matches it); elsewhere, one REST request (`runQuery`) shows them as soon as it answers. The realtime listener
 * (full Firestore, in a Web Worker: active-products-live.ts) starts beside it and keeps them current: a product
 * the seller adds, hides or sells out changes the open page.
 */
export function useActiveProducts(): ActiveProducts {
  const server = useContext(ServerShopWindow);
  const [state, setState] = useState<ActiveProducts>(() => {
    const products = server ?? jarsSentWithPage();
    return products ? { status: 'loaded', data: products } : { status: 'loading' };
  });
  const rendered = state.status === 'loaded';
  useEffect(() => {
    sentWithPageUsed = true;
    let stopped = false;
    // Once the listener has answered, the one-shot answer (possibly arriving later) is older: ignore it.
    let live = false;
    const onError = (error: Error) => setState({ status: 'failed', error });
    // An answer that changes nothing keeps the current state, so the cards are not drawn again (the listener's
    // first answer is usually what the server rendered). A real change is drawn in a transition.
    const show = (products: Product[]) =>
      startTransition(() =>
        setState((current) =>
          current.status === 'loaded' && sameProducts(current.data, products)
            ? current
            : { status: 'loaded', data: products },
        ),
      );

    if (!rendered)
      fetchActiveProducts().then(
        (products) => !stopped && !live && show(products),
        // The listener below retries on its own; show the error only while there is nothing to show.
        (error: unknown) =>
          !stopped &&
          !live &&
          setState((current) =>
            current.status === 'loaded' ? current : { status: 'failed', error: asError(error) },
          ),
      );

    const unsubscribe = subscribeToLiveProducts((products) => {
      live = true;
      show(products);
    }, onError);
    return () => {
      stopped = true;
      unsubscribe();
    };
    // Started once per mount: `rendered` only says whether the first render had the jars already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
