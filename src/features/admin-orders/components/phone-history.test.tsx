import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { AdminOrdersApiProvider } from '../api/orders-api';
import type { blockPhone, loadPhoneSummary } from '../api/phone-history';
import { phoneHistoryTexts as t } from '../texts';
import { PhoneHistory } from './phone-history';

const loadMock = vi.fn<typeof loadPhoneSummary>();
const blockMock = vi.fn<typeof blockPhone>();
const renderPhoneHistory = () =>
  renderWithShop(
    <AdminOrdersApiProvider
      value={{ loadPhoneSummary: loadMock, blockPhone: blockMock, ordersCsvBlob: vi.fn() }}
    >
      <PhoneHistory phone="01712345678" />
    </AdminOrdersApiProvider>,
  );

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  loadMock.mockReset();
  blockMock.mockReset().mockResolvedValue(undefined);
});

describe('PhoneHistory', () => {
  it("shows the number's delivered, cancelled and returned counts, with a warning after refusals", async () => {
    loadMock.mockResolvedValue({ orders: 6, delivered: 2, cancelled: 1, returned: 3, lastOrderAtMs: 1 });
    renderPhoneHistory();
    expect(await screen.findByTestId('phone-history-counts')).toHaveTextContent(
      'মোট ৬ · সরবরাহ ২ · বাতিল ১ · ফেরত ৩',
    );
    expect(screen.getByText(t.risky)).toBeInTheDocument();
    expect(loadMock).toHaveBeenCalledWith('01712345678');
  });

  it('says a new number has no history, without a warning', async () => {
    loadMock.mockResolvedValue({ orders: 0, delivered: 0, cancelled: 0, returned: 0, lastOrderAtMs: null });
    renderPhoneHistory();
    expect(await screen.findByText(t.none)).toBeInTheDocument();
    expect(screen.queryByText(t.risky)).not.toBeInTheDocument();
  });

  it('blocks the number only after the confirmation', async () => {
    loadMock.mockResolvedValue({ orders: 1, delivered: 0, cancelled: 0, returned: 1, lastOrderAtMs: 1 });
    const user = userEvent.setup();
    renderPhoneHistory();
    await user.click(await screen.findByRole('button', { name: t.block }));
    expect(blockMock).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: t.block });
    expect(confirm).toHaveTextContent('০১৭১২৩৪৫৬৭৮');
    await user.click(within(confirm).getByRole('button', { name: t.blockNo }));
    expect(blockMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: t.block }));
    await user.click(screen.getByRole('button', { name: t.blockYes }));
    await waitFor(() => expect(blockMock).toHaveBeenCalledWith('01712345678'));
    expect(await screen.findAllByText(t.blocked)).not.toHaveLength(0);
  });
});
