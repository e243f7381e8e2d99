import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth, useIsAdmin, type AdminAccess, type AuthState } from '@/features/auth';
import { useMyOrders, type MyOrder, type MyOrders } from '@/features/my-orders';
import { renderWithShop } from '@/testing/render';
import { SiteHeader } from './site-header';

vi.mock('@/features/auth', () => ({ useAuth: vi.fn(), useIsAdmin: vi.fn() }));
vi.mock('@/features/my-orders', async (importActual) => ({
  ...(await importActual<typeof import('@/features/my-orders')>()),
  useMyOrders: vi.fn(),
}));

const signOut = vi.fn<() => Promise<void>>();

function as(
  who: { email: string; uid: string } | null,
  admin: AdminAccess = { status: 'denied' },
  orders: MyOrders = { status: 'idle' },
) {
  const auth: AuthState = {
    user: who ? ({ uid: who.uid, email: who.email } as User) : null,
    session: who ? { idToken: 'token', expiresAt: Date.now() + 3_600_000 } : null,
    loading: false,
    signOut,
  };
  vi.mocked(useAuth).mockReturnValue(auth);
  vi.mocked(useIsAdmin).mockReturnValue(admin);
  vi.mocked(useMyOrders).mockReturnValue(orders);
}

function order(id: string, status: MyOrder['status']): MyOrder {
  return {
    id,
    product_name: 'আমের আচার',
    product_price: 350,
    customer_phone: '01712345678',
    customer_address: 'ঢাকা',
    quantity: 1,
    total_amount: 350,
    status,
    payment_method: 'cash_on_delivery' as const,
    payment_state: 'collect_on_delivery' as const,
    payment_trxid: null,
    payment_reject_reason: null,
    created_at: null,
    courier_tracking_code: null,
    paid_amount: 0,
    refunded_amount: 0,
    refund_due: 0,
    to_collect: 350,
    refund_trxid: null,
  };
}

function renderHeader(onSearchChange = vi.fn()) {
  renderWithShop(<SiteHeader searchTerm="" onSearchChange={onSearchChange} />, {
    otherRoutes: { '/orders': <p>orders page</p> },
  });
  return { onSearchChange };
}

// jsdom applies only the base (phone) styles, where the desktop nav is display:none and so has no accessible
// names; its links are found by their text instead.
const navLink = (text: string) =>
  within(document.querySelector('header nav') as HTMLElement).queryByText(text);

beforeEach(() => {
  signOut.mockReset().mockResolvedValue();
});

describe('SiteHeader', () => {
  it('offers a visitor the login button, no account corner, no admin link and an empty cart', () => {
    as(null);
    renderHeader();

    expect(screen.getByRole('link', { name: 'লগইন' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'লগআউট' })).not.toBeInTheDocument();
    expect(navLink('অ্যাডমিন')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('০');
    expect(navLink('সব আচার')).toHaveAttribute('href', '/#products');
  });

  it("shows a signed-in shopper's e-mail, a logout button and counts only orders still in progress", async () => {
    as(
      { uid: 'u1', email: 'rahim@example.com' },
      { status: 'denied' },
      {
        status: 'loaded',
        data: [
          order('a', 'pending'),
          order('b', 'delivering'),
          order('c', 'delivered'),
          order('d', 'cancelled'),
        ],
      },
    );
    renderHeader();

    expect(screen.getByText('rahim@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'লগইন' })).not.toBeInTheDocument();
    expect(navLink('অ্যাডমিন')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('২');
    expect(vi.mocked(useMyOrders)).toHaveBeenCalledWith('u1');

    await userEvent.click(screen.getByRole('button', { name: 'লগআউট' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows the admin link only once the role check allows it, and says the links are pending until then', () => {
    as({ uid: 'boss', email: 'owner@example.com' }, { status: 'loading' });
    const { unmount } = renderWithShop(<SiteHeader searchTerm="" onSearchChange={() => {}} />);
    expect(navLink('অ্যাডমিন')).not.toBeInTheDocument();
    expect(document.querySelector('header nav')).toHaveAttribute('aria-busy', 'true');
    unmount();

    as({ uid: 'boss', email: 'owner@example.com' }, { status: 'allowed' });
    const allowed = renderWithShop(<SiteHeader searchTerm="" onSearchChange={() => {}} />);
    expect(navLink('অ্যাডমিন')).toHaveAttribute('href', '/admin');
    expect(document.querySelector('header nav')).toHaveAttribute('aria-busy', 'false');
    allowed.unmount();

    as({ uid: 'u1', email: 'rahim@example.com' }, { status: 'denied' });
    renderHeader();
    expect(navLink('অ্যাডমিন')).not.toBeInTheDocument();
    expect(document.querySelector('header nav')).toHaveAttribute('aria-busy', 'false');
  });

  it('opens my orders from the cart icon', async () => {
    as({ uid: 'u1', email: 'rahim@example.com' }, { status: 'denied' }, { status: 'loaded', data: [] });
    renderHeader();

    await userEvent.click(screen.getByRole('link', { name: 'চলমান অর্ডার: ০টি' }));

    expect(await screen.findByText('orders page')).toBeInTheDocument();
  });

  it('opens a search box from the search icon and reports what is typed', async () => {
    as(null);
    const { onSearchChange } = renderHeader();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'আচার খুঁজুন' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'আচার খুঁজুন' }), 'আ');

    expect(onSearchChange).toHaveBeenLastCalledWith('আ');
  });
});
