import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { courierPayoutTexts } from '@/features/ordering/model';
import { renderWithShop } from '@/testing/render';
import { adminOrdersTexts } from '../texts';
import { CourierCash } from './courier-cash';

const t = adminOrdersTexts.courierCash;
vi.setConfig({ testTimeout: 30_000 });

const owed = [
  { id: 'ORDERAAAA1111bbbbCCCC01', customerName: 'রহিমা বেগম', owed: 321_00, deliveredAt: 1 },
  { id: 'ORDERAAAA1111bbbbCCCC02', customerName: 'করিম মিয়া', owed: 160_50, deliveredAt: 2 },
];
// 10:00 on 28 November in Dhaka (04:00 UTC).
const now = () => new Date('2026-11-28T04:00:00Z');

function renderCash(onRecord = vi.fn(async () => true)) {
  renderWithShop(<CourierCash owed={owed} onRecord={onRecord} now={now} />);
  return onRecord;
}

async function openPayout() {
  await userEvent.click(screen.getByRole('button', { name: t.record }));
  return screen.findByRole('alertdialog');
}

describe('CourierCash', () => {
  it('shows what the courier holds, and nothing to record when it holds nothing', () => {
    const { unmount } = renderWithShop(<CourierCash owed={owed} onRecord={vi.fn()} />);
    expect(screen.getByText('কুরিয়ারের কাছে পাওনা ৳৪৮১.৫০')).toBeInTheDocument();
    unmount();
    renderWithShop(<CourierCash owed={[]} onRecord={vi.fn()} />);
    expect(screen.getByText(t.nothingOwed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.record })).not.toBeInTheDocument();
  });

  it('records a payout to be matched by its amount, in Bengali digits, dated today in Dhaka', async () => {
    const onRecord = renderCash();
    await openPayout();
    await userEvent.type(screen.getByLabelText(new RegExp(t.amount)), '৩২১');
    await userEvent.type(screen.getByLabelText(new RegExp(t.reference)), 'SF-991');
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(onRecord).toHaveBeenCalledWith({ amount: 321, paidOn: '2026-11-28', reference: 'SF-991' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends the orders the seller picked by hand', async () => {
    const onRecord = renderCash();
    await openPayout();
    await userEvent.type(screen.getByLabelText(new RegExp(t.amount)), '160.50');
    await userEvent.type(screen.getByLabelText(new RegExp(t.reference)), 'SF-992');
    fireEvent.click(screen.getByRole('checkbox', { name: /করিম মিয়া/ }));
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(onRecord).toHaveBeenCalledWith({
      amount: 160.5,
      paidOn: '2026-11-28',
      reference: 'SF-992',
      orderIds: [owed[1].id],
    });
  });

  it('says in Bengali what is missing and records nothing', async () => {
    const onRecord = renderCash();
    await openPayout();
    await userEvent.type(screen.getByLabelText(new RegExp(t.amount)), '321');
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(courierPayoutTexts.referenceRequired);
    expect(onRecord).not.toHaveBeenCalled();
  });

  it('keeps the dialog as typed when the server refuses the payout', async () => {
    renderCash(vi.fn(async () => false));
    await openPayout();
    await userEvent.type(screen.getByLabelText(new RegExp(t.amount)), '100');
    await userEvent.type(screen.getByLabelText(new RegExp(t.reference)), 'SF-993');
    await userEvent.click(screen.getByRole('button', { name: t.confirm }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(t.reference))).toHaveValue('SF-993');
  });
});
