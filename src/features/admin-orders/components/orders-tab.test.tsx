import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveQueryFake } from '@/testing/live-query-fake';
import { queryShape } from '@/testing/query-shape';
import { renderWithShop } from '@/testing/render';
import { useLiveOrders, type LiveOrders } from '../hooks/use-live-orders';
import { useOrderFilter, type OrderFilterState } from '../hooks/use-order-filter';
import {
  ORDER_STATUSES,
  sellerStatusChoices,
  UNDO_MINUTES,
  type OrderStatus,
} from '@/features/ordering/model';
import { toAdminOrder, type AdminOrder } from '../model/admin-order';
import { OrdersTab } from './orders-tab';

// The Firebase boundary: each page's onSnapshot; the search tests answer the queries the tab asks.
const live = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
vi.mock('firebase/firestore', async (importOriginal) => {
  live.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
  return {
    ...(await importOriginal<typeof import('firebase/firestore')>()),
    onSnapshot: live.fake.onSnapshot,
  };
});
vi.mock('react-firebase-hooks/firestore', async () => ({
  useCollectionData: (await import('@/testing/live-query-fake')).createLiveQueryFake().useCollectionData,
}));
vi.mock('../hooks/new-order-chime', () => ({
  playNewOrderChime: vi.fn(),
  wakeChimeOnFirstGesture: vi.fn(() => () => {}),
}));

// Each card's phone history (phone-history.test.tsx tests it): an empty one, no Firestore.
vi.mock('../api/phone-history', () => ({
  loadPhoneSummary: vi.fn(async () => (await import('@/features/ordering/model')).EMPTY_PHONE_SUMMARY),
  blockPhone: vi.fn(),
}));
// The shop's payment wait (settings/payments): 24 hours unless a test sets another.
const shop = vi.hoisted(() => ({ waitHours: 24 as number | null }));
vi.mock('../api/payment-wait', () => ({ usePaymentWaitHours: () => shop.waitHours }));
const api = vi.hoisted(() => ({
  updateOrderStatus: vi.fn(),
  undoOrderStatus: vi.fn(),
  reviewPayment: vi.fn(),
  recordRefund: vi.fn(),
  bookCourier: vi.fn(),
  recordCourierPayout: vi.fn(),
}));
vi.mock('../api/orders', () => ({
  updateOrderStatus: api.updateOrderStatus,
  undoOrderStatus: api.undoOrderStatus,
}));
vi.mock('../api/review-payment', () => ({ reviewPayment: api.reviewPayment }));
vi.mock('../api/record-refund', () => ({ recordRefund: api.recordRefund }));
vi.mock('../api/book-courier', () => ({ bookCourier: api.bookCourier }));
vi.mock('../api/courier-cash', () => ({ recordCourierPayout: api.recordCourierPayout }));
// The courier's cash (courier-cash.test.tsx tests the line and the dialog): one delivered parcel not paid out.
vi.mock('../hooks/use-courier-owed', () => ({
  useCourierOwed: () => [{ id: 'delivered0001', customerName: 'রহিমা', owed: 321_00, deliveredAt: 1 }],
}));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));
vi.mock('@/components/ui/toaster', async (original) => ({
  ...(await original<typeof import('@/components/ui/toaster')>()),
  ...toasts,
}));

function order(overrides: Partial<AdminOrder>): AdminOrder {
  return {
    id: 'ORDERID0001abcdEFGH1234',
    product_id: 'p1',
    product_name: 'আমের আচার',
    product_price: 250,
    quantity: 2,
    total_amount: 500,
    customer_name: 'রহিম উদ্দিন',
    customer_phone: '01712345678',
    customer_email: 'rahim@example.com',
    customer_address: 'জিনজিরা, কেরানীগঞ্জ',
    payment_method: 'bkash',
    payment_state: 'awaiting_payment',
    payment_trxid: null,
    payment_payer: null,
    payment_reject_reason: null,
    user_id: 'u1',
    status: 'pending',
    created_at: new Date(Date.now() - 2 * 60 * 60 * 1000),
    updated_at: null,
    payment_updated_at: null,
    paid_amount: 0,
    refunded_amount: 0,
    to_collect: 500,
    refund_due: 0,
    payment_claimed_amount: null,
    refund_trxid: null,
    status_undo: null,
    courier_tracking_code: null,
    courier_state: null,
    courier_error: null,
    courier_collected: null,
    courier_payout_reference: null,
    courier_paid_on: null,
    ...overrides,
  };
}

