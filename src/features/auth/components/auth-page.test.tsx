import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import type { signIn, signUp } from '../api/auth-actions';
import type { AuthState } from '../model/session';
import { AuthContext } from './auth-context';
import AuthPage from './auth-page';

// Firebase Auth's actions, answered by each test; who is signed in, as the app's AuthProvider would say.
const actions = { signIn: vi.fn<typeof signIn>(), signUp: vi.fn<typeof signUp>() };
let auth: AuthState;

vi.setConfig({ testTimeout: 20_000 });

function signedIn(user: User | null) {
  auth = { user, session: null, loading: false, signOut: vi.fn() };
}

function renderAuthPage() {
  const user = userEvent.setup();
  renderWithShop(
    <AuthContext.Provider value={auth}>
      <AuthPage actions={actions} />
    </AuthContext.Provider>,
    { route: '/auth', otherRoutes: { '/': <p>home page</p> } },
  );
  return user;
}

const signInForm = () => screen.getByRole('form', { name: 'লগইন করুন' });
const signUpForm = () => screen.getByRole('form', { name: 'সাইন আপ করুন' });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  email: string,
  password: string,
) {
  if (email) await user.type(within(form).getByRole('textbox', { name: /ই-মেইল/ }), email);
  if (password) await user.type(within(form).getByLabelText(/পাসওয়ার্ড/), password);
}

beforeEach(() => {
  actions.signIn.mockReset();
  actions.signUp.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signedIn(null);
});
// The console's spy ends with the test (the file shares its module graph with the other web tests).
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AuthPage', () => {
  it('opens on the sign-in tab and requires both fields', async () => {
    const user = renderAuthPage();
    expect(screen.getByRole('tab', { name: 'লগইন' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(signInForm()).getByRole('button', { name: 'লগইন করুন' }));

    expect(await within(signInForm()).findByText('ই-মেইল দিন')).toBeInTheDocument();
    expect(within(signInForm()).getByText('পাসওয়ার্ড দিন')).toBeInTheDocument();
    expect(actions.signIn).not.toHaveBeenCalled();
  });

  it('refuses an address that is not an e-mail', async () => {
    const user = renderAuthPage();
    await fill(user, signInForm(), 'rahim-at-example', 'secret1');

    await user.click(within(signInForm()).getByRole('button', { name: 'লগইন করুন' }));

    expect(await within(signInForm()).findByText('সঠিক ই-মেইল ঠিকানা দিন')).toBeInTheDocument();
    expect(actions.signIn).not.toHaveBeenCalled();
  });

  it('asks for at least 6 characters when signing up', async () => {
    const user = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'সাইন আপ' }));
    await fill(user, signUpForm(), 'rahim@example.com', '12345');

    await user.click(within(signUpForm()).getByRole('button', { name: 'সাইন আপ করুন' }));

    expect(await within(signUpForm()).findByText('পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে')).toBeInTheDocument();
    expect(actions.signUp).not.toHaveBeenCalled();
  });

  it('signs in, welcomes the shopper and goes home', async () => {
    actions.signIn.mockResolvedValue();
    const user = renderAuthPage();
    await fill(user, signInForm(), ' rahim@example.com ', 'secret1');

    await user.click(within(signInForm()).getByRole('button', { name: 'লগইন করুন' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(actions.signIn).toHaveBeenCalledWith({ email: 'rahim@example.com', password: 'secret1' });
    expect(screen.getByText('লগইন সফল!')).toBeInTheDocument();
    expect(screen.getByText('স্বাগতম!')).toBeInTheDocument();
  });

  it('says in Bengali why signing in failed and stays on the page', async () => {
    actions.signIn.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/invalid-credential' }));
    const user = renderAuthPage();
    await fill(user, signInForm(), 'rahim@example.com', 'wrong-password');

    await user.click(within(signInForm()).getByRole('button', { name: 'লগইন করুন' }));

    expect(await screen.findByText('লগইন ত্রুটি')).toBeInTheDocument();
    expect(screen.getByText('ই-মেইল বা পাসওয়ার্ড সঠিক নয়।')).toBeInTheDocument();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
    expect(within(signInForm()).getByRole('button', { name: 'লগইন করুন' })).toBeEnabled();
  });

  it('signs up and goes home, or explains that the e-mail is taken', async () => {
    actions.signUp.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/email-already-in-use' }),
    );
    const user = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'সাইন আপ' }));
    await fill(user, signUpForm(), 'rahim@example.com', 'secret1');

    await user.click(within(signUpForm()).getByRole('button', { name: 'সাইন আপ করুন' }));
    expect(await screen.findByText('সাইন আপ ত্রুটি')).toBeInTheDocument();
    expect(screen.getByText('এই ই-মেইল দিয়ে আগেই সাইন আপ করা হয়েছে।')).toBeInTheDocument();

    actions.signUp.mockResolvedValueOnce({ verificationSent: true });
    await user.click(within(signUpForm()).getByRole('button', { name: 'সাইন আপ করুন' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.getByText('সাইন আপ সফল!')).toBeInTheDocument();
    expect(actions.signUp).toHaveBeenCalledTimes(2);
  });

  it('says in Bengali where the verification link went, or that it could not be sent', async () => {
    actions.signUp.mockResolvedValueOnce({ verificationSent: true });
    const user = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'সাইন আপ' }));
    await fill(user, signUpForm(), 'rahim@example.com', 'secret1');
    await user.click(within(signUpForm()).getByRole('button', { name: 'সাইন আপ করুন' }));
    expect(
      await screen.findByText(
        'rahim@example.com ঠিকানায় একটি যাচাইয়ের লিংক পাঠানো হয়েছে। ই-মেইলটি খুলে লিংকে ক্লিক করে ঠিকানাটি নিশ্চিত করুন।',
      ),
    ).toBeInTheDocument();
  });

  it('still signs the shopper up when the verification mail cannot be sent, and says so', async () => {
    actions.signUp.mockResolvedValueOnce({ verificationSent: false });
    const user = renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'সাইন আপ' }));
    await fill(user, signUpForm(), 'rahim@example.com', 'secret1');
    await user.click(within(signUpForm()).getByRole('button', { name: 'সাইন আপ করুন' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(
      screen.getByText('যাচাইয়ের ই-মেইল এখন পাঠানো যায়নি। অর্ডার করতে এতে কোনো বাধা নেই।'),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user home', async () => {
    signedIn({ uid: 'u1', email: 'rahim@example.com' } as User);
    renderAuthPage();
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('shows the sign-in form at once while Firebase is still loading (no spinner swapped for the card)', () => {
    auth = { user: null, session: null, loading: true, signOut: vi.fn() };
    renderAuthPage();
    expect(signInForm()).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
