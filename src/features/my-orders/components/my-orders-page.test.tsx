import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { useMyOrders } from '../api/use-my-orders';
import type { MyOrder } from '../model/my-order';
import { MyOrdersPage } from './my-orders-page';

vi.mock('../api/use-my-orders', () => ({ useMyOrders: vi.fn() }));
const api = vi.hoisted(() => ({ cancelMyOrder: vi.fn() }));
vi.mock('../api/cancel-order', () => api);
const payments = vi.hoisted(() => ({ submitMyPayment: vi.fn() }));
vi.mock('../api/submit-payment', () => payments);
vi.mock('../api/payment-accounts', async () => {
  const { DEFAULT_PAYMENT_SETTINGS } = await import('@/features/ordering/model/payment-settings');
  const shop = {
    ...DEFAULT_PAYMENT_SETTINGS,
    methods: { cash_on_delivery: true, bkash: true, nagad: false },
    bkash: { number: '01811223344', account_type: 'personal' as const },
  };
  return { usePaymentAccounts: () => shop };
});

// Each test drives Chakra forms in jsdom; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.mocked(useMyOrders).mockReset();
  api.cancelMyOrder.mockReset();
});

const money = {
  paid_amount: 0,
  refunded_amount: 0,
  refund_due: 0,
  to_collect: 700,
  refund_trxid: null,
  courier_tracking_code: null,
};

const myOrder = (id: string, status: MyOrder['status']): MyOrder => ({
  id,
  product_name: 'আমের আচার',
  product_price: 350,
  quantity: 2,
  total_amount: 700,
  status,
  customer_phone: '01712345678',
  customer_address: 'কেরানীগঞ্জ, ঢাকা',
  payment_method: 'cash_on_delivery' as const,
  payment_state: 'collect_on_delivery' as const,
  payment_trxid: null,
  payment_reject_reason: null,
  created_at: new Date(),
  ...money,
});