const sound = { muted: false, toggleMuted: vi.fn() };
const retry = vi.fn();
const loadMore = vi.fn();
const noFilter: OrderFilterState = {
  text: '',
  setText: vi.fn(),
  status: 'all',
  setStatus: vi.fn(),
  filter: { status: 'all', search: { kind: 'none' } },
  active: false,
  clear: vi.fn(),
};
const liveList = (changes: Partial<LiveOrders>): LiveOrders => ({
  orders: [],
  loading: false,
  failed: false,
  freshIds: new Set(),
  retry,
  hasMore: false,
  loadingMore: false,
  loadMore,
  ...changes,
});

function renderTab(orders: AdminOrder[], freshIds: ReadonlySet<string> = new Set()) {
  return renderWithShop(<OrdersTab live={liveList({ orders, freshIds })} sound={sound} filter={noFilter} />);
}

/** The tab as the dashboard composes it: the filter drives the live list's queries. */
function Dashboard() {
  const filter = useOrderFilter();
  const orders = useLiveOrders({ chime: false, filter: filter.filter });
  return <OrdersTab live={orders} sound={sound} filter={filter} />;
}

/** The listener started last, once the tab has asked for the query `matching` describes. */
async function queryAsked(matching: Partial<ReturnType<typeof queryShape>>) {
  await waitFor(() => expect(queryShape(live.fake.latest().query)).toMatchObject(matching), {
    timeout: 2000,
  });
  return live.fake.latest();
}

// Typing into a whole Chakra tab in jsdom takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.clearAllMocks();
  live.fake.reset();
  shop.waitHours = 24;
});

describe('order card', () => {
  it('shows the short id, the payment method the customer chose, a tel: link and the Bengali amounts', () => {
    renderTab([order({})]);
    const card = screen.getByRole('article', { name: 'অর্ডার #EFGH1234' });
    expect(within(card).getByText('বিকাশ')).toBeInTheDocument();
    expect(within(card).queryByText('ক্যাশ অন ডেলিভারি')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '01712345678' })).toHaveAttribute(
      'href',
      'tel:01712345678',
    );
    expect(within(card).getByText('২ × ৳২৫০')).toBeInTheDocument();
    expect(within(card).getByText('৳৫০০')).toBeInTheDocument();
    expect(within(card).getByText('২ ঘণ্টা আগে')).toBeInTheDocument();
    expect(within(card).getByText('অমীমাংসিত', { selector: 'span' })).toBeInTheDocument();
  });

  it("isolates typed text, so U+202E stored in an old order cannot turn the card's lines around", () => {
    const { id: _id, created_at: _created, updated_at: _updated, ...fields } = order({});
    const stored = toAdminOrder('ORDERID0002abcdEFGH5678', {
      ...fields,
      customer_name: 'রহিম\u202E উদ্দিন',
      customer_address: 'জিনজিরা\u202E 12 34\nকেরানীগঞ্জ',
    });
    renderTab([stored]);
    const card = screen.getByRole('article', { name: 'অর্ডার #EFGH5678' });
    expect(card.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    const name = within(card).getByText('রহিম উদ্দিন');
    expect(name.tagName).toBe('BDI');
    const address = within(card).getByText(/জিনজিরা 12 34/);
    expect(address.tagName).toBe('BDI');
    // The address's two lines, each on its own line inside the address's field.
    expect(address.textContent).toBe('জিনজিরা 12 34\nকেরানীগঞ্জ');
    expect(getComputedStyle(address).whiteSpace).toBe('pre-line');
  });

  it('marks an order that just arrived', () => {
    renderTab(
      [order({ id: 'fresh-order-000001' }), order({ id: 'older-order-000002' })],
      new Set(['fresh-order-000001']),
    );
    expect(screen.getByRole('article', { name: 'অর্ডার #r-000001' })).toHaveAttribute('data-fresh');
    expect(screen.getByRole('article', { name: 'অর্ডার #r-000002' })).not.toHaveAttribute('data-fresh');
    expect(screen.getAllByText('নতুন')).toHaveLength(1);
  });

  it('disables the status dropdown while its update runs, then confirms with a toast', async () => {
    let finish: () => void = () => {};
    api.updateOrderStatus.mockReturnValue(
      new Promise<{ status: string }>((resolve) => (finish = () => resolve({ status: 'confirmed' }))),
    );
    renderTab([order({})]);
    const select = screen.getByLabelText('স্ট্যাটাস পরিবর্তন');

    await userEvent.selectOptions(select, 'confirmed');
    expect(api.updateOrderStatus).toHaveBeenCalledWith('ORDERID0001abcdEFGH1234', 'confirmed');
    expect(select).toBeDisabled();

    finish();
    await waitFor(() => expect(select).toBeEnabled());
    expect(toasts.notifySuccess).toHaveBeenCalledWith('সফল!', 'অর্ডার স্ট্যাটাস আপডেট হয়েছে।');
  });

  it('keeps a warning on screen when the returned jars did not all fit under the stock limit', async () => {
    const notice =
      'স্টকে সর্বোচ্চ ১০০০০০টি বয়াম রাখা যায়, তাই ফেরত আসা ২টি বয়াম স্টকে যোগ হয়নি — স্টক মিলিয়ে দেখুন।';
    api.updateOrderStatus.mockResolvedValue({ status: 'cancelled', notice });
    renderTab([order({})]);

    await userEvent.selectOptions(screen.getByLabelText('স্ট্যাটাস পরিবর্তন'), 'cancelled');
    await waitFor(() =>
      expect(toasts.notifyWarning).toHaveBeenCalledWith('স্ট্যাটাস আপডেট হয়েছে, স্টক পুরো ফেরত যায়নি', notice),
    );
    expect(toasts.notifySuccess).not.toHaveBeenCalled();
  });

  it('reports a failed status update and lets the seller try again', async () => {
    api.updateOrderStatus.mockRejectedValue(new Error('permission-denied'));
    renderTab([order({ status: 'confirmed' })]);
    const select = screen.getByLabelText('স্ট্যাটাস পরিবর্তন');

    await userEvent.selectOptions(select, 'pending');
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith(
        'স্ট্যাটাস আপডেট করতে সমস্যা হয়েছে।',
        undefined,
        expect.any(Error),
      ),
    );
    expect(select).toBeEnabled();
    expect(toasts.notifySuccess).not.toHaveBeenCalled();
  });

  it("shows the server's Bengali reason when it refuses to un-cancel an order", async () => {
    const reason = 'বাতিল অর্ডারটি আবার চালু করতে যথেষ্ট স্টক নেই (স্টকে আছে ১টি)।';
    api.updateOrderStatus.mockRejectedValue(
      Object.assign(new Error(`${reason} [400]`), { details: { message: reason } }),
    );
    renderTab([order({ status: 'cancelled' })]);

    await userEvent.selectOptions(screen.getByLabelText('স্ট্যাটাস পরিবর্তন'), 'pending');
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith(
        'স্ট্যাটাস আপডেট করতে সমস্যা হয়েছে।',
        reason,
        expect.any(Error),
      ),
    );
  });

  it('marks the cards of a customer who has several open orders', () => {
    renderTab([
      order({ id: 'order-a-00000001', user_id: 'prankster', status: 'pending' }),
      order({ id: 'order-b-00000002', user_id: 'prankster', status: 'confirmed' }),
      order({ id: 'order-c-00000003', user_id: 'prankster', status: 'cancelled' }),
      order({ id: 'order-d-00000004', user_id: 'regular', status: 'pending' }),
    ]);
    const marks = screen.getAllByTestId('customer-open-orders');
    // Both open orders and the cancelled one of the same customer carry the mark; the one-order customer not.
    expect(marks).toHaveLength(3);
    expect(marks[0]).toHaveTextContent('এই গ্রাহকের ২টি চলমান অর্ডার');
    const regular = screen.getByRole('article', { name: 'অর্ডার #00000004' });
    expect(within(regular).queryByTestId('customer-open-orders')).not.toBeInTheDocument();
  });
});

