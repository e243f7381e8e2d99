import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SMS_TEXTS, type SmsSettings } from '../model/sms-settings';
import { adminSettingsTexts, smsSettingsTexts as t } from '../texts';
import { SmsSettingsSection } from './sms-settings-section';
import { fakeSettingsApi, renderWithSettingsApi } from './fake-settings-api';

const api = fakeSettingsApi();

// Each test drives a whole Chakra form in jsdom; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });

const stored: SmsSettings = { enabled: false, shop_phone: '', texts: { ...DEFAULT_SMS_TEXTS } };

beforeEach(() => {
  vi.clearAllMocks();
  api.loadSmsSettings.mockResolvedValue(stored);
  api.saveSmsSettings.mockResolvedValue(undefined);
});

const stepText = (step: keyof typeof t.steps) => screen.findByRole('textbox', { name: t.steps[step] });

describe("the Settings tab's customer SMS", () => {
  it('turns the SMS on with the shop’s number typed in Bengali digits, saved as 01… with the texts trimmed', async () => {
    renderWithSettingsApi(<SmsSettingsSection />, api);
    await userEvent.type(await screen.findByRole('textbox', { name: t.shopPhone }), '০১৭১২-৩৪৫৬৭৮');
    await userEvent.type(await stepText('delivered'), '  ');
    // Clicked without moving focus: Chakra's switch reads a blur with a PointerEvent, which jsdom lacks.
    fireEvent.click(screen.getByRole('checkbox', { name: t.enabled }));
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() =>
      expect(api.saveSmsSettings).toHaveBeenCalledWith({
        enabled: true,
        shop_phone: '01712345678',
        texts: DEFAULT_SMS_TEXTS,
      }),
    );
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
  });

  it('counts each text’s SMS as filled at its longest, refuses one over two SMS in Bengali and saves nothing', async () => {
    renderWithSettingsApi(<SmsSettingsSection />, api);
    const confirmed = await stepText('confirmed');
    await userEvent.clear(confirmed);
    // Pasted: typing reads "{…}" as a key's name.
    await userEvent.paste('অর্ডার {order} নিশ্চিত। '.repeat(6));
    await userEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.tooLong)).toBeInTheDocument();
    expect(screen.getAllByText(/টি SMS/).length).toBeGreaterThanOrEqual(4);
    expect(api.saveSmsSettings).not.toHaveBeenCalled();
  });

  it('says so when the settings cannot be read, and reads them again on retry', async () => {
    api.loadSmsSettings.mockRejectedValueOnce(new Error('unavailable'));
    renderWithSettingsApi(<SmsSettingsSection />, api);
    expect(await screen.findByText(t.loadError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: adminSettingsTexts.retry }));
    expect(await stepText('cancelled')).toHaveValue(DEFAULT_SMS_TEXTS.cancelled);
  });
});
