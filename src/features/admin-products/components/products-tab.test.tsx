import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import type { Loadable } from '@/lib/loadable';
import { renderWithShop } from '@/testing/render';
import type { deleteProduct, setProductActive } from '../api/products';
import { ProductsApiProvider } from '../api/products-api';
import type { saveProduct } from '../api/save-product';
import type { Product } from '../model/admin-product';
import { ProductsTab } from './products-tab';

// The Firebase boundary: the live product list as each test has it (useLiveList's own listening is tested in
// src/lib/live-query.test.tsx), and the writes.
let shelf: Loadable<Product[]> = { status: 'loading' };
const shelfWatchers = new Set<() => void>();
function setShelf(list: Loadable<Product[]>) {
  shelf = list;
  act(() => shelfWatchers.forEach((watcher) => watcher()));
}
const retry = vi.fn();
const api = {
  useProducts: () => ({
    list: useSyncExternalStore(
      (watcher) => {
        shelfWatchers.add(watcher);
        return () => shelfWatchers.delete(watcher);
      },
      () => shelf,
    ),
    retry,
  }),
  setProductActive: vi.fn<typeof setProductActive>(),
  deleteProduct: vi.fn<typeof deleteProduct>(),
  saveProduct: vi.fn<typeof saveProduct>(),
};
const saving = api;
// A failure's toast logs its cause: silenced, and asked what it was given.
const logged = () => vi.mocked(console.error);

function renderTab(screenWidth?: number) {
  return renderWithShop(
    <ProductsApiProvider value={api}>
      <ProductsTab />
    </ProductsApiProvider>,
    { screenWidth },
  );
}

function product(overrides: Partial<Product>): Product {
  return {
    id: 'p1',
    name: 'আমের আচার',
    description: null,
    price: 250,
    original_price: 300,
    image_url: null,
    image_path: 'product-images/abc-1.jpg',
    category: 'আম',
    stock_quantity: 3,
    is_active: true,
    slug: null,
    created_at: null,
    updated_at: null,
    ...overrides,
  };
}

const catalogue = [
  product({}),
  product({
    id: 'p2',
    name: 'জলপাইয়ের আচার',
    original_price: null,
    category: null,
    stock_quantity: 0,
    is_active: false,
  }),
  product({ id: 'p3', name: 'রসুনের আচার', stock_quantity: 40 }),
];

function showProducts(products: Product[], screenWidth?: number) {
  const rendered = renderTab(screenWidth);
  setShelf({ status: 'loaded', data: products });
  return rendered;
}

