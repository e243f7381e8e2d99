import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import type { Product } from '../model/product';
import { ProductCard } from './product-card';

const mangoPickle: Product = {
  id: 'p1',
  name: 'আমের আচার',
  description: null,
  price: 350,
  original_price: null,
  image_url: null,
  image_path: null,
  category: 'আচার',
  stock_quantity: 12,
  is_active: true,
  slug: null,
  created_at: new Date('2026-11-01T10:00:00Z'),
  updated_at: null,
};

describe('ProductCard', () => {
  it('shows the name, the fixed marketing values and the price in taka with Bengali digits', () => {
    renderWithShop(<ProductCard product={{ ...mangoPickle, price: 1250 }} onOrder={() => {}} />);

    expect(screen.getByRole('heading', { name: 'আমের আচার' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('৳১,২৫০');
    expect(screen.getByRole('link', { name: 'আমের আচার' })).toHaveAttribute('href', '/p/p1');
    expect(screen.getByText('৪.৫')).toBeInTheDocument();
    expect(screen.getByText('(৫০ রিভিউ)')).toBeInTheDocument();
    expect(screen.getByText('৫০০ গ্রাম')).toBeInTheDocument();
    expect(screen.getByText('ফ্রি ডেলিভারি')).toBeInTheDocument();
    expect(screen.getByText('ক্যাশ অন ডেলিভারি')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '৫-এর মধ্যে ৪.৫ রেটিং' })).toBeInTheDocument();
  });

  it('links its name to the product’s own page, by its slug', () => {
    renderWithShop(<ProductCard product={{ ...mangoPickle, slug: 'আমের-আচার' }} onOrder={() => {}} />);
    expect(screen.getByRole('link', { name: 'আমের আচার' })).toHaveAttribute(
      'href',
      `/p/${encodeURIComponent('আমের-আচার')}`,
    );
  });

  it('has no discount badge and no struck-through price without an original price', () => {
    const { container } = renderWithShop(<ProductCard product={mangoPickle} onOrder={() => {}} />);

    expect(screen.queryByText(/ছাড়/)).not.toBeInTheDocument();
    expect(container.querySelector('del')).toBeNull();
  });

  it('shows the discount badge and the original price struck through when there is one', () => {
    const { container } = renderWithShop(
      <ProductCard product={{ ...mangoPickle, price: 300, original_price: 400 }} onOrder={() => {}} />,
    );

    expect(screen.getByText('২৫% ছাড়')).toBeInTheDocument();
    expect(container.querySelector('del')).toHaveTextContent('৳৪০০');
    expect(screen.getByTestId('product-price')).toHaveTextContent('৳৩০০');
  });

  it('shows no discount when the "original" price is not above the price', () => {
    renderWithShop(
      <ProductCard product={{ ...mangoPickle, price: 300, original_price: 300 }} onOrder={() => {}} />,
    );
    expect(screen.queryByText(/ছাড়/)).not.toBeInTheDocument();
  });

  it('draws a placeholder when the product has no image', () => {
    renderWithShop(<ProductCard product={mangoPickle} onOrder={() => {}} />);
    expect(screen.getByTestId('product-image-placeholder')).toHaveTextContent('ছবি নেই');
    expect(screen.queryByRole('img', { name: 'আমের আচার' })).not.toBeInTheDocument();
  });

  it('lazy-loads the image with its size set so the page does not jump', () => {
    renderWithShop(
      <ProductCard
        product={{ ...mangoPickle, image_url: 'https://example.test/mango.webp' }}
        onOrder={() => {}}
      />,
    );
    const image = screen.getByRole('img', { name: 'আমের আচার' });
    expect(image).toHaveAttribute('src', 'https://example.test/mango.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '360');
  });

  it('hands the product to onOrder when the order button is pressed', async () => {
    const onOrder = vi.fn();
    renderWithShop(<ProductCard product={mangoPickle} onOrder={onOrder} />);

    await userEvent.click(screen.getByRole('button', { name: 'অর্ডার করুন' }));

    expect(onOrder).toHaveBeenCalledWith(mangoPickle);
  });

  it('opens the order form by its button with no script, naming the jar in the form’s own words', () => {
    renderWithShop(<ProductCard product={mangoPickle} onOrder={() => {}} />);
    const order = screen.getByRole('button', { name: 'অর্ডার করুন' });
    expect(order).toHaveAttribute('commandfor', 'order-form');
    expect(order).toHaveAttribute('command', 'show-modal');
    expect(order).toHaveAttribute('data-subject', 'আমের আচার · প্রতি বয়ামের দাম ৳৩৫০ · স্টকে আছে ১২টি');
  });
});
