import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cashOrderSettingsTexts as t } from '../texts';
import { CashOrderSettings } from './cash-order-settings';
import { fakeSettingsApi, renderWithSettingsApi } from './fake-settings-api';

const api = fakeSettingsApi();

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.clearAllMocks();
  api.loadVerificationRequired.mockResolvedValue(true);
  api.saveVerificationRequired.mockResolvedValue(undefined);
  api.loadBlocklist.mockResolvedValue([{ phone: '01812345678', note: 'তিনবার ফেরত' }]);
  api.blockPhone.mockResolvedValue(undefined);
  api.unblockPhone.mockResolvedValue(undefined);
});

describe('CashOrderSettings', () => {
  it('turns the phone code off, writing only that setting', async () => {
    renderWithSettingsApi(<CashOrderSettings />, api);
    const toggle = await screen.findByRole('checkbox', { name: t.verification });
    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    await waitFor(() => expect(api.saveVerificationRequired).toHaveBeenCalledWith(false));
  });

  it('lists the blocked numbers, adds one typed in Bengali digits with a note, and removes one', async () => {
    const user = userEvent.setup();
    renderWithSettingsApi(<CashOrderSettings />, api);
    const list = await screen.findByTestId('blocklist');
    expect(list).toHaveTextContent('০১৮১২৩৪৫৬৭৮');
    expect(list).toHaveTextContent('তিনবার ফেরত');

    await user.type(screen.getByRole('textbox', { name: t.phone }), '০১৭১২-৩৪৫৬৭৮');
    await user.type(screen.getByRole('textbox', { name: t.note }), ' ভুয়া অর্ডার ');
    await user.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect(api.blockPhone).toHaveBeenCalledWith('01712345678', 'ভুয়া অর্ডার'));

    // The list is read again after the change.
    await waitFor(() => expect(api.loadBlocklist).toHaveBeenCalledTimes(2));
    const reloaded = await screen.findByTestId('blocklist');
    await user.click(within(reloaded).getByRole('button', { name: `${t.remove} 01812345678` }));
    await waitFor(() => expect(api.unblockPhone).toHaveBeenCalledWith('01812345678'));
    expect(api.loadBlocklist.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a wrong number in Bengali and writes nothing', async () => {
    const user = userEvent.setup();
    renderWithSettingsApi(<CashOrderSettings />, api);
    await user.type(await screen.findByRole('textbox', { name: t.phone }), '12345');
    await user.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText('মোবাইল নম্বর ০১ দিয়ে শুরু হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।')).toBeInTheDocument();
    expect(api.blockPhone).not.toHaveBeenCalled();
  });
});
