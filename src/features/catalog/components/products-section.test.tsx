import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { useActiveProducts } from '../api/use-active-products';
import { aProduct } from '@/testing/products';
import type { Product } from '../model/product';
import { EAGER_IMAGES, ProductsSection } from './products-section';

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
    expect(screen.getByText('“কাঁঠাল” নামে কোনো আচার পাওয়া যায়নি')).toBeInTheDocument();
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
});
