/**
 * Build-time prerendering of the public routes (`/`, `/auth`, `/orders`): the header, hero and section texts are
 * in the HTML itself, so the first paint needs no JavaScript. Auth state is unknown at build time, so this
 * renders what the browser's first render shows too (the neutral "loading" shell, products loading), and the
 * client hydrates without a mismatch. Emotion writes each component's styles as <style> tags beside it; they
 * are gathered into one <style> for the page's <head> (./prerendered-styles.ts), which hydration leaves alone.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerShopWindow, type Product } from '@/features/catalog';
import { sessionHintScript } from '@/lib/session-hint';
import { TAP_KEEPER_SCRIPT } from '@/lib/tap-keeper-script';
import {
  paymentMethodsDataScript,
  productHeadTags,
  productMeta,
  productPageDataScript,
  robotsTxt,
  shopWindowDataScript,
  withTitleAndDescription,
} from '@/features/catalog/server';
import { shop } from '@/config/shop';
import { fillPageTemplate } from './page-template';
import { hoistPrerenderedStyles, prerenderEmotionCache } from './prerendered-styles';
import { AppProvider } from './provider';
import { routes } from './router';
import { ServerPaymentMethods } from './routes/order-dialog-slot';
import { ServerProductPage } from './routes/product';
import { system } from './theme';
import type { ProductPageData } from '@/features/catalog';
import type { OrderDialogProps } from '@/features/ordering';

/** The payment methods the shop offers as the page is rendered (the order form offers them before the app). */
type OfferedMethods = NonNullable<OrderDialogProps['offeredOnPage']>;

/** The inline scripts at the top of every server-rendered page: the session hint, then the tap keeper. */
export function firstScripts(): { code: string }[] {
  return [{ code: sessionHintScript() }, { code: TAP_KEEPER_SCRIPT.code }];
}

/** `/robots.txt`, written by the build beside the pages (the Functions framework will not serve that path). */
export function robotsFile(siteOrigin: string | null): string {
  return robotsTxt(siteOrigin ?? shop.website);
}

/** The paths rendered into `<path>.html` at build (`/` and product pages are the `pages` function's). */
export const PRERENDERED_PATHS = ['/auth', '/orders'] as const;

/** A prerendered page: the markup inside its root <div>, and what goes in its <head> (its one <style>). */
export interface PrerenderedPage {
  head: string;
  body: string;
}

/** What the `pages` function read for a page: its product (a product's page), its jars (`/`), the payments. */
interface PageReads {
  productPage?: ProductPageData;
  shopWindow?: Product[];
  paymentMethods?: OfferedMethods;
}

export async function renderPath(
  path: string,
  { productPage, shopWindow, paymentMethods }: PageReads = {},
): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const failures: unknown[] = [];
  const emotionCache = prerenderEmotionCache();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider system={system} emotionCache={emotionCache}>
        <ServerShopWindow.Provider value={shopWindow ?? null}>
          <ServerProductPage.Provider value={productPage ?? null}>
            <ServerPaymentMethods.Provider value={paymentMethods ?? null}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ServerPaymentMethods.Provider>
          </ServerProductPage.Provider>
        </ServerShopWindow.Provider>
      </AppProvider>
    </StrictMode>,
    {
      // Every part in its place: by default React moves a large Suspense boundary's content (here /auth's
      // lazily loaded page) out to the end of the HTML, hidden, with a script that moves it in a frame or
      // more after the first paint, which then shows the page without its content.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Anything failing to render fails the build.
      onError(error) {
        failures.push(error);
      },
    },
  );
  if (failures.length > 0) throw new Error(`prerender ${path} failed`, { cause: failures[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const { markup, style } = hoistPrerenderedStyles(Buffer.concat(chunks).toString('utf8'), emotionCache);
  return { head: style, body: markup };
}

/** The origin of a photo's address for a preconnect hint, or null when it has none an attribute can hold. */
function photoOriginOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return /^https?:\/\/[^"'<>\s&]+$/.test(origin) ? origin : null;
  } catch {
    return null; // a relative or malformed address: no hint (the pages function shows the drawn jar then)
  }
}

/**
 * A product's page (`/p/<slug>`), or the 404 of an inactive or missing one (`page.product` null), as the
 * `pages` Cloud Function answers it: the built app's HTML (`template`, Hosting's shell.html) filled as the
 * prerender fills `/`, with the product's title, description, canonical URL and link-preview tags, and the data
 * the app hydrates from: the product and the payment methods its order form offers (`paymentMethods`).
 */
export async function renderProductPage(
  template: string,
  page: ProductPageData,
  origin: string,
  paymentMethods?: OfferedMethods,
): Promise<string> {
  const { head, body } = await renderPath(page.path, { productPage: page, paymentMethods });
  const { product } = page;
  const tags = product ? productHeadTags(product, `${origin}${page.path}`, shop.name) : [];
  // The photo is the page's largest paint: its server is connected to while the HTML is read.
  const photoOrigin = product?.image_url ? photoOriginOf(product.image_url) : null;
  const html = fillPageTemplate(template, {
    path: page.path,
    firstScripts: firstScripts(),
    head: [
      photoOrigin && photoOrigin !== origin ? `<link rel="preconnect" href="${photoOrigin}">` : '',
      ...tags,
      product ? '' : '<meta name="robots" content="noindex">',
      head,
      productPageDataScript(page),
      paymentMethods ? paymentMethodsDataScript(paymentMethods) : '',
    ],
    body,
  });
  return product ? withTitleAndDescription(html, productMeta(product, shop.name)) : html;
}

/**
 * `/` with the jars on sale, as the `pages` function answers it: the built app's HTML filled with the home page
 * rendered around `products`, the products themselves and the payment methods for hydration, and a preconnect to
 * the first photo's server.
 */
export async function renderHomePage(
  template: string,
  products: Product[],
  paymentMethods?: OfferedMethods,
): Promise<string> {
  const { head, body } = await renderPath('/', { shopWindow: products, paymentMethods });
  const firstPhoto = products.find((product) => product.image_url)?.image_url;
  const photoOrigin = firstPhoto ? photoOriginOf(firstPhoto) : null;
  return fillPageTemplate(template, {
    path: '/',
    firstScripts: firstScripts(),
    head: [
      photoOrigin ? `<link rel="preconnect" href="${photoOrigin}">` : '',
      head,
      shopWindowDataScript(products),
      paymentMethods ? paymentMethodsDataScript(paymentMethods) : '',
    ],
    body,
  });
}
