import { screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { useActiveProducts } from '../api/use-active-products';
import { aProduct } from '@/testing/products';
import type { Product } from '../model/product';
import { EAGER_IMAGES, EARLY, earlyCardsOnPage, showEarlyCards } from './early-cards';
import { EarlyProductGrid } from './early-product-grid';
import { showKeptTapsIn } from './early-taps';
import { ProductsSection } from './products-section';

vi.mock('../api/use-active-products', () => ({ useActiveProducts: vi.fn() }));

const jar = (id: string, name: string): Product => aProduct(id, { name });

function renderSection(searchTerm = '', onOrder: (product: Product) => void = () => {}) {
  renderWithShop(<ProductsSection searchTerm={searchTerm} onOrder={onOrder} onShowAll={() => {}} />);
}

beforeEach(() => {
  vi.mocked(useActiveProducts).mockReset();
});

describe('ProductsSection', () => {
  it('spins while the products load', () => {
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loading' });
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('লোড হচ্ছে…');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('says so when there are no products', () => {
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: [] });
    renderSection();
    expect(screen.getByText('কোনো আচার পাওয়া যায়নি')).toBeInTheDocument();
  });

  // The section keeps the order it is given; that the query gives newest first is proven against the emulator in
  // api/active-products.emulator.test.ts.
  it('shows a card per product, in the order the shop window query returns them', () => {
    vi.mocked(useActiveProducts).mockReturnValue({
      status: 'loaded',
      data: [jar('b', 'রসুনের আচার'), jar('a', 'আমের আচার')],
    });
    renderSection();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'রসুনের আচার',
      'আমের আচার',
    ]);
  });

  it('keeps only the products whose name matches the search', () => {
    vi.mocked(useActiveProducts).mockReturnValue({
      status: 'loaded',
      data: [jar('b', 'রসুনের আচার'), jar('a', 'আমের আচার')],
    });
    renderSection('আম');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'আমের আচার' })).toBeInTheDocument();
  });

  it('tells the shopper when the search matches nothing', () => {
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: [jar('a', 'আমের আচার')] });
    renderSection('কাঁঠাল');
    expect(screen.getByText('"কাঁঠাল" নামে কোনো আচার পাওয়া যায়নি')).toBeInTheDocument();
  });

  it('reports a failed load with the Bengali toast and an inline message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'failed', error: new Error('permission-denied') });
    renderSection();
    expect(screen.getByRole('alert')).toHaveTextContent('পণ্য লোড করতে সমস্যা');
    // Once inline, once in the toast.
    await waitFor(() => expect(screen.getAllByText('পণ্য লোড করতে সমস্যা')).toHaveLength(2));
    expect(console.error).toHaveBeenCalled();
  });

  it("loads the first cards' photos at once, first, at their size, and the rest only when scrolled to", () => {
    const products = Array.from({ length: EAGER_IMAGES + 2 }, (_, i) => ({
      ...jar(`p${i}`, `আচার ${i}`),
      image_url: `https://img.test/${i}.webp`,
    }));
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: products });
    renderSection();
    const images = screen.getAllByRole('img', { name: /^আচার \d$/ });
    expect(images).toHaveLength(products.length);
    images.forEach((image, i) => {
      const first = i < EAGER_IMAGES;
      expect(image).toHaveAttribute('loading', first ? 'eager' : 'lazy');
      expect(image).toHaveAttribute('fetchpriority', first ? 'high' : 'auto');
      // The box is reserved before the photo arrives: no layout shift.
      expect(image).toHaveAttribute('width', '480');
      expect(image).toHaveAttribute('height', '360');
    });
  });

  it("keeps the entry's early cards on screen in the grid's place until its own cards are drawn", () => {
    const products = [jar('b', 'রসুনের আচার'), jar('a', 'আমের আচার')];
    // The prerendered fallback, filled by the entry; React's client render of the grid takes it out of the page.
    const prerendered = renderWithShop(<EarlyProductGrid />);
    showEarlyCards(products, prerendered.container);
    const early = earlyCardsOnPage()!;
    prerendered.unmount();
    expect(early.isConnected).toBe(false);

    const moves: MutationRecord[] = [];
    const observer = new MutationObserver((records) => moves.push(...records));
    observer.observe(document.body, { childList: true, subtree: true });
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: products });
    renderSection();
    moves.push(...observer.takeRecords());
    observer.disconnect();

    // The early cards were put back where the grid goes, inside the section…
    const adopted = moves.find((move) => [...move.addedNodes].includes(early));
    expect(adopted).toBeDefined();
    const host = adopted!.target;
    const hostLeft = moves.find((move) => [...move.removedNodes].includes(host));
    expect((hostLeft?.target as Element).closest('#products')).not.toBeNull();
    // …then gave way to React's own cards, whose order buttons work.
    expect(early.isConnected).toBe(false);
    expect(earlyCardsOnPage()).toBeNull();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['রসুনের আচার', 'আমের আচার']);
    cards.forEach((card) => expect(within(card).getByRole('button')).toBeEnabled());
  });

  it('draws its own cards in two commits after the early ones: the first screen, then the rest', () => {
    const products = ['ক', 'খ', 'গ', 'ঘ', 'ঙ'].map((name, i) => jar(`p${i}`, `${name} আচার`));
    const prerendered = renderWithShop(<EarlyProductGrid />);
    // The entry painted the first screen: two cards here.
    showEarlyCards(products.slice(0, 2), prerendered.container);
    prerendered.unmount();

    // React's own cards on the page at each of its commits (the early ones are inside the early box).
    const cardsAtEachCommit: number[] = [];
    const countCards = () => {
      const cards = [...document.querySelectorAll('#products article')];
      cardsAtEachCommit.push(cards.filter((card) => !card.closest(`[${EARLY.box}]`)).length);
    };
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: products });
    renderWithShop(
      <Profiler id="products" onRender={countCards}>
        <ProductsSection searchTerm="" onOrder={() => {}} onShowAll={() => {}} />
      </Profiler>,
    );

    // The early cards first (none of React's), then as many as they were, then all.
    expect(cardsAtEachCommit).toEqual([0, 2, 5]);
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });

  it("answers a tap on an early card's order button made before it ran: the tapped jar, once", () => {
    const products = [jar('b', 'রসুনের আচার'), jar('a', 'আমের আচার')];
    const prerendered = renderWithShop(<EarlyProductGrid />);
    showEarlyCards(products, prerendered.container);
    const early = earlyCardsOnPage()!;
    within(early as HTMLElement)
      .getAllByRole('button', { hidden: false })[1]
      .click();
    prerendered.unmount();

    const onOrder = vi.fn();
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: products });
    renderSection('', onOrder);
    expect(onOrder.mock.calls).toEqual([[products[1], null]]);
  });

  it('hands the early dialog over with the tap, and takes it down for a jar no longer on sale', () => {
    const products = [jar('b', 'রসুনের আচার'), jar('a', 'আমের আচার')];
    const prerendered = renderWithShop(<EarlyProductGrid />);
    showEarlyCards(products, prerendered.container);
    const dialog = { draft: () => null, remove: vi.fn() };
    showKeptTapsIn(() => dialog);
    within(earlyCardsOnPage() as HTMLElement)
      .getAllByRole('button', { hidden: false })[1]
      .click();
    showKeptTapsIn(null);
    prerendered.unmount();

    // Jar "a" was taken off sale between the entry's list and the app's.
    const onOrder = vi.fn();
    vi.mocked(useActiveProducts).mockReturnValue({ status: 'loaded', data: [products[0]] });
    renderSection('', onOrder);
    expect(onOrder).not.toHaveBeenCalled();
    expect(dialog.remove).toHaveBeenCalledTimes(1);
  });
});
