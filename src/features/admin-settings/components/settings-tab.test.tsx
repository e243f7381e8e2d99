import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShop } from '@/testing/render';
import { adminSettingsTexts as t } from '../texts';
import { SettingsTab } from './settings-tab';

const api = vi.hoisted(() => ({
  loadNotificationSettings: vi.fn(),
  saveNotificationSettings: vi.fn(),
}));
vi.mock('../api/notification-settings', () => api);
// The cash-order part of the tab (cash-order-settings.test.tsx tests it): nothing stored, no Firestore.
vi.mock('../api/cash-order-settings', () => ({
  loadVerificationRequired: vi.fn(async () => true),
  saveVerificationRequired: vi.fn(),
  loadBlocklist: vi.fn(async () => []),
  blockPhone: vi.fn(),
  unblockPhone: vi.fn(),
}));
// The payment accounts section has its own tests (payment-accounts-section.test.tsx).
vi.mock('./payment-accounts-section', () => ({ PaymentAccountsSection: () => null }));
// The courier section has its own tests (courier-section.test.tsx).
vi.mock('./courier-section', () => ({ CourierSection: () => null }));

// Each test drives a whole Chakra form in jsdom; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.clearAllMocks();
  api.loadNotificationSettings.mockResolvedValue({ order_mail_enabled: false, order_mail_to: '' });
  api.saveNotificationSettings.mockResolvedValue(undefined);
});

const emailBox = () => screen.findByRole('textbox', { name: new RegExp(t.email) });
// Clicked without moving focus: Chakra's switch reads a blur with a PointerEvent, which jsdom lacks.
const mailSwitch = () => screen.getByRole('checkbox', { name: t.enabled });

describe('the Settings tab', () => {
  it('turns the order mail on with an address and saves it trimmed', async () => {
    renderWithShop(<SettingsTab />);
    await userEvent.type(await emailBox(), '  seller@example.com ');
    fireEvent.click(mailSwitch());
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(api.saveNotificationSettings).toHaveBeenCalledWith({
        order_mail_enabled: true,
        order_mail_to: 'seller@example.com',
      }),
    );
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
  });

  it('refuses to turn the mail on without an address, in Bengali, and saves nothing', async () => {
    renderWithShop(<SettingsTab />);
    await emailBox();
    fireEvent.click(mailSwitch());
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.validation.emailRequired)).toBeInTheDocument();
    expect(api.saveNotificationSettings).not.toHaveBeenCalled();
  });

  it('shows the stored settings and turns the mail off', async () => {
    api.loadNotificationSettings.mockResolvedValue({ order_mail_enabled: true, order_mail_to: 'a@b.co' });
    renderWithShop(<SettingsTab />);
    expect(await emailBox()).toHaveValue('a@b.co');
    expect(mailSwitch()).toBeChecked();
    fireEvent.click(mailSwitch());
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(api.saveNotificationSettings).toHaveBeenCalledWith({
        order_mail_enabled: false,
        order_mail_to: 'a@b.co',
      }),
    );
  });

  it('says so when saving fails, and keeps what the seller typed', async () => {
    api.saveNotificationSettings.mockRejectedValue(new Error('permission-denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithShop(<SettingsTab />);
    await userEvent.type(await emailBox(), 'seller@example.com');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saveError)).toBeInTheDocument();
    expect(await emailBox()).toHaveValue('seller@example.com');
  });

  it('offers to try again when the settings cannot be read', async () => {
    api.loadNotificationSettings.mockRejectedValueOnce(new Error('unavailable'));
    renderWithShop(<SettingsTab />);
    await userEvent.click(await screen.findByRole('button', { name: t.retry }));
    expect(await emailBox()).toHaveValue('');
  });
});