beforeEach(() => {
  vi.resetAllMocks();
  shelf = { status: 'loading' };
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('products list', () => {
  it('shows price with the original price struck through, the stock level and the active state', () => {
    showProducts(catalogue);
    const mango = screen.getByRole('article', { name: 'আমের আচার' });
    expect(within(mango).getByText('৳২৫০')).toBeInTheDocument();
    expect(within(mango).getByText('৳৩০০').tagName).toBe('S');
    expect(within(mango).getByText('কম স্টক (৩)')).toBeInTheDocument();
    expect(within(mango).getByText('সক্রিয়')).toBeInTheDocument();

    const olive = screen.getByRole('article', { name: 'জলপাইয়ের আচার' });
    expect(within(olive).getByText('স্টক শেষ')).toBeInTheDocument();
    expect(within(olive).getByText('নিষ্ক্রিয়')).toBeInTheDocument();
    expect(within(olive).getByText('ক্যাটাগরি নেই')).toBeInTheDocument();
    expect(screen.getByText('স্টকে আছে (৪০)')).toBeInTheDocument();
  });

  it('is a table with the five columns on a laptop', () => {
    showProducts(catalogue, 1280);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['নাম', 'দাম', 'স্টক', 'সক্রিয়', 'সম্পাদনা ও মুছুন']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('deactivates a product with its switch and says so', async () => {
    api.setProductActive.mockResolvedValue(undefined);
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('checkbox', { name: 'সক্রিয় — আমের আচার' }));
    expect(api.setProductActive).toHaveBeenCalledWith('p1', false);
    expect(await screen.findByText('পণ্যটি নিষ্ক্রিয় করা হয়েছে')).toBeInTheDocument();
  });

  it('reports a failed toggle', async () => {
    api.setProductActive.mockRejectedValue(new Error('permission-denied'));
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('checkbox', { name: 'নিষ্ক্রিয় — জলপাইয়ের আচার' }));
    expect(api.setProductActive).toHaveBeenCalledWith('p2', true);
    expect(await screen.findByText('স্ট্যাটাস আপডেট করতে সমস্যা')).toBeInTheDocument();
    expect(logged()).toHaveBeenCalledWith('স্ট্যাটাস আপডেট করতে সমস্যা', '', expect.any(Error));
  });
});

describe('a product list that cannot be loaded', () => {
  it('says so in Bengali instead of showing an empty catalogue, and listens again on retry', async () => {
    const failure = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    renderTab();
    setShelf({ status: 'failed', error: failure });

    expect(screen.getByRole('alert')).toHaveTextContent('পণ্য লোড করতে সমস্যা');
    expect(screen.getByText('ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।')).toBeInTheDocument();
    expect(screen.queryByText('এখনো কোনো পণ্য যোগ করা হয়নি।')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(logged()).toHaveBeenCalledWith(
        'পণ্য লোড করতে সমস্যা',
        'ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
        failure,
      ),
    );
    expect(await screen.findAllByText('পণ্য লোড করতে সমস্যা')).toHaveLength(2); // the card and the toast

    await userEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(retry).toHaveBeenCalledTimes(1);
    setShelf({ status: 'loaded', data: catalogue });
    expect(screen.getByRole('article', { name: 'আমের আচার' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a spinner, not an empty catalogue, while the list is on its way', () => {
    renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('লোড হচ্ছে');
    expect(screen.queryByText('এখনো কোনো পণ্য যোগ করা হয়নি।')).not.toBeInTheDocument();
  });
});

describe('deleting a product', () => {
  it('asks for confirmation and deletes nothing when the seller cancels', async () => {
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('button', { name: 'মুছুন: আমের আচার' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('আপনি কি নিশ্চিত যে এই পণ্যটি মুছে ফেলতে চান?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'না, রেখে দিন' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.deleteProduct).not.toHaveBeenCalled();
  });

  it('deletes the product with its image once confirmed', async () => {
    api.deleteProduct.mockResolvedValue(undefined);
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('button', { name: 'মুছুন: আমের আচার' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন' }));
    expect(api.deleteProduct).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'p1', image_path: 'product-images/abc-1.jpg' }),
    );
    expect(await screen.findByText('পণ্য মুছে ফেলা হয়েছে')).toBeInTheDocument();
  });

  it('keeps the dialog open and reports a failed delete', async () => {
    api.deleteProduct.mockRejectedValue(new Error('unavailable'));
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('button', { name: 'মুছুন: আমের আচার' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন' }));
    expect(await screen.findByText('পণ্য মুছতে সমস্যা')).toBeInTheDocument();
    expect(logged()).toHaveBeenCalledWith('পণ্য মুছতে সমস্যা', '', expect.any(Error));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('product dialog', { timeout: 20_000 }, () => {
  async function openNewProduct() {
    showProducts([]);
    expect(screen.getByText('এখনো কোনো পণ্য যোগ করা হয়নি।')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /নতুন পণ্য/ }));
    return screen.findByRole('dialog');
  }

  it('starts active and will not save without name, price and stock', async () => {
    const dialog = await openNewProduct();
    expect(within(dialog).getByRole('checkbox', { name: 'সক্রিয় (দোকানে দেখাবে)' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'সেভ করুন' }));
    expect(await within(dialog).findByText('পণ্যের নাম দিন।')).toBeInTheDocument();
    expect(within(dialog).getByText('দাম দিন।')).toBeInTheDocument();
    expect(within(dialog).getByText('স্টক পরিমাণ দিন।')).toBeInTheDocument();
    expect(saving.saveProduct).not.toHaveBeenCalled();
  });

  it('wants the original price above the price', async () => {
    const dialog = await openNewProduct();
    await userEvent.type(within(dialog).getByLabelText(/পণ্যের নাম/), 'তেঁতুলের আচার');
    await userEvent.type(within(dialog).getByLabelText(/^দাম/), '200');
    await userEvent.type(within(dialog).getByLabelText('আগের দাম (৳)'), '150');
    await userEvent.type(within(dialog).getByLabelText(/স্টক পরিমাণ/), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'সেভ করুন' }));
    expect(await within(dialog).findByText('আগের দাম বর্তমান দামের চেয়ে বেশি হতে হবে।')).toBeInTheDocument();
    expect(saving.saveProduct).not.toHaveBeenCalled();
  });

  it('refuses an SVG (it can carry script) and an image of 5 MB or more', async () => {
    const dialog = await openNewProduct();
    const input = within(dialog).getByLabelText('ছবি বাছাই করুন', { selector: 'input' });
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif,image/gif');
    const svg = new File(['<svg onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' });
    await userEvent.upload(input, svg, { applyAccept: false });
    expect(
      await within(dialog).findByText('শুধু ছবির ফাইল (JPG, PNG, WebP, AVIF, GIF) দেওয়া যাবে।'),
    ).toBeInTheDocument();

    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 5 * 1024 * 1024 });
    await userEvent.upload(input, huge);
    expect(await within(dialog).findByText('ছবির আকার ৫ MB-এর কম হতে হবে।')).toBeInTheDocument();
  });

  it('saves a valid product, shows the upload progress and closes', async () => {
    let finish: (value: { created: boolean; imageUploadFailed: boolean }) => void = () => {};
    saving.saveProduct.mockImplementation(
      (_existing: unknown, _values: unknown, onProgress: (p: number) => void) =>
        new Promise((resolve) => {
          onProgress(42);
          finish = resolve;
        }),
    );
    const dialog = await openNewProduct();
    await userEvent.type(within(dialog).getByLabelText(/পণ্যের নাম/), 'তেঁতুলের আচার');
    await userEvent.type(within(dialog).getByLabelText(/^দাম/), '199.50');
    await userEvent.type(within(dialog).getByLabelText(/স্টক পরিমাণ/), '12');
    const photo = new File(['jpeg'], 'tetul.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(dialog).getByLabelText('ছবি বাছাই করুন', { selector: 'input' }), photo);
    await userEvent.click(within(dialog).getByRole('button', { name: 'সেভ করুন' }));

    expect(await within(dialog).findByText('ছবি আপলোড হচ্ছে… ৪২%')).toBeInTheDocument();
    expect(saving.saveProduct).toHaveBeenCalledWith(
      null,
      expect.objectContaining({
        name: 'তেঁতুলের আচার',
        price: 199.5,
        stock_quantity: 12,
        image: photo,
        is_active: true,
      }),
      expect.any(Function),
    );
    finish({ created: true, imageUploadFailed: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('পণ্য যোগ সফল')).toBeInTheDocument();
  });

  it('tells the seller when the image could not be uploaded but the product was saved', async () => {
    saving.saveProduct.mockResolvedValue({ created: false, imageUploadFailed: true });
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('button', { name: 'সম্পাদনা: আমের আচার' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/পণ্যের নাম/)).toHaveValue('আমের আচার');
    await userEvent.click(within(dialog).getByRole('button', { name: 'সেভ করুন' }));
    expect(await screen.findByText('পণ্য আপডেট সফল')).toBeInTheDocument();
    expect(await screen.findByText('ছবি আপলোড করতে সমস্যা')).toBeInTheDocument();
    expect(screen.getByText('পণ্যটি নতুন ছবি ছাড়াই সেভ হয়েছে।')).toBeInTheDocument();
  });

  it('keeps the dialog open and says so when the product cannot be saved', async () => {
    saving.saveProduct.mockRejectedValue(new Error('permission-denied'));
    showProducts(catalogue);
    await userEvent.click(screen.getByRole('button', { name: 'সম্পাদনা: আমের আচার' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'সেভ করুন' }));
    expect(await screen.findByText('পণ্য সেভ করতে সমস্যা')).toBeInTheDocument();
    expect(logged()).toHaveBeenCalledWith('পণ্য সেভ করতে সমস্যা', '', expect.any(Error));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('drops a newly chosen picture first, then the current one, and suggests existing categories', async () => {
    saving.saveProduct.mockResolvedValue({ created: false, imageUploadFailed: false });
    showProducts([product({ image_url: 'http://storage/old.jpg' }), ...catalogue.slice(1)]);
    await userEvent.click(screen.getByRole('button', { name: 'সম্পাদনা: আমের আচার' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'ছবির প্রিভিউ' })).toHaveAttribute(
      'src',
      'http://storage/old.jpg',
    );
    const options = [...dialog.querySelectorAll('datalist option')].map((option) =>
      option.getAttribute('value'),
    );
    expect(options).toEqual(['আম']);

    const photo = new File(['jpeg'], 'new.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(dialog).getByLabelText('ছবি বাছাই করুন', { selector: 'input' }), photo);
    expect(within(dialog).getByText('new.jpg')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ছবি সরান' }));
    expect(within(dialog).queryByText('new.jpg')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'ছবির প্রিভিউ' })).toHaveAttribute(
      'src',
      'http://storage/old.jpg',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'ছবি সরান' }));
    expect(within(dialog).queryByRole('img', { name: 'ছবির প্রিভিউ' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'সেভ করুন' }));
    await waitFor(() =>
      expect(saving.saveProduct).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'p1' }),
        expect.objectContaining({ image: null, remove_image: true }),
        expect.any(Function),
      ),
    );
  });
});
