import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShop } from '@/testing/render';
import type { DashboardStats } from '../model/dashboard-stats';
import type { ReactElement } from 'react';
import type { LiveStats } from '../api/order-stats';
import { StatsSourceProvider } from '../api/stats-source';
import { StatsTab } from './stats-tab';

// The live roll-ups as each test has them; the shelf's fewest jars, none.
const api = {
  useOrderStats: vi.fn<() => LiveStats>(),
  useStockedProducts: () => [],
};
const renderStatsTab = (ui: ReactElement) =>
  renderWithShop(<StatsSourceProvider value={api}>{ui}</StatsSourceProvider>);

const days = Array.from({ length: 14 }, (_, index) => ({
  date: `2026-11-${String(8 + index).padStart(2, '0')}`,
  orders: index === 13 ? 4 : index % 3,
  revenue: index === 13 ? 1000 : (index % 3) * 250,
}));

const stats: DashboardStats = {
  totalOrders: 1250,
  ordersLast7Days: 15,
  ordersPrevious7Days: 10,
  weeklyGrowth: 50,
  totalRevenue: 125000.5,
  pendingOrders: 7,
  completedOrders: 900,
  statusBreakdown: [
    { status: 'pending', count: 7, percentage: 0.6 },
    { status: 'confirmed', count: 100, percentage: 8 },
    { status: 'preparing', count: 43, percentage: 3.4 },
    { status: 'delivering', count: 50, percentage: 4 },
    { status: 'delivered', count: 900, percentage: 72 },
    { status: 'cancelled', count: 150, percentage: 12 },
  ],
  averageOrderValue: 100,
  completionRate: 72,
  recommendations: [
    { id: 'many-pending', kind: 'warning', message: 'অনেক অর্ডার অমীমাংসিত অবস্থায় আছে — দ্রুত নিশ্চিত করুন।' },
    { id: 'strong-growth', kind: 'positive', message: 'চমৎকার! গত সপ্তাহের তুলনায় অর্ডার ২০%-এর বেশি বেড়েছে।' },
  ],
  daily: days,
  generatedAt: '2026-11-21T06:00:00.000Z',
};

const retry = vi.fn();
const showing = (data: DashboardStats) =>
  api.useOrderStats.mockReturnValue({ stats: { status: 'loaded', data }, retry });

beforeEach(() => {
  vi.resetAllMocks();
});

describe('stats tab', () => {
  it('shows the four headline numbers in Bengali, with weekly growth', async () => {
    showing(stats);
    renderStatsTab(<StatsTab />);
    expect(await screen.findByText('১,২৫০')).toBeInTheDocument();
    expect(screen.getByText(/গত সপ্তাহের তুলনায় \+৫০%/)).toBeInTheDocument();
    expect(screen.getByText('৳১,২৫,০০০.৫০')).toBeInTheDocument();
    expect(screen.getByText('মোট বিক্রি')).toBeInTheDocument();
    expect(screen.getByText('অমীমাংসিত অর্ডার')).toBeInTheDocument();
    expect(screen.getByText('৯০০')).toBeInTheDocument();
  });

  it('breaks orders down over the six statuses with their Bengali labels', async () => {
    showing(stats);
    renderStatsTab(<StatsTab />);
    await screen.findByText('স্ট্যাটাস অনুযায়ী অর্ডার');
    const labels = ['অমীমাংসিত', 'নিশ্চিত', 'প্রস্তুত', 'ডেলিভারি', 'সরবরাহ', 'বাতিল'];
    for (const label of labels) expect(screen.getByRole('group', { name: label })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'প্রস্তুত' })).getByText('৪৩ (৩.৪%)')).toBeInTheDocument();
  });

  it('shows average order value, completion rate, quick actions, recommendations and 14 days', async () => {
    showing(stats);
    renderStatsTab(<StatsTab />);
    expect(await screen.findByText('৳১০০')).toBeInTheDocument();
    expect(screen.getByText('৭২%')).toBeInTheDocument();
    expect(screen.getByText('৭টি অমীমাংসিত অর্ডার নিশ্চিত করুন।')).toBeInTheDocument();
    expect(screen.getByText(stats.recommendations[0].message)).toBeInTheDocument();
    expect(screen.getByText(stats.recommendations[1].message)).toBeInTheDocument();
    const chart = screen.getByText('গত ১৪ দিনের অর্ডার ও বিক্রি').closest('.chakra-card__root') as HTMLElement;
    expect(within(chart).getAllByRole('listitem')).toHaveLength(14);
    expect(within(chart).getByText('২১ নভেম্বর: ৪টি অর্ডার, ৳১,০০০')).toBeInTheDocument();
  });

  it('says so when there is nothing to recommend', async () => {
    showing({ ...stats, recommendations: [], pendingOrders: 0 });
    renderStatsTab(<StatsTab />);
    expect(await screen.findByText('সবকিছু ঠিকঠাক চলছে — এভাবেই চালিয়ে যান!')).toBeInTheDocument();
    expect(screen.getByText('কোনো অমীমাংসিত অর্ডার নেই — চমৎকার!')).toBeInTheDocument();
  });

  it('shows a spinner while the numbers are on their way, and no refresh button once they are live', async () => {
    api.useOrderStats.mockReturnValue({ stats: { status: 'loading' }, retry });
    const { unmount } = renderStatsTab(<StatsTab />);
    expect(screen.queryByText('মোট অর্ডার')).not.toBeInTheDocument();
    unmount();
    showing(stats);
    renderStatsTab(<StatsTab />);
    expect(await screen.findByText('১,২৫০')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /হালনাগাদ/ })).not.toBeInTheDocument();
  });

  it('shows a Bengali error when the numbers cannot be read, and listens again on retry', async () => {
    api.useOrderStats.mockReturnValue({
      stats: { status: 'failed', error: new Error('permission-denied') },
      retry,
    });
    renderStatsTab(<StatsTab />);
    expect(await screen.findByText('পরিসংখ্যান লোড করতে সমস্যা হয়েছে।')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('jumps from a quick action to the orders or products tab', async () => {
    showing(stats);
    const onOpenTab = vi.fn();
    renderStatsTab(<StatsTab onOpenTab={onOpenTab} />);
    await userEvent.click(await screen.findByRole('button', { name: /অর্ডার দেখুন/ }));
    await userEvent.click(screen.getByRole('button', { name: /পণ্য দেখুন/ }));
    expect(onOpenTab.mock.calls).toEqual([['orders'], ['products']]);
  });
});

describe('stats tab for assistive technology', () => {
  it('holds only terms and descriptions in each card, goes from the dashboard h1 to h2s, and lets a keyboard scroll the chart', async () => {
    showing(stats);
    const { container } = renderStatsTab(<StatsTab />);
    await screen.findByText('১,২৫০');
    const lists = container.querySelectorAll('dl');
    expect(lists.length).toBe(6);
    for (const list of lists) {
      expect(
        [...list.children].map((child) => child.tagName).filter((tag) => tag !== 'DT' && tag !== 'DD'),
      ).toEqual([]);
    }
    const headings = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
      (heading) => heading.tagName,
    );
    expect(new Set(headings)).toEqual(new Set(['H2']));
    const chart = screen.getByRole('region', { name: 'গত ১৪ দিনের অর্ডার ও বিক্রি' });
    expect(chart).toHaveAttribute('tabindex', '0');
  });
});
