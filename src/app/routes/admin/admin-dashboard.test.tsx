import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShop } from '@/testing/render';
import { AdminDashboard } from './admin-dashboard';

const orders = vi.hoisted(() => ({
  useLiveOrders: vi.fn(),
  useNewOrderSound: vi.fn(),
  OrdersTab: () => <p>অর্ডার তালিকা</p>,
}));
vi.mock('@/features/admin-orders', () => orders);
vi.mock('@/features/admin-products', () => ({ ProductsTab: () => <p>পণ্য তালিকা</p> }));
vi.mock('@/features/admin-stats', () => ({ StatsTab: () => <p>পরিসংখ্যান দেখাচ্ছে</p> }));
vi.mock('@/features/admin-customers', () => ({
  CustomersTab: ({ orders: given }: { orders: unknown[] }) => <p>{`গ্রাহক: ${given.length}`}</p>,
}));

function renderDashboard(path = '/admin') {
  return renderWithShop(<AdminDashboard />, { route: path });
}

beforeEach(() => {
  orders.useNewOrderSound.mockReturnValue({ muted: true, toggleMuted: vi.fn() });
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
    expect(orders.useLiveOrders).toHaveBeenCalledWith({ chime: false });
  });

  it('switches tabs, giving the customers tab the live orders and settings a coming-soon note', async () => {
    renderDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'গ্রাহক' }));
    expect(await screen.findByText('গ্রাহক: 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'সেটিংস' }));
    await waitFor(() => expect(screen.getByText('শীঘ্রই আসছে')).toBeVisible());
  });

  it('opens the tab named in the address', () => {
    renderDashboard('/admin?tab=stats');
    expect(screen.getByRole('tab', { name: 'পরিসংখ্যান' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('পরিসংখ্যান দেখাচ্ছে')).toBeInTheDocument();
  });
});
