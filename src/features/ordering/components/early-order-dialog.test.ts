import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_DIALOG, openEarlyOrderDialog, type EarlyOrderProduct } from './early-order-dialog';

const mangoPickle: EarlyOrderProduct = { id: 'mango-1', name: 'আমের আচার', price: 350, stock_quantity: 12 };

function open(product = mangoPickle) {
  const onClose = vi.fn();
  const early = openEarlyOrderDialog(product, onClose);
  const dialog = screen.getByRole('dialog', { name: 'অর্ডার করুন' });
  return { early, onClose, dialog, user: userEvent.setup() };
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.style.removeProperty('overflow');
});

describe('the early order dialog (drawn before the app has loaded)', () => {
  it("shows the jar, the app dialog's fields with their defaults, and a total that follows the quantity", async () => {
    const { dialog, user } = open();
    expect(within(dialog).getByText('আমের আচার · একক দাম ৳৩৫০ · স্টকে আছে ১২টি')).toBeInTheDocument();
    const quantity = within(dialog).getByRole('spinbutton', { name: 'পরিমাণ' });
    expect(quantity).toHaveValue(1);
    expect(quantity).toHaveFocus();
    expect(quantity).toHaveAttribute('max', '10'); // the per-order limit, below the stock of 12
    expect(within(dialog).getByRole('textbox', { name: /আপনার নাম/ })).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: 'ক্যাশ অন ডেলিভারি' })).toBeChecked();
    expect(within(dialog).getByText('৳৩৫০', { selector: 'strong' })).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(within(dialog).getByText('৳১,০৫০', { selector: 'strong' })).toBeInTheDocument();
    await user.clear(quantity);
    expect(within(dialog).getByText('—', { selector: 'strong' })).toBeInTheDocument();
    // The page behind it does not scroll while it is open.
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('hands over what was filled in, where the caret was, and a confirm; it places nothing itself', async () => {
    const { early, dialog, user } = open();
    expect(early.draft()).toEqual({
      values: {
        quantity: 1,
        customerName: '',
        customerPhone: '',
        customerAddress: '',
        paymentMethod: 'cash_on_delivery',
      },
      confirmed: false,
      focus: { field: 'quantity', selection: null },
    });

    await user.click(within(dialog).getByRole('textbox', { name: /আপনার নাম/ }));
    await user.paste('রহিম উদ্দিন');
    await user.click(within(dialog).getByRole('radio', { name: 'বিকাশ' }));
    await user.click(within(dialog).getByRole('textbox', { name: /মোবাইল নম্বর/ }));
    await user.paste('01712345678');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await user.click(within(dialog).getByRole('button', { name: 'অর্ডার দিন' }));

    const confirm = within(dialog).getByRole('button', { name: 'অর্ডার জমা হচ্ছে…' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(early.draft()).toEqual({
      values: {
        quantity: 1,
        customerName: 'রহিম উদ্দিন',
        customerPhone: '01712345678',
        customerAddress: '',
        paymentMethod: 'bkash',
      },
      confirmed: true,
      focus: null, // the confirm button had the focus last
    });
  });

  it('reports the focused field with its selection', async () => {
    const { early, dialog, user } = open();
    await user.click(within(dialog).getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ }));
    await user.paste('জিনজিরা');
    await user.keyboard('{ArrowLeft}');
    expect(early.draft()?.focus).toEqual({ field: 'customerAddress', selection: [6, 6] });
  });

  it('stays open for a tap beside it (the second tap of a double tap on "order" lands there)', async () => {
    const { onClose, user } = open();
    await user.click(document.querySelector<HTMLElement>('.eod-positioner')!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes by its button and by Escape, telling its owner each time', async () => {
    for (const close of [
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'বন্ধ করুন' })),
      (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}'),
    ]) {
      const { onClose, user } = open();
      await close(user);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.querySelector(`[${EARLY_DIALOG}]`)).toBeNull();
      expect(document.documentElement.style.overflow).toBe('');
    }
  });

  it('is taken off by remove() without telling its owner, and stops listening for Escape', async () => {
    const { early, onClose, user } = open();
    early.remove();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps Tab inside itself', async () => {
    const { dialog, user } = open();
    const close = within(dialog).getByRole('button', { name: 'বন্ধ করুন' });
    close.focus();
    await user.tab();
    expect(within(dialog).getByRole('spinbutton', { name: 'পরিমাণ' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });
});
