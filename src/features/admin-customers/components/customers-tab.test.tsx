import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShop } from '@/testing/render';
import type { CustomerOrder } from '../model/customers';
import { CustomersTab } from './customers-tab';

const base: CustomerOrder = {
  user_id: 'u1',
  customer_name: 'রহিম উদ্দিন',
  customer_phone: '01712345678',
  customer_email: 'rahim@example.com',
  total_amount: 500,
  status: 'delivered',
  created_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
};

describe('customers tab', () => {
  const orders: CustomerOrder[] = [
    base,
    { ...base, total_amount: 750, status: 'cancelled' },
    {
      ...base,
      user_id: 'u2',
      customer_name: 'সালমা বেগম',
      customer_phone: '01812345678',
      customer_email: '',
    },
  ];

  it('lists each customer once with their order count and what they spent, cancelled orders left out', () => {
    renderWithShop(<CustomersTab orders={orders} loading={false} failed={false} />);
    const rahim = screen.getByRole('article', { name: 'রহিম উদ্দিন' });
    expect(within(rahim).getByText('২টি অর্ডার')).toBeInTheDocument();
    expect(within(rahim).getByText('৳৫০০')).toBeInTheDocument();
    expect(within(rahim).getByRole('link', { name: '01712345678' })).toHaveAttribute(
      'href',
      'tel:01712345678',
    );
    expect(within(rahim).getByText('৩ দিন আগে')).toBeInTheDocument();
    expect(screen.getByText('মোট ২ জন গ্রাহক')).toBeInTheDocument();
  });

  it('searches customers and says when nobody matches', async () => {
    renderWithShop(<CustomersTab orders={orders} loading={false} failed={false} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }), 'সালমা');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'গ্রাহক খুঁজুন' }), 'xyz');
    expect(screen.getByText('এই খোঁজে কোনো গ্রাহক পাওয়া যায়নি।')).toBeInTheDocument();
  });

  it('explains that customers appear with the first order', () => {
    renderWithShop(<CustomersTab orders={[]} loading={false} failed={false} />);
    expect(screen.getByText('এখনো কোনো গ্রাহক নেই — প্রথম অর্ডার এলে এখানে দেখা যাবে।')).toBeInTheDocument();
  });

  it('says the list could not be loaded instead of "no customers yet" when the orders failed to load', () => {
    renderWithShop(<CustomersTab orders={[]} loading={false} failed />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'অর্ডার লোড করা যায়নি, তাই গ্রাহক তালিকা দেখানো যাচ্ছে না।',
    );
    expect(screen.queryByText(/এখনো কোনো গ্রাহক নেই/)).not.toBeInTheDocument();
  });
});
