import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShop } from '@/testing/render';
import { AdminDashboard } from './admin-dashboard';

// The features' tabs as stand-ins (each feature tests its own), and the order hooks answered by each test.
const orders = {
  useLiveOrders: vi.fn(),
  useNewOrderSound: vi.fn(),
  useOrderFilter: vi.fn(),
  OrdersTab: () => <p>অর্ডার তালিকা</p>,
};
const stats = {
  StatsTab: () => <p>পরিসংখ্যান দেখাচ্ছে</p>,
  useOrderCounts: vi.fn(),
};
const features = {
  ...orders,
  ...stats,
  ProductsTab: () => <p>পণ্য তালিকা</p>,
  CustomersTab: () => <p>গ্রাহক তালিকা</p>,
  SettingsTab: () => <p>অর্ডারের ই-মেইল সেটিংস</p>,
};

const allOrders = { status: 'all', search: { kind: 'none' } };

function renderDashboard(path = '/admin') {
  return renderWithShop(<AdminDashboard features={features} />, { route: path });
}

const counts = (pending: number) => ({
  status: 'loaded',
  data: {
    byStatus: { pending, confirmed: 4, preparing: 0, delivering: 1, delivered: 30, cancelled: 2 },
    open: pending + 5,
    total: pending + 37,
  },
});

beforeEach(() => {
  stats.useOrderCounts.mockReturnValue(counts(2));
  orders.useNewOrderSound.mockReturnValue({ muted: true, toggleMuted: vi.fn() });
  orders.useOrderFilter.mockReturnValue({ filter: allOrders });
  orders.useLiveOrders.mockReturnValue({
    orders: [
      { id: 'a', status: 'pending' },
      { id: 'b', status: 'pending' },
      { id: 'c', status: 'delivered' },
    ],
    loading: false,
    failed: false,
    freshIds: new Set(),
  });
});

describe('admin dashboard', () => {
  it('has five tabs, opens on orders and counts pending orders on its tab', () => {
    renderDashboard();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['অর্ডার২', 'পণ্য', 'পরিসংখ্যান', 'গ্রাহক', 'সেটিংস']);
    expect(screen.getByText('অর্ডার তালিকা')).toBeVisible();
    expect(orders.useLiveOrders).toHaveBeenCalledWith({ chime: false, filter: allOrders });
  });

  it('counts every pending order from the roll-ups, not only the loaded ones, and shows no badge without any', () => {
    stats.useOrderCounts.mockReturnValue(counts(1250));
    const { unmount } = renderDashboard();
    expect(screen.getByRole('tab', { name: /অর্ডার/ })).toHaveTextContent('অর্ডার১,২৫০');
    unmount();
    stats.useOrderCounts.mockReturnValue(counts(0));
    renderDashboard();
    expect(screen.getByRole('tab', { name: /অর্ডার/ })).toHaveTextContent(/^অর্ডার$/);
  });

  it('shows no badge while the counts are loading', () => {
    stats.useOrderCounts.mockReturnValue({ status: 'loading' });
    renderDashboard();
    expect(screen.getByRole('tab', { name: /অর্ডার/ })).toHaveTextContent(/^অর্ডার$/);
  });

  it('switches tabs: the customers tab, and the settings', async () => {
    renderDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'গ্রাহক' }));
    expect(await screen.findByText('গ্রাহক তালিকা')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'সেটিংস' }));
    await waitFor(() => expect(screen.getByText('অর্ডারের ই-মেইল সেটিংস')).toBeVisible());
  });

  it("searches the order a mail's link names (?q=<order number>)", () => {
    renderDashboard('/admin?q=XYZ12345');
    expect(orders.useOrderFilter).toHaveBeenCalledWith('XYZ12345');
  });

  it('opens the tab named in the address', () => {
    renderDashboard('/admin?tab=stats');
    expect(screen.getByRole('tab', { name: 'পরিসংখ্যান' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('পরিসংখ্যান দেখাচ্ছে')).toBeInTheDocument();
  });
});
