import { screen } from '@testing-library/react';
import { renderWithShop } from '@/testing/render';
import AdminPage from './admin-page';
import SlipsPage from './slips-page';

const auth = vi.hoisted(() => ({ useIsAdmin: vi.fn(), useAuth: vi.fn() }));
vi.mock('@/features/auth', () => auth);
const toasts = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('@/components/ui/toaster', async (original) => ({
  ...(await original<typeof import('@/components/ui/toaster')>()),
  ...toasts,
}));
vi.mock('./admin-dashboard', () => ({ AdminDashboard: () => <h1>ড্যাশবোর্ড</h1> }));
vi.mock('@/features/admin-orders', () => ({
  PackingSlips: () => <article className="packing-slip">স্লিপ</article>,
}));

function renderPage() {
  return renderWithShop(<AdminPage />, { route: '/admin' });
}

beforeEach(() => {
  vi.resetAllMocks();
  auth.useAuth.mockReturnValue({ user: { uid: 'u1', email: 'customer@achar.test' }, loading: false });
});

describe('/admin access', () => {
  it('shows a spinner while the role record is checked', () => {
    auth.useIsAdmin.mockReturnValue({ status: 'loading' });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('লোড হচ্ছে…');
    expect(screen.queryByRole('heading', { name: 'ড্যাশবোর্ড' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a non-admin with both texts and a way home', () => {
    auth.useIsAdmin.mockReturnValue({ status: 'denied' });
    renderPage();
    const card = screen.getByRole('alert');
    expect(card).toHaveTextContent('অ্যাক্সেস অস্বীকার');
    expect(card).toHaveTextContent('এই পাতাটি দেখতে আপনার অ্যাডমিন অনুমতি প্রয়োজন।');
    expect(card).toHaveTextContent('সিস্টেম অ্যাডমিনিস্ট্রেটরের সাথে যোগাযোগ করুন');
    expect(screen.getByRole('link', { name: 'হোমে ফিরে যান' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'ড্যাশবোর্ড' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'লগইন করুন' })).not.toBeInTheDocument();
    expect(toasts.notifyError).not.toHaveBeenCalled();
  });

  it('offers a visitor who is not signed in the login page', () => {
    auth.useAuth.mockReturnValue({ user: null, loading: false });
    auth.useIsAdmin.mockReturnValue({ status: 'denied' });
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('অ্যাক্সেস অস্বীকার');
    expect(screen.getByRole('link', { name: 'লগইন করুন' })).toHaveAttribute('href', '/auth');
  });

  it('denies access and shows a verification error when the check fails', () => {
    const failure = new Error('unavailable');
    auth.useIsAdmin.mockReturnValue({ status: 'denied', error: failure });
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('অ্যাক্সেস অস্বীকার');
    expect(toasts.notifyError).toHaveBeenCalledWith(
      'যাচাইকরণ ত্রুটি',
      'আপনার অ্যাডমিন অনুমতি যাচাই করা যায়নি।',
      failure,
    );
  });

  it('opens the dashboard for an admin', () => {
    auth.useIsAdmin.mockReturnValue({ status: 'allowed' });
    renderPage();
    expect(screen.getByRole('heading', { name: 'ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/admin/slips access', () => {
  const renderSlips = () => renderWithShop(<SlipsPage />, { route: '/admin/slips?status=confirmed' });

  it('turns away a visitor who is not an admin: the access-denied card, no slip', () => {
    auth.useIsAdmin.mockReturnValue({ status: 'denied' });
    renderSlips();
    expect(screen.getByRole('alert')).toHaveTextContent('অ্যাক্সেস অস্বীকার');
    expect(document.querySelector('.packing-slip')).toBeNull();
  });

  it('shows an admin the slips', () => {
    auth.useIsAdmin.mockReturnValue({ status: 'allowed' });
    renderSlips();
    expect(document.querySelector('.packing-slip')).toHaveTextContent('স্লিপ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
