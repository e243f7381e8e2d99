import { startTransition, useEffect, useState } from 'react';
import { asError, type Loadable } from '@/lib/loadable';
import { sameProducts, type Product } from '../model/product';
import { subscribeToLiveProducts } from './active-products-live';
import { fetchActiveProducts } from './active-products-rest';
import { earlyProducts, takeEarlyRequest } from './early-products';

export type ActiveProducts = Loadable<Product[]>;

/**
 * The shop window, live. First one request (REST `runQuery`, started by the entry before React loaded) so the
 * cards appear as soon as the data can arrive, without waiting for the realtime connection's handshake: when
 * it has already answered, the first render shows its cards (the ones the entry painted before React); the
 * realtime listener (full Firestore, in a Web Worker: active-products-live.ts) starts beside it and keeps them
 * current: a product the seller adds, hides or sells out changes the open page. (Starting the listener later,
 * at the first interaction, made the order-dialog end-to-end tests flaky: dropped.)
 */
export function useActiveProducts(): ActiveProducts {
  const [state, setState] = useState<ActiveProducts>(() => {
    const products = earlyProducts();
    return products ? { status: 'loaded', data: products } : { status: 'loading' };
  });
  useEffect(() => {
    let stopped = false;
    // Once the listener has answered, the one-shot answer (possibly arriving later) is older: ignore it.
    let live = false;
    const onError = (error: Error) => setState({ status: 'failed', error });
    // An answer that changes nothing keeps the current state, so the cards are not drawn again (the first
    // render showed the early answer already; the listener's first answer is usually the same list). A real
    // change is drawn in a transition: in slices, the page stays responsive meanwhile.
    const show = (products: Product[]) =>
      startTransition(() =>
        setState((current) =>
          current.status === 'loaded' && sameProducts(current.data, products)
            ? current
            : { status: 'loaded', data: products },
        ),
      );

    (takeEarlyRequest() ?? fetchActiveProducts()).then(
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
  }, []);
  return state;
}
