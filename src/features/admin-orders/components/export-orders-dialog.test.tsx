import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { AdminOrdersApiProvider } from '../api/orders-api';
import type { ordersCsvBlob } from '../api/paperwork-orders';
import type { blockPhone, loadPhoneSummary } from '../api/phone-history';
import { adminOrdersTexts } from '../texts';
import { ExportOrdersDialog } from './export-orders-dialog';

const api = {
  loadPhoneSummary: vi.fn<typeof loadPhoneSummary>(),
  blockPhone: vi.fn<typeof blockPhone>(),
  ordersCsvBlob: vi.fn<typeof ordersCsvBlob>(),
};
// jsdom has no object URLs: each test lends them, and gives back what was there.
const { createObjectURL, revokeObjectURL } = URL;

const t = adminOrdersTexts.export;
/** The names of the files handed to the downloads (a link's click, which jsdom cannot follow). */
const downloaded: string[] = [];
vi.setConfig({ testTimeout: 30_000 });

function renderDialog() {
  const onClose = vi.fn();
  renderWithShop(
    <AdminOrdersApiProvider value={api}>
      <ExportOrdersDialog status="all" onClose={onClose} />
    </AdminOrdersApiProvider>,
  );
  return onClose;
}

function chooseDays(from: string, to: string) {
  fireEvent.change(screen.getByLabelText(t.from, { exact: false }), { target: { value: from } });
  fireEvent.change(screen.getByLabelText(t.to, { exact: false }), { target: { value: to } });
}

beforeEach(() => {
  api.ordersCsvBlob.mockReset().mockResolvedValue({ blob: new Blob(['csv']), count: 1 });
  URL.createObjectURL = vi.fn(() => 'blob:orders');
  URL.revokeObjectURL = vi.fn();
  downloaded.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloaded.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('ExportOrdersDialog', () => {
  it('refuses an end before the start in Bengali and exports nothing', async () => {
    const onClose = renderDialog();
    chooseDays('2026-11-10', '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: t.download }));

    expect(await screen.findByText(t.validation.toBeforeFrom)).toBeInTheDocument();
    expect(api.ordersCsvBlob).not.toHaveBeenCalled();
    expect(downloaded).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('exports the chosen days and hands the file to the downloads', async () => {
    const onClose = renderDialog();
    chooseDays('2026-11-01', '2026-11-10');
    await userEvent.click(screen.getByRole('button', { name: t.download }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.ordersCsvBlob).toHaveBeenCalledTimes(1);
    expect(downloaded).toEqual(['orders-2026-11-01-to-2026-11-10.csv']);
  });
});