describe('MyOrdersPage', () => {
  it('asks a visitor to log in', () => {
    vi.mocked(useMyOrders).mockReturnValue({ status: 'idle' });
    renderWithShop(<MyOrdersPage uid={null} />, { route: '/orders' });
    expect(screen.getByText('আপনার অর্ডার দেখতে লগইন করুন।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লগইন' })).toHaveAttribute('href', '/auth');
  });

  it.each([
    ['no shopper was signed in on this browser: the invitation to log in, at once', 'none', true],
    ['a shopper was signed in here: the spinner, until Auth says who it is', null, false],
  ])('shows before Auth has reported, when %s', (_, session, invited) => {
    if (session) document.documentElement.setAttribute('data-session', session);
    vi.mocked(useMyOrders).mockReturnValue({ status: 'idle' });
    try {
      renderWithShop(<MyOrdersPage uid={undefined} />, { route: '/orders' });
      expect(screen.getByRole('heading', { name: 'আমার অর্ডার' })).toBeVisible();
      const invitation = screen.getByText('আপনার অর্ডার দেখতে লগইন করুন।');
      const spinner = screen.getByRole('status', { hidden: true });
      if (invited) {
        expect(invitation).toBeVisible();
        expect(spinner).not.toBeVisible();
      } else {
        expect(invitation).not.toBeVisible();
        expect(spinner).toBeVisible();
      }
    } finally {
      document.documentElement.removeAttribute('data-session');
    }
  });

  it("lists the shopper's orders with Bengali status, relative time, quantity and total", () => {
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [
        {
          id: 'abcdefgh12345678',
          product_name: 'আমের আচার',
          product_price: 350,
          quantity: 2,
          total_amount: 700,
          status: 'delivering',
          customer_phone: '01712345678',
          customer_address: 'কেরানীগঞ্জ, ঢাকা',
          payment_method: 'cash_on_delivery' as const,
          payment_state: 'collect_on_delivery' as const,
          payment_trxid: null,
          payment_reject_reason: null,
          created_at: new Date(Date.now() - 2 * 60 * 60 * 1000),
          ...money,
        },
      ],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });

    expect(vi.mocked(useMyOrders)).toHaveBeenCalledWith('u1');
    const card = screen.getByTestId('my-order');
    expect(card).toHaveTextContent('আমের আচার');
    expect(card).toHaveTextContent('#12345678');
    expect(card).toHaveTextContent('ডেলিভারি');
    expect(card).toHaveTextContent('২ ঘণ্টা আগে');
    expect(card).toHaveTextContent('পরিমাণ: ২ × ৳৩৫০');
    expect(card).toHaveTextContent('মোট: ৳৭০০');
  });

  it('links a parcel on its way to the courier’s tracking page, and nothing before it is booked', () => {
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [
        { ...myOrder('sent1', 'delivering'), courier_tracking_code: '15BAEB8A' },
        myOrder('packed1', 'preparing'),
      ],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    const [sent, packed] = screen.getAllByTestId('my-order');
    expect(within(sent).getByTestId('my-order-tracking')).toHaveAttribute(
      'href',
      'https://steadfast.com.bd/t/15BAEB8A',
    );
    expect(within(sent).getByTestId('my-order-tracking')).toHaveTextContent(
      'পার্সেল কোথায় আছে দেখুন (15BAEB8A)',
    );
    expect(within(packed).queryByTestId('my-order-tracking')).not.toBeInTheDocument();
  });

  it('says when there are no orders yet', () => {
    vi.mocked(useMyOrders).mockReturnValue({ status: 'loaded', data: [] });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    expect(screen.getByText('আপনি এখনো কোনো অর্ডার করেননি।')).toBeInTheDocument();
  });

  it('shows the Bengali load error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useMyOrders).mockReturnValue({ status: 'failed', error: new Error('permission-denied') });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    expect(await screen.findByText('ত্রুটি')).toBeInTheDocument();
    expect(screen.getAllByText('অর্ডার লোড করতে সমস্যা হয়েছে।').length).toBeGreaterThan(0);
  });

  it('lets the customer cancel a pending order after confirming, and offers no cancel once confirmed', async () => {
    api.cancelMyOrder.mockResolvedValue(undefined);
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [myOrder('pending-order-00000001', 'pending'), myOrder('confirmed-order-00000002', 'confirmed')],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    const [pending, confirmed] = screen.getAllByTestId('my-order');
    expect(within(confirmed).queryByRole('button', { name: 'অর্ডার বাতিল করুন' })).not.toBeInTheDocument();

    await userEvent.click(within(pending).getByRole('button', { name: 'অর্ডার বাতিল করুন' }));
    const dialog = await screen.findByRole('alertdialog');
    // Never readable as "your money will not come back": a paid order's money is sent back.
    expect(dialog).toHaveTextContent(
      'অর্ডারটি বাতিল হবে, পরে আর চালু করা যাবে না। বিকাশ বা নগদ (Nagad)-এ টাকা পাঠিয়ে থাকলে সেই টাকা আপনাকে ফেরত পাঠানো হবে। আপনি কি নিশ্চিত?',
    );
    expect(api.cancelMyOrder).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'হ্যাঁ, বাতিল করুন' }));
    await waitFor(() => expect(api.cancelMyOrder).toHaveBeenCalledWith('pending-order-00000001'));
    expect(api.cancelMyOrder).toHaveBeenCalledTimes(1);
  });

  it('keeps the order when the customer says no', async () => {
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [myOrder('pending-order-00000001', 'pending')],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    await userEvent.click(screen.getByRole('button', { name: 'অর্ডার বাতিল করুন' }));
    await userEvent.click(await screen.findByRole('button', { name: 'না, রেখে দিন' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.cancelMyOrder).not.toHaveBeenCalled();
  });

  it('shows the payment state; a bKash order waiting for its TrxID says how to pay and sends it', async () => {
    payments.submitMyPayment.mockResolvedValue({ payment_state: 'claimed' });
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [
        {
          ...myOrder('bkash-order-0000AB12', 'pending'),
          payment_method: 'bkash',
          payment_state: 'rejected',
          payment_trxid: 'BK7Q2M9XA4',
          payment_reject_reason: 'এই TrxID-তে টাকা আসেনি',
        },
        myOrder('cash-order-00000002', 'pending'),
      ],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    const [wallet, cash] = screen.getAllByTestId('my-order');
    expect(within(cash).getByTestId('my-payment-state')).toHaveTextContent('ক্যাশ অন ডেলিভারি');
    expect(within(cash).queryByRole('form')).not.toBeInTheDocument();
    expect(within(wallet).getByTestId('my-payment-state')).toHaveTextContent('পেমেন্ট মেলেনি');
    expect(within(wallet).getByText('বিক্রেতা লিখেছেন: এই TrxID-তে টাকা আসেনি')).toBeInTheDocument();
    const form = await within(wallet).findByRole('form', { name: 'TrxID দিন' });
    expect(within(form).getByText('রেফারেন্সে লিখুন অর্ডার নম্বর: 0000AB12')).toBeInTheDocument();
    expect(within(form).getByText('টাকার পরিমাণ: ঠিক ৳৭০০ (700)')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: /TrxID/ }), 'XYZ');
    await userEvent.type(within(form).getByRole('textbox', { name: /যে নম্বর থেকে/ }), '01812345678');
    await userEvent.click(within(form).getByRole('button', { name: 'TrxID পাঠান' }));
    expect(await within(form).findByText(/বিকাশের ট্রানজেকশন আইডি ১০ অক্ষরের/)).toBeInTheDocument();
    expect(payments.submitMyPayment).not.toHaveBeenCalled();

    const trxId = within(form).getByRole('textbox', { name: /TrxID/ });
    await userEvent.clear(trxId);
    await userEvent.type(trxId, 'bk7q2m9xb5');
    await userEvent.click(within(form).getByRole('button', { name: 'TrxID পাঠান' }));
    await waitFor(() =>
      expect(payments.submitMyPayment).toHaveBeenCalledWith({
        orderId: 'bkash-order-0000AB12',
        trxId: 'bk7q2m9xb5',
        payer: '01812345678',
      }),
    );
  });

  it('tells the customer what the shop owes back on a cancelled paid order, how it comes, and once sent', () => {
    const paid = {
      payment_state: 'verified' as const,
      payment_trxid: 'BK7Q2M9XA4',
      paid_amount: 700,
      to_collect: 0,
    };
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [
        { ...myOrder('owed-bkash-00000001', 'cancelled'), ...paid, payment_method: 'bkash', refund_due: 700 },
        { ...myOrder('owed-nagad-00000002', 'returned'), ...paid, payment_method: 'nagad', refund_due: 350 },
        {
          ...myOrder('refunded-000000003', 'cancelled'),
          ...paid,
          payment_method: 'bkash',
          refunded_amount: 700,
          refund_trxid: 'RF7Q2M9XA4',
        },
        myOrder('plain-cash-00000004', 'pending'),
      ],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    const [bkash, nagad, refunded, plain] = screen.getAllByTestId('my-order');
    expect(within(bkash).getByTestId('my-order-money')).toHaveTextContent(
      '৳৭০০ ফেরত পাবেন যে বিকাশ নম্বর থেকে পাঠিয়েছিলেন, সেখানেই ফেরত পাঠানো হবে।',
    );
    expect(within(nagad).getByTestId('my-order-money')).toHaveTextContent(
      '৳৩৫০ ফেরত পাবেন যে নগদ (Nagad) নম্বর থেকে পাঠিয়েছিলেন, সেখানেই ফেরত পাঠানো হবে।',
    );
    const sent = within(refunded).getByTestId('my-order-money');
    expect(sent).toHaveTextContent('৳৭০০ ফেরত পাঠানো হয়েছে (TrxID RF7Q2M9XA4)');
    expect(sent).not.toHaveTextContent('ফেরত পাবেন');
    expect(within(plain).queryByTestId('my-order-money')).not.toBeInTheDocument();
    // The badge tells the money's state, not that the wallet payment was once verified.
    expect(within(bkash).getByTestId('my-payment-state')).toHaveTextContent('টাকা ফেরত বাকি');
    expect(within(nagad).getByTestId('my-payment-state')).toHaveTextContent('টাকা ফেরত বাকি');
    expect(within(refunded).getByTestId('my-payment-state')).toHaveTextContent('টাকা ফেরত দেওয়া হয়েছে');
    expect(within(plain).getByTestId('my-payment-state')).toHaveTextContent('ক্যাশ অন ডেলিভারি');
  });

  it('tells the customer the balance to pay at the door when the order grew after it was paid', () => {
    vi.mocked(useMyOrders).mockReturnValue({
      status: 'loaded',
      data: [
        {
          ...myOrder('grown-order-0000001', 'confirmed'),
          payment_method: 'bkash',
          payment_state: 'verified',
          total_amount: 1050,
          paid_amount: 700,
          to_collect: 350,
        },
        // Not yet paid: the total is what it costs, no balance line.
        {
          ...myOrder('unpaid-bkash-000002', 'pending'),
          payment_method: 'bkash',
          payment_state: 'awaiting_payment',
        },
      ],
    });
    renderWithShop(<MyOrdersPage uid="u1" />, { route: '/orders' });
    const [grown, unpaid] = screen.getAllByTestId('my-order');
    expect(within(grown).getByTestId('my-order-money')).toHaveTextContent('ডেলিভারিতে দেবেন ৳৩৫০');
    expect(within(unpaid).queryByText(/ডেলিভারিতে দেবেন/)).not.toBeInTheDocument();
    // Paid once, but not the whole of it now: the badge says so rather than "paid".
    expect(within(grown).getByTestId('my-payment-state')).toHaveTextContent('আংশিক পরিশোধিত');
    expect(within(unpaid).getByTestId('my-payment-state')).toHaveTextContent('পেমেন্টের অপেক্ষায়');
  });
});