describe('search and status filter', () => {
  const orders = [
    order({ id: 'aaaaaaaa-0001', customer_name: 'Rahim', product_name: 'আমের আচার', status: 'pending' }),
    order({
      id: 'bbbbbbbb-0002',
      customer_name: 'সালমা',
      customer_phone: '01812345678',
      status: 'delivered',
    }),
  ];

  it('asks Firestore for a name prefix in any case, and for a phone typed in Bengali digits', async () => {
    renderWithShop(<Dashboard />);
    act(() => live.fake.latest().next(orders));
    expect(screen.getAllByRole('article')).toHaveLength(2);

    const search = screen.getByRole('searchbox', { name: 'অর্ডার খুঁজুন' });
    await userEvent.type(search, 'RAHIM');
    const byName = await queryAsked({ filters: ['search_terms array-contains'], limit: 50 });
    // One query once typing paused, not one per letter.
    expect(live.fake.listeners).toHaveLength(2);
    act(() => byName.next([orders[0]]));
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await userEvent.clear(search);
    await userEvent.type(search, '০১৮১২-৩৪৫৬৭৮');
    const byPhone = await queryAsked({ filters: ['search_phone =='] });
    act(() => byPhone.next([orders[1]]));
    expect(screen.getByRole('article', { name: 'অর্ডার #bbb-0002' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('filters by status, says nothing matched, and offers to clear the filter', async () => {
    renderWithShop(<Dashboard />);
    act(() => live.fake.latest().next(orders));
    await userEvent.selectOptions(screen.getByLabelText('স্ট্যাটাস অনুযায়ী দেখুন'), 'cancelled');
    const cancelled = await queryAsked({ filters: ['status =='] });
    act(() => cancelled.next([]));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('এই খোঁজ বা ফিল্টারে কোনো অর্ডার পাওয়া যায়নি।')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'ফিল্টার মুছুন' }));
    const all = await queryAsked({ filters: [] });
    act(() => all.next(orders));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows a different empty state when there are no orders at all', () => {
    renderTab([]);
    expect(screen.getByText('এখনো কোনো অর্ডার আসেনি।')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ফিল্টার মুছুন' })).not.toBeInTheDocument();
  });

  it('lets the seller mute the new-order sound', async () => {
    renderTab(orders);
    const toggle = screen.getByRole('button', { name: 'নতুন অর্ডারের শব্দ' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(sound.toggleMuted).toHaveBeenCalledTimes(1);
  });
});

describe('older orders', () => {
  it('offers "more" while there may be older orders, and says the count is of the recent ones', async () => {
    renderWithShop(
      <OrdersTab live={liveList({ orders: [order({})], hasMore: true })} sound={sound} filter={noFilter} />,
    );
    expect(screen.getByText('সাম্প্রতিক ১টি অর্ডার দেখানো হচ্ছে')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'আরও দেখুন' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('has no "more" once every order is shown', () => {
    renderTab([order({})]);
    expect(screen.queryByRole('button', { name: 'আরও দেখুন' })).not.toBeInTheDocument();
    expect(screen.getByText('মোট ১টি অর্ডার')).toBeInTheDocument();
  });
});

describe('when the orders cannot be loaded', () => {
  it('says so in Bengali and offers to try again', async () => {
    renderWithShop(<OrdersTab live={liveList({ failed: true })} sound={sound} filter={noFilter} />);
    expect(screen.getByText('অর্ডার লোড করতে সমস্যা হয়েছে।')).toBeInTheDocument();
    expect(screen.queryByText('এখনো কোনো অর্ডার আসেনি।')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe("an order's payment on its card", () => {
  const claimed = () =>
    order({
      payment_state: 'claimed',
      payment_trxid: 'BK7Q2M9XA4',
      payment_payer: '01812345678',
    });

  it('names Nagad so it cannot be read as cash, with the state, the TrxID, the payer and the amount', () => {
    renderTab([
      order({
        id: 'nagad-order-00000001',
        payment_method: 'nagad',
        payment_state: 'rejected',
        payment_trxid: '71B4XK9Q',
        payment_payer: '01912345678',
        payment_reject_reason: 'টাকা আসেনি',
      }),
    ]);
    const payment = within(screen.getByTestId('order-payment'));
    expect(payment.getByText('নগদ (Nagad)')).toBeInTheDocument();
    expect(payment.getByTestId('payment-state')).toHaveTextContent('পেমেন্ট মেলেনি');
    expect(payment.getByTestId('payment-trxid')).toHaveTextContent('71B4XK9Q');
    expect(payment.getByText(/01912345678/)).toBeInTheDocument();
    expect(payment.getByText(/টাকার পরিমাণ: ৳৫০০/)).toBeInTheDocument();
    expect(payment.getByText('কারণ: টাকা আসেনি')).toBeInTheDocument();
    expect(payment.queryByRole('button')).not.toBeInTheDocument();
  });

  it('verifies a claimed payment in one click, both buttons disabled while it runs, then says so', async () => {
    let finish: () => void = () => {};
    api.reviewPayment.mockReturnValue(
      new Promise((resolve) => (finish = () => resolve({ payment_state: 'verified' }))),
    );
    renderTab([claimed()]);
    await userEvent.click(screen.getByRole('button', { name: 'পেমেন্ট মিলেছে' }));
    expect(api.reviewPayment).toHaveBeenCalledWith({ orderId: claimed().id, decision: 'verify' });
    expect(screen.getByRole('button', { name: 'পেমেন্ট মেলেনি' })).toBeDisabled();
    finish();
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('পেমেন্ট যাচাই হয়েছে।'));
    expect(screen.getByRole('button', { name: 'পেমেন্ট মেলেনি' })).toBeEnabled();
  });

  it("rejects with the seller's reason asked in a small dialog; an empty reason is refused in Bengali", async () => {
    api.reviewPayment.mockResolvedValue({ payment_state: 'rejected' });
    renderTab([claimed()]);
    await userEvent.click(screen.getByRole('button', { name: 'পেমেন্ট মেলেনি' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'মেলেনি বলে জানান' }));
    expect(await within(dialog).findByText(/পেমেন্ট না মেলার কারণ লিখুন/)).toBeInTheDocument();
    expect(api.reviewPayment).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /কারণ/ }), '  ৳৫০ এসেছে, ৳৫০০ নয় ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'মেলেনি বলে জানান' }));
    await waitFor(() =>
      expect(api.reviewPayment).toHaveBeenCalledWith({
        orderId: claimed().id,
        decision: 'reject',
        reason: '৳৫০ এসেছে, ৳৫০০ নয়',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("shows the server's Bengali refusal as a toast", async () => {
    api.reviewPayment.mockRejectedValue(
      Object.assign(new Error('x'), {
        details: { message: 'এই অর্ডারে যাচাই করার মতো কোনো ট্রানজেকশন আইডি নেই।' },
      }),
    );
    renderTab([claimed()]);
    await userEvent.click(screen.getByRole('button', { name: 'পেমেন্ট মিলেছে' }));
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith(
        'পেমেন্ট যাচাই করা যায়নি',
        'এই অর্ডারে যাচাই করার মতো কোনো ট্রানজেকশন আইডি নেই।',
        expect.anything(),
      ),
    );
  });

  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

  it("flags a claim left unchecked longer than the shop's payment wait, and no other order", () => {
    renderTab([
      order({ ...claimed(), id: 'old-claim-00000001', payment_updated_at: hoursAgo(25) }),
      order({ ...claimed(), id: 'new-claim-00000002', payment_updated_at: hoursAgo(23) }),
      order({
        id: 'checked-claim-0003',
        payment_state: 'verified',
        paid_amount: 500,
        to_collect: 0,
        payment_updated_at: hoursAgo(30),
      }),
      order({ id: 'awaiting-order-004', payment_updated_at: hoursAgo(30) }),
    ]);
    const [old, recent, checked, awaiting] = screen.getAllByRole('article');
    expect(within(old).getByTestId('claim-overdue')).toHaveTextContent(
      'যাচাই বাকি ২৪ ঘণ্টার বেশি — TrxID দেখে নিন',
    );
    for (const card of [recent, checked, awaiting]) {
      expect(within(card).queryByTestId('claim-overdue')).not.toBeInTheDocument();
    }
  });

  it('flags by the wait the seller set in Settings, and not before it is read', () => {
    shop.waitHours = 6;
    const { unmount } = renderTab([order({ ...claimed(), payment_updated_at: hoursAgo(7) })]);
    expect(screen.getByTestId('claim-overdue')).toHaveTextContent('যাচাই বাকি ৬ ঘণ্টার বেশি');
    unmount();
    shop.waitHours = null;
    renderTab([order({ ...claimed(), payment_updated_at: hoursAgo(7) })]);
    expect(screen.queryByTestId('claim-overdue')).not.toBeInTheDocument();
  });

  it("says the money's state when it differs from the wallet's: a balance left, money owed or sent back", () => {
    const verified = { payment_state: 'verified' as const, paid_amount: 500, to_collect: 0 };
    renderTab([
      order({ ...verified, id: 'paid-order-00000001' }),
      order({ ...verified, id: 'grown-order-0000002', total_amount: 700, to_collect: 200 }),
      order({ ...verified, id: 'owed-order-00000003', status: 'cancelled', refund_due: 500 }),
      order({ ...verified, id: 'back-order-00000004', status: 'cancelled', refunded_amount: 500 }),
    ]);
    expect(screen.getAllByTestId('payment-state').map((badge) => badge.textContent)).toEqual([
      'পরিশোধিত',
      'আংশিক পরিশোধিত',
      'টাকা ফেরত বাকি',
      'টাকা ফেরত দেওয়া হয়েছে',
    ]);
  });

  it('offers the "to verify" filter, and shows the filtered list from its own query', async () => {
    renderWithShop(<Dashboard />);
    await userEvent.click(screen.getByRole('button', { name: /^পেমেন্ট যাচাই/ }));
    const page = await queryAsked({ filters: ['payment_state =='] });
    act(() => page.next([claimed()]));
    expect(await screen.findByRole('button', { name: 'পেমেন্ট মিলেছে' })).toBeInTheDocument();
  });
});

describe("the card's status choices and undo", () => {
  const offered = (card: HTMLElement) =>
    within(card)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);

  it('offers exactly the statuses the order ledger allows: delivered is final, returned only goes back out', () => {
    const expected: Record<OrderStatus, OrderStatus[]> = {
      pending: ['pending', 'confirmed', 'preparing', 'delivering', 'delivered', 'cancelled'],
      confirmed: ['pending', 'confirmed', 'preparing', 'delivering', 'delivered', 'cancelled'],
      preparing: ['pending', 'confirmed', 'preparing', 'delivering', 'delivered', 'cancelled'],
      delivering: ['pending', 'confirmed', 'preparing', 'delivering', 'delivered', 'cancelled', 'returned'],
      delivered: ['delivered'],
      cancelled: ['pending', 'confirmed', 'preparing', 'delivering', 'cancelled'],
      returned: ['delivering', 'returned'],
    };
    renderTab(ORDER_STATUSES.map((status, index) => order({ id: `status-order-0000000${index}`, status })));
    const cards = screen.getAllByRole('article');
    ORDER_STATUSES.forEach((status, index) => {
      expect(offered(cards[index]), status).toEqual(expected[status]);
      expect(offered(cards[index]), status).toEqual(sellerStatusChoices(status));
    });
    // A delivered order has nothing to choose: its dropdown is off.
    expect(
      within(cards[ORDER_STATUSES.indexOf('delivered')]).getByLabelText('স্ট্যাটাস পরিবর্তন'),
    ).toBeDisabled();
  });

  const undoneAgo = (minutes: number) => ({
    from: 'delivering' as const,
    at: new Date(Date.now() - minutes * 60_000),
  });

  it('offers to undo the last status change within the undo window, and sends the undo', async () => {
    api.undoOrderStatus.mockResolvedValue({ status: 'delivering' });
    renderTab([order({ status: 'delivered', status_undo: undoneAgo(2) })]);
    expect(screen.getByText('আগে ছিল: ডেলিভারি')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'আগের অবস্থায় ফেরান' }));
    expect(api.undoOrderStatus).toHaveBeenCalledWith('ORDERID0001abcdEFGH1234');
    expect(api.updateOrderStatus).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(toasts.notifySuccess).toHaveBeenCalledWith('স্ট্যাটাস আগের অবস্থায় ফেরানো হয়েছে।'),
    );
  });

  it('offers no undo once the window has passed, nor without a change to undo', () => {
    renderTab([
      order({ id: 'late-undo-00000001', status: 'delivered', status_undo: undoneAgo(UNDO_MINUTES + 1) }),
      order({ id: 'no-undo-000000002', status: 'delivered', status_undo: null }),
    ]);
    expect(screen.queryByRole('button', { name: 'আগের অবস্থায় ফেরান' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an undo", async () => {
    const reason = 'শেষ স্ট্যাটাস বদলের পর ১০ মিনিট পেরিয়ে গেছে, তাই আর ফেরানো যাবে না।';
    api.undoOrderStatus.mockRejectedValue(Object.assign(new Error('x'), { details: { message: reason } }));
    renderTab([order({ status: 'delivered', status_undo: undoneAgo(1) })]);
    await userEvent.click(screen.getByRole('button', { name: 'আগের অবস্থায় ফেরান' }));
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith('আগের অবস্থায় ফেরানো যায়নি', reason, expect.any(Error)),
    );
  });
});

describe("an order's money on its card", () => {
  const owed = () =>
    order({
      status: 'cancelled',
      payment_state: 'verified',
      payment_trxid: 'BK7Q2M9XA4',
      payment_payer: '01812345678',
      paid_amount: 500,
      to_collect: 0,
      refund_due: 500,
    });

  it('shows a refund due with the button to record it; a plain order shows no money line', () => {
    renderTab([owed(), order({ id: 'plain-order-0000002' })]);
    const [cancelled, plain] = screen.getAllByRole('article');
    expect(within(cancelled).getByTestId('refund-due')).toHaveTextContent('ফেরত দিতে হবে ৳৫০০');
    expect(within(cancelled).getByRole('button', { name: 'টাকা ফেরতের হিসাব দিন' })).toBeInTheDocument();
    expect(within(plain).queryByText('টাকার হিসাব')).not.toBeInTheDocument();
    expect(within(plain).queryByRole('button', { name: 'টাকা ফেরতের হিসাব দিন' })).not.toBeInTheDocument();
  });

  it('shows the balance an edit after payment left to collect, and a refund once recorded', () => {
    renderTab([
      order({
        id: 'grown-order-000001',
        payment_state: 'verified',
        total_amount: 700,
        paid_amount: 500,
        to_collect: 200,
      }),
      order({
        id: 'refunded-order-0002',
        status: 'cancelled',
        payment_state: 'verified',
        paid_amount: 500,
        refunded_amount: 500,
        to_collect: 0,
        refund_trxid: 'RF7Q2M9XA4',
      }),
    ]);
    const [grown, refunded] = screen.getAllByRole('article');
    expect(within(grown).getByTestId('balance-to-collect')).toHaveTextContent(
      'আদায় করুন ৳২০০ (৳৫০০ আগেই পরিশোধিত)',
    );
    expect(within(refunded).getByTestId('refunded')).toHaveTextContent(
      'ফেরত পাঠানো হয়েছে ৳৫০০ (TrxID RF7Q2M9XA4)',
    );
    expect(within(refunded).queryByTestId('refund-due')).not.toBeInTheDocument();
  });

  it('records a refund: amount prefilled, checked in Bengali as the server checks it, then sent', async () => {
    api.recordRefund.mockResolvedValue({ refunded_amount: 200 });
    renderTab([owed()]);
    await userEvent.click(screen.getByRole('button', { name: 'টাকা ফেরতের হিসাব দিন' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('যে নম্বর থেকে টাকা এসেছিল: 01812345678');
    const amount = within(dialog).getByRole('textbox', { name: /ফেরতের পরিমাণ/ });
    expect(amount).toHaveValue('500');
    const confirm = within(dialog).getByRole('button', { name: 'হিসাব রাখুন' });

    await userEvent.click(confirm);
    expect(
      await within(dialog).findByText(/যে বিকাশ বা নগদ \(Nagad\) লেনদেনে টাকা ফেরত পাঠিয়েছেন/),
    ).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '৬০০');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /TrxID/ }), 'rf7q2m9xa4');
    await userEvent.click(confirm);
    expect(
      await within(dialog).findByText('ফেরতের পরিমাণ ১ টাকা থেকে বাকি ফেরতের মধ্যে হতে হবে।'),
    ).toBeInTheDocument();
    expect(api.recordRefund).not.toHaveBeenCalled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '২০০');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(api.recordRefund).toHaveBeenCalledWith({ orderId: owed().id, amount: 200, trxId: 'RF7Q2M9XA4' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toasts.notifySuccess).toHaveBeenCalledWith('টাকা ফেরতের হিসাব রাখা হয়েছে।');
  });

  it('keeps the refund form open with the server’s reason when it refuses', async () => {
    const reason = 'এই অর্ডারে গ্রাহককে ফেরত দেওয়ার মতো কোনো টাকা বাকি নেই।';
    api.recordRefund.mockRejectedValue(Object.assign(new Error('x'), { details: { message: reason } }));
    renderTab([owed()]);
    await userEvent.click(screen.getByRole('button', { name: 'টাকা ফেরতের হিসাব দিন' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /TrxID/ }), 'RF7Q2M9XA4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'হিসাব রাখুন' }));
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith(
        'টাকা ফেরতের হিসাব রাখা যায়নি',
        reason,
        expect.anything(),
      ),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('says to look for the amount the TrxID was given for, not the total an edit changed since', () => {
    renderTab([
      order({ payment_state: 'claimed', payment_trxid: 'BK7Q2M9XA4', payment_claimed_amount: 450 }),
    ]);
    expect(within(screen.getByTestId('order-payment')).getByText(/টাকার পরিমাণ: ৳৪৫০/)).toBeInTheDocument();
  });

  it('moves a claimed TrxID to the order it really paid, found by the number its card shows', async () => {
    api.reviewPayment.mockResolvedValue({ payment_state: 'awaiting_payment' });
    const claimed = order({ payment_state: 'claimed', payment_trxid: 'BK7Q2M9XA4' });
    const other = order({ id: 'OTHERORDER00wxyzAB12CD34' });
    renderTab([claimed, other]);
    await userEvent.click(screen.getByRole('button', { name: 'অন্য অর্ডারের টাকা' }));
    const dialog = await screen.findByRole('alertdialog');
    const target = within(dialog).getByRole('textbox', { name: /যে অর্ডারে সরাবেন/ });
    const confirm = within(dialog).getByRole('button', { name: 'সরান' });

    await userEvent.type(target, 'ZZZZ9999');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(/এই নম্বরের অর্ডার তালিকায় নেই/)).toBeInTheDocument();
    expect(api.reviewPayment).not.toHaveBeenCalled();

    await userEvent.clear(target);
    await userEvent.type(target, '#AB12CD34');
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(api.reviewPayment).toHaveBeenCalledWith({
        orderId: claimed.id,
        decision: 'move',
        toOrderId: 'OTHERORDER00wxyzAB12CD34',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('handing parcels to the courier', () => {
  const packed = { status: 'preparing' as const, payment_method: 'cash_on_delivery' as const };

  it('books a packed order from its card and says the tracking code', async () => {
    api.bookCourier.mockResolvedValue({
      booked: [{ orderId: 'ORDERID0001abcdEFGH1234', trackingCode: '15BAEB8A' }],
      failed: [],
    });
    renderTab([order(packed), order({ id: 'confirmed1', status: 'confirmed' })]);
    const buttons = screen.getAllByRole('button', { name: 'কুরিয়ারে বুক করুন' });
    expect(buttons).toHaveLength(1); // only the packed order
    await userEvent.click(buttons[0]);
    expect(api.bookCourier).toHaveBeenCalledWith({ orderIds: ['ORDERID0001abcdEFGH1234'] });
    await waitFor(() =>
      expect(toasts.notifySuccess).toHaveBeenCalledWith('কুরিয়ারে বুক হয়েছে — ট্র্যাকিং কোড 15BAEB8A'),
    );
  });

  it('shows why a booking failed and offers to try again', async () => {
    api.bookCourier.mockResolvedValue({
      booked: [],
      failed: [{ orderId: 'ORDERID0001abcdEFGH1234', error: 'বুকিং হয়নি: সার্ভার' }],
    });
    renderTab([order({ ...packed, courier_error: 'বুকিং হয়নি: কুরিয়ারের সার্ভারে সমস্যা হচ্ছে।' })]);
    expect(screen.getByTestId('courier-error')).toHaveTextContent('বুকিং হয়নি: কুরিয়ারের সার্ভারে সমস্যা হচ্ছে।');
    await userEvent.click(screen.getByRole('button', { name: 'আবার বুক করুন' }));
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith('কুরিয়ারে বুক করা যায়নি', 'বুকিং হয়নি: সার্ভার'),
    );
  });

  it('shows the tracking code and the courier’s state; a parcel coming back is confirmed home by the seller', async () => {
    api.updateOrderStatus.mockResolvedValue({ status: 'returned' });
    renderTab([
      order({
        ...packed,
        status: 'delivering',
        courier_tracking_code: '15BAEB8A',
        courier_state: 'cancelled',
      }),
      order({ id: 'held1', status: 'delivering', courier_tracking_code: '15BAEB8B', courier_state: 'hold' }),
    ]);
    expect(screen.getByRole('link', { name: 'ট্র্যাকিং কোড 15BAEB8A' })).toHaveAttribute(
      'href',
      'https://steadfast.com.bd/t/15BAEB8A',
    );
    expect(screen.getAllByTestId('courier-state').map((badge) => badge.textContent)).toEqual([
      'দরজায় বাতিল — পার্সেল ফেরত আসছে',
      'কুরিয়ারে আটকে আছে (হোল্ড)',
    ]);
    const cameHome = screen.getAllByRole('button', { name: 'ফেরত পেয়েছি' });
    expect(cameHome).toHaveLength(1);
    await userEvent.click(cameHome[0]);
    expect(api.updateOrderStatus).toHaveBeenCalledWith('ORDERID0001abcdEFGH1234', 'returned');
  });

  it('books every packed order at once and says how many went and which did not', async () => {
    api.bookCourier.mockResolvedValue({
      booked: [
        { orderId: 'a', trackingCode: 'X1' },
        { orderId: 'b', trackingCode: 'X2' },
      ],
      failed: [{ orderId: 'longorderid0001', error: 'বুকিং হয়নি: ঠিকানা বড়' }],
    });
    renderTab([order(packed)]);
    await userEvent.click(screen.getByRole('button', { name: 'সব প্রস্তুত অর্ডার কুরিয়ারে বুক করুন' }));
    expect(api.bookCourier).toHaveBeenCalledWith({ allPacked: true });
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('২টি অর্ডার কুরিয়ারে বুক হয়েছে'));
    expect(toasts.notifyError).toHaveBeenCalledWith('১টি অর্ডার বুক হয়নি', 'erid0001: বুকিং হয়নি: ঠিকানা বড়');
  });

  it("records the courier's payout and says how many orders it settled, or why not", async () => {
    api.recordCourierPayout.mockResolvedValueOnce({ payoutId: 'p1', orderIds: ['delivered0001'] });
    renderTab([]);
    expect(screen.getByText('কুরিয়ারের কাছে পাওনা ৳৩২১')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'কুরিয়ারের পেমেন্ট লিখুন' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText(/টাকার অঙ্ক/), '321');
    await userEvent.type(within(dialog).getByLabelText(/কুরিয়ারের রেফারেন্স/), 'SF-991');
    await userEvent.click(within(dialog).getByRole('button', { name: 'পেমেন্ট লিখুন' }));
    await waitFor(() =>
      expect(toasts.notifySuccess).toHaveBeenCalledWith('৳৩২১-এর পেমেন্টে ১টি অর্ডার মেলানো হলো।'),
    );
    expect(api.recordCourierPayout).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 321, reference: 'SF-991' }),
    );

    api.recordCourierPayout.mockRejectedValueOnce(
      Object.assign(new Error('already-exists'), {
        code: 'functions/already-exists',
        details: { message: 'এই রেফারেন্সের পেমেন্ট আগেই লেখা হয়েছে।' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'কুরিয়ারের পেমেন্ট লিখুন' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.type(within(again).getByLabelText(/টাকার অঙ্ক/), '321');
    await userEvent.type(within(again).getByLabelText(/কুরিয়ারের রেফারেন্স/), 'SF-991');
    await userEvent.click(within(again).getByRole('button', { name: 'পেমেন্ট লিখুন' }));
    await waitFor(() =>
      expect(toasts.notifyError).toHaveBeenCalledWith(
        'কুরিয়ারের পেমেন্ট লেখা যায়নি',
        'এই রেফারেন্সের পেমেন্ট আগেই লেখা হয়েছে।',
        expect.anything(),
      ),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
