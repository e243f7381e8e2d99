import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShop } from '@/testing/render';
import type { CustomersCursor, CustomersPage, fetchCustomersPage } from '../api/customer-pages';
import { CustomersApiProvider } from '../api/customers-api';
import type { Customer } from '../model/customers';
import { CustomersTab } from './customers-tab';

// The Firebase boundary: one page of summaries per call, answered by each test.
const api = { fetchCustomersPage: vi.fn<typeof fetchCustomersPage>() };
const renderCustomersTab = () =>
  renderWithShop(
    <CustomersApiProvider value={api}>
      <CustomersTab />
    </CustomersApiProvider>,
  );

const rahim: Customer = {
  key: 'user:u1',
  name: 'রহিম উদ্দিন',
  phone: '01712345678',
  email: 'rahim@example.com',
  orderCount: 2,
  totalSpent: 500,
  lastOrderAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
};
const salma: Customer = { ...rahim, key: 'user:u2', name: 'সালমা বেগম', phone: '01812345678', email: null };
const cursor = { id: 'after-salma' } as unknown as CustomersCursor;
const page = (customers: Customer[], next: CustomersCursor | null = null): CustomersPage => ({
  customers,
  next,
});

beforeEach(() => {
  vi.clearAllMocks();
});

describe('customers tab', () => {
  it('lists the customers of the first page with their order count and what they spent', async () => {
    api.fetchCustomersPage.mockResolvedValue(page([rahim, salma]));
    renderCustomersTab();
    const card = await screen.findByRole('article', { name: 'রহিম উদ্দিন' });
    expect(within(card).getByText('২টি অর্ডার')).toBeInTheDocument();
    expect(within(card).getByText('৳৫০০')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '01712345678' })).toHaveAttribute(
      'href',
      'tel:01712345678',
    );
    expect(within(card).getByText('৩ দিন আগে')).toBeInTheDocument();
    expect(screen.getByText('মোট ২ জন গ্রাহক')).toBeInTheDocument();
    expect(api.fetchCustomersPage).toHaveBeenCalledWith({ kind: 'none' }, null);
    expect(screen.queryByRole('button', { name: 'আরও দেখুন' })).not.toBeInTheDocument();
  });

  it('loads the next page after the last customer on "more"', async () => {
    api.fetchCustomersPage.mockResolvedValueOnce(page([rahim], cursor)).mockResolvedValueOnce(page([salma]));
    renderCustomersTab();
    await screen.findByText('সাম্প্রতিক ১ জন গ্রাহক দেখানো হচ্ছে');
    await userEvent.click(screen.getByRole('button', { name: 'আরও দেখুন' }));
    await screen.findByRole('article', { name: 'সালমা বেগম' });
    expect(api.fetchCustomersPage).toHaveBeenLastCalledWith({ kind: 'none' }, cursor);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'আরও দেখুন' })).not.toBeInTheDocument();
  });

  it('asks for a name prefix or a phone once typing paused, and says when nobody matches', async () => {
    api.fetchCustomersPage.mockResolvedValue(page([rahim, salma]));
    renderCustomersTab();
    await screen.findByText('মোট ২ জন গ্রাহক');
    api.fetchCustomersPage.mockResolvedValue(page([salma]));
    await userEvent.type(screen.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }), 'সাল');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.fetchCustomersPage).toHaveBeenLastCalledWith({ kind: 'term', term: 'সাল' }, null);
    expect(api.fetchCustomersPage).toHaveBeenCalledTimes(2);

    api.fetchCustomersPage.mockResolvedValue(page([]));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }), '০১৯১১ ০০০০০০');
    expect(await screen.findByText('এই খোঁজে কোনো গ্রাহক পাওয়া যায়নি।')).toBeInTheDocument();
    expect(api.fetchCustomersPage).toHaveBeenLastCalledWith({ kind: 'phone', phone: '01911000000' }, null);
  });

  it('explains that customers appear with the first order', async () => {
    api.fetchCustomersPage.mockResolvedValue(page([]));
    renderCustomersTab();
    expect(
      await screen.findByText('এখনো কোনো গ্রাহক নেই — প্রথম অর্ডার এলে এখানে দেখা যাবে।'),
    ).toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on retry', async () => {
    api.fetchCustomersPage.mockRejectedValueOnce(new Error('permission-denied'));
    api.fetchCustomersPage.mockResolvedValueOnce(page([rahim]));
    renderCustomersTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('গ্রাহক তালিকা লোড করা যায়নি।');
    await userEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(await screen.findByRole('article', { name: 'রহিম উদ্দিন' })).toBeInTheDocument();
  });
});
