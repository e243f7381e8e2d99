import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSettingsTexts as t } from '../texts';
import { SettingsTab } from './settings-tab';
import { fakeSettingsApi, renderWithSettingsApi } from './fake-settings-api';

// The tab's other sections have their own tests (payment-accounts-section.test.tsx and the others): their reads
// never answer here, so each shows only its spinner.
const api = fakeSettingsApi();

// Each test drives a whole Chakra form in jsdom; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.clearAllMocks();
  api.loadNotificationSettings.mockResolvedValue({ order_mail_enabled: false, order_mail_to: '' });
  api.saveNotificationSettings.mockResolvedValue(undefined);
});
// The console's spy ends with the test (the file shares its module graph with the other web tests).
afterEach(() => {
  vi.restoreAllMocks();
});

const emailBox = () => screen.findByRole('textbox', { name: new RegExp(t.email) });
// Clicked without moving focus: Chakra's switch reads a blur with a PointerEvent, which jsdom lacks.
const mailSwitch = () => screen.getByRole('checkbox', { name: t.enabled });

describe('the Settings tab', () => {
  it('turns the order mail on with an address and saves it trimmed', async () => {
    renderWithSettingsApi(<SettingsTab />, api);
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
    renderWithSettingsApi(<SettingsTab />, api);
    await emailBox();
    fireEvent.click(mailSwitch());
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.validation.emailRequired)).toBeInTheDocument();
    expect(api.saveNotificationSettings).not.toHaveBeenCalled();
  });

  it('shows the stored settings and turns the mail off', async () => {
    api.loadNotificationSettings.mockResolvedValue({ order_mail_enabled: true, order_mail_to: 'a@b.co' });
    renderWithSettingsApi(<SettingsTab />, api);
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
    renderWithSettingsApi(<SettingsTab />, api);
    await userEvent.type(await emailBox(), 'seller@example.com');
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saveError)).toBeInTheDocument();
    expect(await emailBox()).toHaveValue('seller@example.com');
  });

  it('offers to try again when the settings cannot be read', async () => {
    api.loadNotificationSettings.mockRejectedValueOnce(new Error('unavailable'));
    renderWithSettingsApi(<SettingsTab />, api);
    await userEvent.click(await screen.findByRole('button', { name: t.retry }));
    expect(await emailBox()).toHaveValue('');
  });
});
