import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PAYMENT_SETTINGS, orderMessages } from '@/features/ordering/model';
import { adminSettingsTexts } from '../texts';
import { PaymentAccountsSection } from './payment-accounts-section';
import { fakeSettingsApi, renderWithSettingsApi } from './fake-settings-api';

const t = adminSettingsTexts.payments;
const api = fakeSettingsApi();

// Each test drives a whole Chakra form in jsdom; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.clearAllMocks();
  api.loadPaymentSettings.mockResolvedValue(DEFAULT_PAYMENT_SETTINGS);
  api.savePaymentAccounts.mockResolvedValue(undefined);
});

// Clicked without moving focus: Chakra's switch reads a blur with a PointerEvent, which jsdom lacks.
const methodSwitch = (name: string) => screen.getByRole('checkbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: t.save }));

describe('the payment accounts section', () => {
  it('turns bKash on with a merchant number and a shorter wait, saved as stored', async () => {
    renderWithSettingsApi(<PaymentAccountsSection />, api);
    await userEvent.type(await screen.findByRole('textbox', { name: /বিকাশ নম্বর/ }), '+880 1811-223344');
    fireEvent.click(methodSwitch('বিকাশ'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'বিকাশ অ্যাকাউন্টের ধরন' }), 'মার্চেন্ট');
    const hours = screen.getByRole('spinbutton', { name: /কত ঘণ্টা/ });
    await userEvent.clear(hours);
    await userEvent.type(hours, '12');
    await save();
    await waitFor(() =>
      expect(api.savePaymentAccounts).toHaveBeenCalledWith({
        methods: { cash_on_delivery: true, bkash: true, nagad: false },
        bkash: { number: '01811223344', account_type: 'merchant' },
        nagad: { number: '', account_type: 'personal' },
        payment_wait_hours: 12,
      }),
    );
    expect(await screen.findByText(t.saved)).toBeInTheDocument();
  });

  it('refuses, in Bengali, a wallet switched on without a number, no method at all and a wait out of range', async () => {
    renderWithSettingsApi(<PaymentAccountsSection />, api);
    await screen.findByRole('textbox', { name: /নগদ \(Nagad\) নম্বর/ });
    fireEvent.click(methodSwitch('ক্যাশ অন ডেলিভারি'));
    const hours = screen.getByRole('spinbutton', { name: /কত ঘণ্টা/ });
    await userEvent.clear(hours);
    await userEvent.type(hours, '200');
    await save();
    expect(await screen.findByText(t.validation.noMethod)).toBeInTheDocument();
    expect(screen.getByText('অপেক্ষা ১ থেকে ১৬৮ ঘণ্টার মধ্যে হতে হবে।')).toBeInTheDocument();

    fireEvent.click(methodSwitch('নগদ (Nagad)'));
    await save();
    expect(await screen.findByText('নগদ (Nagad) চালু রাখতে নম্বর দিন।')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /নগদ \(Nagad\) নম্বর/ }), '0121234');
    await save();
    expect(await screen.findByText(orderMessages.phone.wrongLength)).toBeInTheDocument();
    expect(api.savePaymentAccounts).not.toHaveBeenCalled();
  });

  it('shows what is stored, and says so when saving fails (nothing changed)', async () => {
    api.loadPaymentSettings.mockResolvedValue({
      ...DEFAULT_PAYMENT_SETTINGS,
      methods: { cash_on_delivery: false, bkash: false, nagad: true },
      nagad: { number: '01911223344', account_type: 'agent' },
      payment_wait_hours: 6,
    });
    api.savePaymentAccounts.mockRejectedValue(new Error('permission-denied'));
    renderWithSettingsApi(<PaymentAccountsSection />, api);
    expect(await screen.findByRole('textbox', { name: /নগদ \(Nagad\) নম্বর/ })).toHaveValue('01911223344');
    expect(screen.getByRole('combobox', { name: 'নগদ (Nagad) অ্যাকাউন্টের ধরন' })).toHaveValue('agent');
    expect(methodSwitch('নগদ (Nagad)')).toBeChecked();
    expect(methodSwitch('ক্যাশ অন ডেলিভারি')).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: /কত ঘণ্টা/ })).toHaveValue(6);
    fireEvent.click(methodSwitch('ক্যাশ অন ডেলিভারি'));
    await save();
    expect(await screen.findByText(t.saveError)).toBeInTheDocument();
  });
});
