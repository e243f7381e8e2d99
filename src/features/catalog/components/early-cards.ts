import { productPhotoSrcset } from '@/features/ordering/model/product-photo-sizes';
import { formatNumberBn, formatTaka } from '@/lib/numbers';
import { productPath } from '@/features/ordering/model/product-slug';
import { discountPercent, hasDiscount, type Product } from '../model/product';
import { EARLY_ORDER, catchEarlyTaps } from './early-taps';

// The first product cards, painted by the storefront's entry before React and Chakra have loaded: plain DOM,
// no framework, so a phone shows the jars (and their photos, the page's largest paint) as soon as the product
// list arrives. The prerendered HTML carries the grid's fallback (EarlyProductGrid): a spinner, an empty
// grid, and two hidden template cards drawn by the real ProductCard (one with a photo, one without), so the
// clones look exactly like the cards React draws later. React then renders the grid in the browser in the
// fallback's place (it is a ClientOnly boundary), from the same answer, without a visible change: first it
// moves these cards into its own place, then it draws its cards in a transition (ProductGrid).

/** Photos of the first cards load eagerly with high priority: one column on a phone, four on a laptop's row. */
export const EAGER_IMAGES = 4;

/** The Element Timing name of the eagerly loaded photos: the browser reports when each is painted. */
export const EARLY_PHOTO_TIMING = 'early-photo';

/** The attributes that mark the fallback's parts, for EarlyProductGrid to set and the entry to find. */
export const EARLY = {
  box: 'data-early-products',
  spinner: 'data-early-spinner',
  grid: 'data-early-grid',
  withPhoto: 'data-early-template-photo',
  withoutPhoto: 'data-early-template-plain',
} as const;

/** The fallback box holding the cards shown, until React's grid takes their place (ProductGrid). */
let shownBox: Element | null = null;

/** The box of cards the entry painted on this page, if any, for React to keep on screen until its own are drawn. */
export function earlyCardsOnPage(): Element | null {
  return shownBox;
}

/** How many cards the entry painted in `box` (as many as fill the first screen). */
export function earlyCardCount(box: Element): number {
  return box.querySelector(`[${EARLY.grid}]`)?.childElementCount ?? 0;
}

/** Called once React's grid has taken the early cards' place. */
export function forgetEarlyCards(): void {
  shownBox = null;
}

const part = (box: Element, name: string) => box.querySelector<HTMLElement>(`[${name}]`);

/** One card for `product`, cloned from the template that fits it; its button's taps are kept (early-taps.ts). */
function cardFor(template: HTMLElement, product: Product, index: number): HTMLElement {
  const card = template.cloneNode(true) as HTMLElement;
  card.setAttribute('aria-label', product.name);
  const title = card.querySelector('h3 a');
  if (title instanceof HTMLAnchorElement) {
    title.textContent = product.name;
    title.href = productPath(product);
  }
  const price = card.querySelector('[data-testid="product-price"]');
  if (price) price.textContent = formatTaka(product.price);
  // The templates are discounted: their badge and struck-out price are kept and filled, or removed.
  const badge = card.querySelector('.chakra-badge');
  const originalPrice = card.querySelector('del');
  if (hasDiscount(product) && product.original_price !== null) {
    const percent = discountPercent(product);
    const label = badge?.textContent ?? '';
    const word = label.slice(label.indexOf('%') + 1).trim(); // "ছাড়", in the shop's one strings file
    if (badge) badge.textContent = percent > 0 ? `${formatNumberBn(percent)}% ${word}` : word;
    if (originalPrice) originalPrice.textContent = formatTaka(product.original_price);
  } else {
    badge?.remove();
    originalPrice?.remove();
  }
  const image = card.querySelector('img');
  if (image && product.image_url) {
    const first = index < EAGER_IMAGES;
    image.alt = product.name;
    image.setAttribute('loading', first ? 'eager' : 'lazy');
    image.setAttribute('fetchpriority', first ? 'high' : 'auto');
    if (first) image.setAttribute('elementtiming', EARLY_PHOTO_TIMING);
    // The phone sizes once they exist, set before src so the browser fetches one picture, not two.
    const srcset = productPhotoSrcset(product);
    if (srcset) image.srcset = srcset;
    else image.removeAttribute('srcset');
    image.src = product.image_url;
  }
  card.querySelectorAll('button').forEach((button) => button.setAttribute(EARLY_ORDER, product.id));
  return card;
}

/** Columns of a grid from its computed `grid-template-columns`: one size per track ("180px 180px"). */
export function columnCount(template: string): number {
  const repeated = /^repeat\((\d+)/.exec(template);
  if (repeated) return Number(repeated[1]);
  return Math.max(1, template.split(/\s+/).filter((track) => /^[\d.]+px$/.test(track)).length);
}

/**
 * Shows the first screen of `products` as cards in the prerendered grid's fallback, if it is there (only on
 * `/`, and only until React has rendered the real grid): row by row until a row reaches the bottom of the
 * screen. The rest come with React; the phone's first seconds go to what the shopper sees. Returns the photos
 * loaded eagerly; none if nothing was shown.
 */
export function showEarlyCards(products: Product[], root: ParentNode = document): HTMLImageElement[] {
  const box = root.querySelector<HTMLElement>(`[${EARLY.box}]`);
  if (!box || products.length === 0) return [];
  const grid = part(box, EARLY.grid);
  const withPhoto = part(box, EARLY.withPhoto)?.querySelector('article');
  const withoutPhoto = part(box, EARLY.withoutPhoto)?.querySelector('article');
  if (!grid || !withPhoto || !withoutPhoto || grid.childElementCount > 0) return [];
  grid.style.removeProperty('display');
  part(box, EARLY.spinner)?.style.setProperty('display', 'none');
  const columns = columnCount(getComputedStyle(grid).gridTemplateColumns);
  const shown: HTMLElement[] = [];
  for (let start = 0; start < products.length; start += columns) {
    const row = products
      .slice(start, start + columns)
      .map((product, i) => cardFor(product.image_url ? withPhoto : withoutPhoto, product, start + i));
    grid.append(...row);
    shown.push(...row);
    if (row[0].getBoundingClientRect().bottom >= window.innerHeight) break;
  }
  catchEarlyTaps(box);
  shownBox = box;
  return shown.slice(0, EAGER_IMAGES).flatMap((card) => [...card.querySelectorAll('img')]);
}
