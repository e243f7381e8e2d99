import { screen } from '@testing-library/react';
import { renderWithShop } from '@/testing/render';
import { toAdminOrder } from '../model/admin-order';
import { packingSlip } from '../model/packing-slip';
import { PackingSlipCard } from './packing-slip-card';

const stored = {
  product_name: 'রসুনের আচার',
  product_price: 250,
  quantity: 2,
  total_amount: 500,
  customer_name: 'করিম',
  customer_phone: '01812345678',
  customer_address: 'আটি বাজার, কেরানীগঞ্জ',
  status: 'confirmed',
};

const renderSlip = (data: Record<string, unknown>) =>
  renderWithShop(
    <PackingSlipCard slip={packingSlip(toAdminOrder('abcdefgh12345678', { ...stored, ...data }))} />,
  );

describe('what a packing slip tells the courier to collect', () => {
  it('the total, with the note that a bKash payment is not verified yet', () => {
    renderSlip({ payment_method: 'bkash', payment_state: 'claimed', payment_trxid: 'BK7Q2M9XA4' });
    expect(screen.getByTestId('slip-collect')).toHaveTextContent('ডেলিভারিতে আদায় করুন: ৳৫০০');
    expect(screen.getByTestId('slip-unverified')).toHaveTextContent('পেমেন্ট: বিকাশ (যাচাই হয়নি)');
  });

  it('only the balance an edit after payment left', () => {
    renderSlip({
      payment_method: 'nagad',
      payment_state: 'verified',
      payment_trxid: '71B4XK9Q',
      paid_amount: 300,
    });
    expect(screen.getByTestId('slip-collect')).toHaveTextContent('আদায় করুন ৳২০০ (৳৩০০ আগেই পরিশোধিত)');
    expect(screen.queryByTestId('slip-unverified')).not.toBeInTheDocument();
  });

  it('nothing once paid, as today', () => {
    renderSlip({
      payment_method: 'nagad',
      payment_state: 'verified',
      payment_trxid: '71B4XK9Q',
      paid_amount: 500,
    });
    expect(screen.getByTestId('slip-collect')).toHaveTextContent(
      'পরিশোধিত (TrxID 71B4XK9Q): আদায় করতে হবে না',
    );
  });

  it('the total of a cash order, with no payment note', () => {
    renderSlip({ payment_method: 'cash_on_delivery' });
    expect(screen.getByTestId('slip-collect')).toHaveTextContent('ডেলিভারিতে আদায় করুন: ৳৫০০');
    expect(screen.queryByTestId('slip-unverified')).not.toBeInTheDocument();
  });
});

describe('a booked parcel’s slip', () => {
  it('prints the courier’s tracking code, and none before booking', () => {
    renderSlip({ payment_method: 'cash_on_delivery', courier_tracking_code: '15BAEB8A' });
    expect(screen.getByTestId('slip-tracking-code')).toHaveTextContent('15BAEB8A');
  });

  it('prints no tracking line for an order not booked', () => {
    renderSlip({ payment_method: 'cash_on_delivery' });
    expect(screen.queryByTestId('slip-tracking-code')).not.toBeInTheDocument();
  });
});
