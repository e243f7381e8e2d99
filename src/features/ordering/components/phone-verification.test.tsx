import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { placeOrder } from '../api/place-order';
import { phoneCodeNeeded, sendPhoneCode } from '../api/phone-verification';
import { MAX_CODE_TRIES } from '../model/phone-code';
import { readPaymentSettings } from '../model/payment-settings';
import { phoneVerificationTexts } from '../phone-verification-texts';
import OrderDialog from './order-dialog';

vi.mock('../api/place-order', () => ({ placeOrder: vi.fn() }));
vi.mock('../api/phone-verification', () => ({ phoneCodeNeeded: vi.fn(), sendPhoneCode: vi.fn() }));
const placeOrderMock = vi.mocked(placeOrder);
const neededMock = vi.mocked(phoneCodeNeeded);
const sendMock = vi.mocked(sendPhoneCode);
const t = phoneVerificationTexts;
const DEFAULT_REQUIRED = readPaymentSettings(undefined).phone_verification_required;

vi.setConfig({ testTimeout: 30_000 });

const authError = (code: string) => Object.assign(new Error(code), { code });

async function cashOrder() {
  const user = userEvent.setup();
  renderWithShop(
    <OrderDialog
      product={{ id: 'mango-1', name: 'আমের আচার', price: 350, stock_quantity: 12 }}
      subject="আমের আচার"
      open
      isSignedIn
      onClose={() => {}}
    />,
  );
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('textbox', { name: /আপনার নাম/ }));
  await user.paste('রহিম উদ্দিন');
  await user.click(within(dialog).getByRole('textbox', { name: /মোবাইল নম্বর/ }));
  await user.paste('01712345678');
  await user.click(within(dialog).getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ }));
  await user.paste('জিনজিরা, কেরানীগঞ্জ');
  await user.click(within(dialog).getByRole('button', { name: 'অর্ডার দিন' }));
  return { user, dialog };
}

beforeEach(() => {
  placeOrderMock.mockReset().mockResolvedValue({ orderId: 'order-1' });
  neededMock.mockReset();
  sendMock.mockReset();
});

describe('the phone code before a first cash order', () => {
  it('holds the order for the code, then places it once the code is confirmed', async () => {
    neededMock.mockReturnValue(true);
    const confirm = vi.fn().mockResolvedValue(undefined);
    sendMock.mockResolvedValue({ confirm });
    const { user } = await cashOrder();

    const step = await screen.findByTestId('phone-verification');
    // With the shop's setting as the dialog read it (here the default: no Firestore answers the test).
    expect(neededMock).toHaveBeenCalledWith('01712345678', DEFAULT_REQUIRED);
    expect(placeOrderMock).not.toHaveBeenCalled();
    expect(step).toHaveTextContent('০১৭১২৩৪৫৬৭৮');
    expect(step).toHaveTextContent(t.localHint);

    await user.click(within(step).getByRole('button', { name: t.send }));
    expect(sendMock).toHaveBeenCalledWith(expect.any(HTMLElement), '01712345678');
    await user.type(await within(step).findByRole('textbox', { name: t.codeLabel }), '১২৩৪৫৬');
    await user.click(within(step).getByRole('button', { name: t.confirm }));

    await waitFor(() => expect(placeOrderMock).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith('123456');
    expect(placeOrderMock.mock.calls[0][0]).toMatchObject({
      customerPhone: '01712345678',
      paymentMethod: 'cash_on_delivery',
    });
  });

  it('places the order at once when no code is needed (a verified number, or verification off)', async () => {
    neededMock.mockReturnValue(false);
    await cashOrder();
    await waitFor(() => expect(placeOrderMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('phone-verification')).not.toBeInTheDocument();
  });

  it('says a wrong code, and after too many asks for a new one; nothing is ordered', async () => {
    neededMock.mockReturnValue(true);
    const confirm = vi.fn().mockRejectedValue(authError('auth/invalid-verification-code'));
    sendMock.mockResolvedValue({ confirm });
    const { user } = await cashOrder();
    const step = await screen.findByTestId('phone-verification');
    await user.click(within(step).getByRole('button', { name: t.send }));
    const code = await within(step).findByRole('textbox', { name: t.codeLabel });

    await user.type(code, '12');
    await user.click(within(step).getByRole('button', { name: t.confirm }));
    expect(within(step).getByTestId('phone-verification-error')).toHaveTextContent(t.errors.codeFormat);
    expect(confirm).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '000000');
    for (let tries = 1; tries < MAX_CODE_TRIES; tries += 1) {
      await user.click(within(step).getByRole('button', { name: t.confirm }));
      await waitFor(() =>
        expect(within(step).getByTestId('phone-verification-error')).toHaveTextContent(t.errors.wrongCode),
      );
    }
    await user.click(within(step).getByRole('button', { name: t.confirm }));
    await waitFor(() =>
      expect(within(step).getByTestId('phone-verification-error')).toHaveTextContent(t.errors.tooManyTries),
    );
    expect(within(step).getByRole('button', { name: t.send })).toBeInTheDocument();
    expect(placeOrderMock).not.toHaveBeenCalled();
  });

  it('says when the number is verified on another account, or the service wants a pause', async () => {
    neededMock.mockReturnValue(true);
    sendMock.mockRejectedValueOnce(authError('auth/too-many-requests'));
    const confirm = vi.fn().mockRejectedValue(authError('auth/account-exists-with-different-credential'));
    sendMock.mockResolvedValueOnce({ confirm });
    const { user } = await cashOrder();
    const step = await screen.findByTestId('phone-verification');

    await user.click(within(step).getByRole('button', { name: t.send }));
    expect(await within(step).findByTestId('phone-verification-error')).toHaveTextContent(
      t.errors.tooManyRequests,
    );
    await user.click(within(step).getByRole('button', { name: t.send }));
    await user.type(await within(step).findByRole('textbox', { name: t.codeLabel }), '123456');
    await user.click(within(step).getByRole('button', { name: t.confirm }));
    await waitFor(() =>
      expect(within(step).getByTestId('phone-verification-error')).toHaveTextContent(
        t.errors.linkedElsewhere,
      ),
    );
    expect(placeOrderMock).not.toHaveBeenCalled();
  });
});
