import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '@/testing/products';
import { renderWithShop } from '@/testing/render';
import type { Product } from '../model/product';
import { EAGER_IMAGES, EARLY_PHOTO_TIMING, columnCount, showEarlyCards } from './early-cards';
import { EarlyProductGrid } from './early-product-grid';
import { EARLY_ORDER } from './early-taps';
import { ProductCard } from './product-card';

/** The card React draws for `product`, to compare an early card with. */
// Photographed, at ৳250.
const jar = (id: string, changes: Partial<Product> = {}): Product =>
  aProduct(id, { price: 250, image_url: `https://example.test/${id}.webp`, ...changes });

function reactCard(product: Product, priority: boolean): HTMLElement {
  const { container, unmount } = renderWithShop(
    <ProductCard product={product} onOrder={() => {}} priority={priority} />,
  );
  const card = container.querySelector('article')!.cloneNode(true) as HTMLElement;
  unmount();
  return card;
}

function earlyGrid(products: Product[]) {
  const { container } = renderWithShop(<EarlyProductGrid />);
  const photos = showEarlyCards(products, container);
  const grid = container.querySelector<HTMLElement>('[data-early-grid]')!;
  return { container, grid, photos, cards: [...grid.querySelectorAll('article')] };
}

describe('the first product cards, painted before React loads', () => {
  it('look like the cards React draws: name, prices, discount badge, photo', () => {
    const products = [
      jar('mango', { price: 250, original_price: 300 }),
      jar('olive', { slug: 'জলপাই' }),
      jar('garlic', { image_url: null }),
    ];
    const { cards } = earlyGrid(products);
    expect(cards).toHaveLength(3);
    products.forEach((product, index) => {
      const twin = reactCard(product, index < EAGER_IMAGES);
      expect(cards[index].textContent).toBe(twin.textContent);
      expect(cards[index].getAttribute('aria-label')).toBe(product.name);
      expect(cards[index].querySelector('h3 a')?.getAttribute('href')).toBe(
        twin.querySelector('h3 a')?.getAttribute('href'),
      );
      const [image, twinImage] = [cards[index].querySelector('img'), twin.querySelector('img')];
      expect(image?.getAttribute('src')).toBe(twinImage?.getAttribute('src'));
      expect(image?.getAttribute('alt')).toBe(twinImage?.getAttribute('alt'));
      expect(image?.getAttribute('loading')).toBe(twinImage?.getAttribute('loading'));
      expect(image?.getAttribute('fetchpriority')).toBe(twinImage?.getAttribute('fetchpriority'));
    });
    expect(within(cards[0]).getByText('১৬% ছাড়')).toBeInTheDocument();
    expect(cards[0].querySelector('del')).toHaveTextContent('৳৩০০');
    expect(cards[1].querySelector('.chakra-badge')).toBeNull();
    expect(cards[2].querySelector('[data-testid="product-image-placeholder"]')).not.toBeNull();
  });

  it('offer the phone sizes of a photo once they exist, as React does, and the photo itself before', () => {
    const path = (id: string) => `product-images/${id}.jpg`;
    const url = (id: string) => `https://example.test/o/${encodeURIComponent(path(id))}?alt=media&token=t`;
    const products = [
      jar('sized', { image_url: url('sized'), image_path: path('sized'), image_sized_path: path('sized') }),
      jar('fresh', { image_url: url('fresh'), image_path: path('fresh'), image_sized_path: null }),
    ];
    const { cards } = earlyGrid(products);
    const [sized, fresh] = cards.map((card) => card.querySelector('img')!);
    const twin = reactCard(products[0], true).querySelector('img')!;
    expect(sized.getAttribute('srcset')).toBe(twin.getAttribute('srcset'));
    expect(
      sized
        .getAttribute('srcset')
        ?.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['320w', '640w', '960w']);
    expect(sized.getAttribute('sizes')).toBe(twin.getAttribute('sizes'));
    expect(sized.getAttribute('src')).toBe(url('sized'));
    expect(fresh.hasAttribute('srcset')).toBe(false);
    expect(reactCard(products[1], true).querySelector('img')!.hasAttribute('srcset')).toBe(false);
    expect(fresh.getAttribute('src')).toBe(url('fresh'));
  });

  it("load the first screen's photos eagerly, first, and the rest lazily", () => {
    const products = Array.from({ length: EAGER_IMAGES + 2 }, (_, i) => jar(`p${i}`));
    const { cards, photos } = earlyGrid(products);
    const loading = cards.map((card) => card.querySelector('img')!.getAttribute('loading'));
    expect(loading).toEqual([...Array(EAGER_IMAGES).fill('eager'), 'lazy', 'lazy']);
    // The browser reports the eager photos' paint by this name (npm run phone times the first card by it).
    const timing = cards.map((card) => card.querySelector('img')!.getAttribute('elementtiming'));
    expect(timing).toEqual([...Array(EAGER_IMAGES).fill(EARLY_PHOTO_TIMING), null, null]);
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual(
      products.slice(0, EAGER_IMAGES).map((p) => p.image_url),
    );
  });

  it("name their product on the order button, for the taps kept until the app's code runs, and replace the spinner", () => {
    const { container, cards, grid } = earlyGrid([jar('mango')]);
    expect(within(cards[0]).getByRole('button')).toBeEnabled();
    expect(within(cards[0]).getByRole('button')).toHaveAttribute(EARLY_ORDER, 'mango');
    expect(grid.style.display).toBe('');
    expect(container.querySelector<HTMLElement>('[data-early-spinner]')!.style.display).toBe('none');
  });

  it('are painted once, and not at all for an empty shop or a page without the grid', () => {
    const { container, grid } = earlyGrid([jar('mango')]);
    expect(showEarlyCards([jar('olive')], container)).toEqual([]);
    expect(grid.querySelectorAll('article')).toHaveLength(1);

    const { grid: empty, container: emptyPage } = earlyGrid([]);
    expect(empty.querySelectorAll('article')).toHaveLength(0);
    expect(emptyPage.querySelector<HTMLElement>('[data-early-spinner]')!.style.display).toBe('');
    expect(showEarlyCards([jar('mango')], document.createElement('div'))).toEqual([]);
  });
});

describe('how many cards are painted before React', () => {
  it('only the first screen: row by row until a row reaches the bottom of the screen', () => {
    // jsdom has no layout: each new row is placed one 500 px card lower, on a 823 px phone screen.
    let rows = 0;
    const place = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return { bottom: this.tagName === 'ARTICLE' ? ++rows * 500 : 0 } as DOMRect;
    });
    const height = vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(823);
    try {
      const { cards, photos } = earlyGrid([jar('a'), jar('b'), jar('c'), jar('d')]);
      expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['আচার a', 'আচার b']);
      expect(photos).toHaveLength(2);
    } finally {
      place.mockRestore();
      height.mockRestore();
    }
  });
});

describe('columnCount', () => {
  it('counts the tracks of a computed grid, one column when there is no layout to read', () => {
    expect(columnCount('380px')).toBe(1);
    expect(columnCount('182.5px 182.5px')).toBe(2);
    expect(columnCount('repeat(3, minmax(0, 1fr))')).toBe(3);
    expect(columnCount('')).toBe(1);
  });
});
