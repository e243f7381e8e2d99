import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShop } from '@/testing/render';
import { placeOrder } from '../api/place-order';
import { usePaymentSettings } from '../api/payment-settings';
import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from '../model/payment-settings';
import { orderMessages } from '../model/texts';
import OrderDialog, { type OrderableProduct, type OrderDialogProps } from './order-dialog';

vi.mock('../api/place-order', () => ({ placeOrder: vi.fn() }));
const placeOrderMock = vi.mocked(placeOrder);
vi.mock('../api/payment-settings', () => ({ usePaymentSettings: vi.fn() }));
const settingsMock = vi.mocked(usePaymentSettings);

/** A shop that takes cash, bKash (a personal number) and Nagad (a merchant one), and waits 24 hours. */
const walletShop: PaymentSettings = {
  ...DEFAULT_PAYMENT_SETTINGS,
  methods: { cash_on_delivery: true, bkash: true, nagad: true },
  bkash: { number: '01811223344', account_type: 'personal' },
  nagad: { number: '01911223344', account_type: 'merchant' },
  // The phone code before an order is phone-verification.test.tsx's; these tests are about the form.
  phone_verification_required: false,
};

const mangoPickle: OrderableProduct = { id: 'mango-1', name: 'আমের আচার', price: 350, stock_quantity: 12 };
/** Its line, as the page hands it to the form (the catalog's orderSubject). */
const mangoLine = 'আমের আচার · প্রতি বয়ামের দাম ৳৩৫০ · স্টকে আছে ১২টি';

/** The dialog as the home page uses it: an order button opens it, onClose closes it. */
function Harness({ isSignedIn }: { isSignedIn: boolean | null }) {
  const [product, setProduct] = useState<OrderableProduct | null>(mangoPickle);
  return (
    <>
      <button type="button" onClick={() => setProduct(mangoPickle)}>
        open again
      </button>
      <OrderDialog
        product={product}
        subject={product && mangoLine}
        open={product !== null}
        isSignedIn={isSignedIn}
        onClose={() => setProduct(null)}
      />
    </>
  );
}

function renderDialog(initiallySignedIn: boolean | null = true) {
  const user = userEvent.setup();
  let setSignedIn: (known: boolean) => void = () => {};
  function SignInState() {
    const [isSignedIn, set] = useState(initiallySignedIn);
    setSignedIn = set;
    return <Harness isSignedIn={isSignedIn} />;
  }
  renderWithShop(<SignInState />, { otherRoutes: { '/auth': <p>auth page</p> } });
  return {
    user,
    dialog: () => screen.getByRole('dialog'),
    /** The sign-in state arrives (Firebase Auth has reported). */
    signedInBecomes: (known: boolean) => act(() => setSignedIn(known)),
  };
}

/** Types a whole answer at once (pasting), as typing Bengali letter by letter adds nothing but time. */
async function answer(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillValidOrder(user: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog');
  const quantity = within(dialog).getByRole('spinbutton', { name: /পরিমাণ/ });
  await user.clear(quantity);
  await user.type(quantity, '2');
  await answer(user, within(dialog).getByRole('textbox', { name: /আপনার নাম/ }), 'রহিম উদ্দিন');
  await answer(user, within(dialog).getByRole('textbox', { name: /মোবাইল নম্বর/ }), '+880 1712-345678');
  await answer(
    user,
    within(dialog).getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ }),
    'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
  );
  await user.click(within(dialog).getByText('বিকাশ'));
}

// Each test drives a whole Chakra dialog in jsdom; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  placeOrderMock.mockReset();
  settingsMock.mockReturnValue(walletShop);
});

describe('OrderDialog', () => {
  it('shows the product and a running total that follows the quantity', async () => {
    const { user, dialog } = renderDialog();
    expect(within(dialog()).getByText(/আমের আচার/)).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('৳৩৫০');

    const quantity = within(dialog()).getByRole('spinbutton', { name: /পরিমাণ/ });
    await user.clear(quantity);
    await user.type(quantity, '3');

    expect(screen.getByTestId('order-total')).toHaveTextContent('৳১,০৫০');
  });

  it('starts with quantity 1 and cash on delivery chosen', () => {
    const { dialog } = renderDialog();
    expect(within(dialog()).getByRole('spinbutton', { name: /পরিমাণ/ })).toHaveValue(1);
    expect(within(dialog()).getByRole('radio', { name: 'ক্যাশ অন ডেলিভারি' })).toBeChecked();
  });

  it('tells in Bengali what is missing and sends nothing', async () => {
    const { user, dialog } = renderDialog();

    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    expect(await within(dialog()).findByText('আপনার নাম দিন।')).toBeInTheDocument();
    expect(within(dialog()).getByText('মোবাইল নম্বর দিন।')).toBeInTheDocument();
    expect(within(dialog()).getByText('ডেলিভারির ঠিকানা দিন।')).toBeInTheDocument();
    expect(placeOrderMock).not.toHaveBeenCalled();
  });

  it('refuses more jars than one order may hold, a wrong phone number and a zero quantity', async () => {
    const { user, dialog } = renderDialog();
    expect(within(dialog()).getByTestId('order-limits')).toHaveTextContent(
      'একটি অর্ডারে সর্বোচ্চ ১০টি বয়াম; একসাথে সর্বোচ্চ ৩টি চলমান অর্ডার রাখা যায়।',
    );
    const quantity = within(dialog()).getByRole('spinbutton', { name: /পরিমাণ/ });
    await user.clear(quantity);
    await user.type(quantity, '11');
    await answer(user, within(dialog()).getByRole('textbox', { name: /মোবাইল নম্বর/ }), '12345');
    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    // 12 jars are in stock, but one order holds at most 10: the limit is the bound the customer meets.
    expect(await within(dialog()).findByText('একটি অর্ডারে সর্বোচ্চ ১০টি বয়াম নেওয়া যায়।')).toBeInTheDocument();
    expect(within(dialog()).getByText(/মোবাইল নম্বর ০১ দিয়ে শুরু হতে হবে/)).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(await within(dialog()).findByText('কমপক্ষে ১টি বয়াম নিতে হবে।')).toBeInTheDocument();
    expect(placeOrderMock).not.toHaveBeenCalled();
  });

  // A one-line input drops a pasted line break itself; a forged one is refused by the same schema (order-form.test.ts).
  it('refuses in Bengali a name with U+202E, an address with U+202E or five lines, a name of only U+200B; sends nothing', async () => {
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    const name = within(dialog()).getByRole('textbox', { name: /আপনার নাম/ });
    const address = within(dialog()).getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ });
    const confirm = () => user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    await user.clear(name);
    await answer(user, name, 'রহিম \u202E87654321710');
    await user.clear(address);
    await answer(user, address, 'জিনজিরা \u202E8765');
    await confirm();
    expect(await within(dialog()).findByText(orderMessages.validation.nameBidi)).toBeInTheDocument();
    expect(within(dialog()).getByText(orderMessages.validation.addressBidi)).toBeInTheDocument();

    await user.clear(address);
    await answer(user, address, 'বাড়ি ১২\nরোড ৩\nজিনজিরা\nকেরানীগঞ্জ\nঢাকা');
    await confirm();
    expect(
      await within(dialog()).findByText(orderMessages.validation.addressTooManyLines('৪')),
    ).toBeInTheDocument();

    await user.clear(name);
    await answer(user, name, '\u200B');
    await confirm();
    expect(await within(dialog()).findByText(orderMessages.validation.nameRequired)).toBeInTheDocument();
    expect(placeOrderMock).not.toHaveBeenCalled();
  });

  it('sends a Bengali name with ZWJ and ZWNJ as typed, and an address of two lines', async () => {
    placeOrderMock.mockResolvedValue({ orderId: 'order-1' });
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    const name = within(dialog()).getByRole('textbox', { name: /আপনার নাম/ });
    const address = within(dialog()).getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ });
    await user.clear(name);
    await answer(user, name, 'র\u200D্যাব ক্\u200Cষমা');
    await user.clear(address);
    await answer(user, address, 'বাড়ি ১২\nকেরানীগঞ্জ');
    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));
    await waitFor(() => expect(placeOrderMock).toHaveBeenCalledTimes(1));
    expect(placeOrderMock.mock.calls[0][0]).toMatchObject({
      customerName: 'র\u200D্যাব ক্\u200Cষমা',
      customerAddress: 'বাড়ি ১২\nকেরানীগঞ্জ',
    });
  });

  it('asks a visitor to log in, offers the way to /auth, and sends nothing', async () => {
    const { user, dialog } = renderDialog(false);
    await fillValidOrder(user);

    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    expect(await screen.findByText('লগইন প্রয়োজন')).toBeInTheDocument();
    expect(screen.getByText('অর্ডার করতে প্রথমে লগইন করুন।')).toBeInTheDocument();
    expect(placeOrderMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'লগইন করুন' }));
    expect(await screen.findByText('auth page')).toBeInTheDocument();
  });

  it('holds a confirm made before the sign-in state is known, busy, and places it once when a customer is known', async () => {
    placeOrderMock.mockResolvedValue({ orderId: 'order-123' });
    const { user, dialog, signedInBecomes } = renderDialog(null);
    await fillValidOrder(user);
    const confirm = within(dialog()).getByRole('button', { name: 'অর্ডার দিন' });

    await user.click(confirm);
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading'));
    expect(placeOrderMock).not.toHaveBeenCalled();
    expect(screen.queryByText('লগইন প্রয়োজন')).not.toBeInTheDocument();

    await signedInBecomes(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(placeOrderMock).toHaveBeenCalledTimes(1);
  });

  it('asks a visitor to log in once the waiting confirm learns nobody is signed in, and sends nothing', async () => {
    const { user, dialog, signedInBecomes } = renderDialog(null);
    await fillValidOrder(user);
    const confirm = within(dialog()).getByRole('button', { name: 'অর্ডার দিন' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading'));

    await signedInBecomes(false);
    expect(await screen.findByText('লগইন প্রয়োজন')).toBeInTheDocument();
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
    expect(placeOrderMock).not.toHaveBeenCalled();
  });

  it('places the order with what the customer chose (never a price), then thanks, resets and closes', async () => {
    placeOrderMock.mockResolvedValue({ orderId: 'order-123' });
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    expect(screen.getByTestId('order-total')).toHaveTextContent('৳৭০০');

    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(placeOrderMock).toHaveBeenCalledTimes(1);
    expect(placeOrderMock).toHaveBeenCalledWith({
      productId: 'mango-1',
      quantity: 2,
      customerName: 'রহিম উদ্দিন',
      customerPhone: '01712345678',
      customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
      paymentMethod: 'bkash',
      requestId: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
    });
    expect(await screen.findByText('অর্ডার সফল!')).toBeInTheDocument();
    expect(screen.getByText('আপনার অর্ডারটি সফলভাবে জমা দেওয়া হয়েছে।')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'open again' }));
    expect(within(dialog()).getByRole('spinbutton', { name: /পরিমাণ/ })).toHaveValue(1);
    expect(within(dialog()).getByRole('textbox', { name: /আপনার নাম/ })).toHaveValue('');
    expect(within(dialog()).getByRole('textbox', { name: /মোবাইল নম্বর/ })).toHaveValue('');
    expect(within(dialog()).getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ })).toHaveValue('');
    expect(within(dialog()).getByRole('radio', { name: 'ক্যাশ অন ডেলিভারি' })).toBeChecked();
  });

  it("shows the server's reason when the order fails and keeps the dialog open", async () => {
    placeOrderMock.mockRejectedValue(new Error('স্টকে যথেষ্ট বয়াম নেই।'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);

    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    expect(await screen.findByText('অর্ডার জমা দিতে সমস্যা')).toBeInTheDocument();
    expect(screen.getByText('স্টকে যথেষ্ট বয়াম নেই।')).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: /আপনার নাম/ })).toHaveValue('রহিম উদ্দিন');
  });

  it('falls back to the generic Bengali sentence when the failure has no useful message', async () => {
    placeOrderMock.mockRejectedValue(new Error('internal'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);

    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));

    expect(await screen.findByText('অর্ডার জমা দিতে সমস্যা হয়েছে।')).toBeInTheDocument();
  });

  it('sends a repeated tap with the same request id, and a new id once the dialog was closed and opened again', async () => {
    placeOrderMock.mockRejectedValueOnce(new Error('internal'));
    placeOrderMock.mockResolvedValue({ orderId: 'order-123' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    const confirm = () => within(dialog()).getByRole('button', { name: 'অর্ডার দিন' });

    await user.click(confirm());
    expect(await screen.findByText('অর্ডার জমা দিতে সমস্যা হয়েছে।')).toBeInTheDocument();
    await user.click(confirm());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'open again' }));
    await fillValidOrder(user);
    await user.click(confirm());
    await waitFor(() => expect(placeOrderMock).toHaveBeenCalledTimes(3));

    const [first, second, third] = placeOrderMock.mock.calls.map(([input]) => input.requestId);
    expect(first).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(second).toBe(first);
    expect(third).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(third).not.toBe(first);
  });

  // Escape and a tap beside it are the browser's own (a native modal <dialog>): proven in a browser
  // (tests/e2e/tap-replay.test.ts). Here: the page follows whatever closed it.
  it('closes from its close button, and follows the browser closing it (Escape), opening again after', async () => {
    const { user, dialog } = renderDialog();
    await user.click(within(dialog()).getByRole('button', { name: 'বন্ধ করুন' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'open again' }));
    const shown = dialog() as HTMLDialogElement;
    expect(shown.open).toBe(true);
    act(() => shown.close()); // as the browser does on Escape
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'open again' }));
    expect(dialog()).toBeVisible();
  });
});

describe('OrderDialog: paying by bKash or Nagad', () => {
  it('offers only the methods the shop takes', async () => {
    settingsMock.mockReturnValue(DEFAULT_PAYMENT_SETTINGS);
    const { dialog } = renderDialog();
    expect(within(dialog()).getByRole('radio', { name: 'ক্যাশ অন ডেলিভারি' })).toBeChecked();
    expect(within(dialog()).queryByRole('radio', { name: 'বিকাশ' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('radio', { name: 'নগদ (Nagad)' })).not.toBeInTheDocument();
  });

  it('says where to send, with which words, the exact running total and the reference to write', async () => {
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    const steps = within(screen.getByTestId('wallet-payment'));
    expect(steps.getByText(/বিকাশ অ্যাপ খুলুন \(বা \*247# ডায়াল করুন\).*“Send Money”/)).toBeInTheDocument();
    expect(steps.getByText('নম্বর: 01811223344 (পার্সোনাল অ্যাকাউন্ট)')).toBeInTheDocument();
    expect(steps.getByText('টাকার পরিমাণ: ঠিক ৳৭০০ (700)')).toBeInTheDocument();
    expect(steps.getByText('রেফারেন্সে লিখুন আপনার মোবাইল নম্বর: 01712345678')).toBeInTheDocument();
    expect(steps.getByText(/২৪ ঘণ্টার মধ্যে TrxID না দিলে অর্ডারটি নিজে থেকে বাতিল হবে/)).toBeInTheDocument();

    const quantity = within(dialog()).getByRole('spinbutton', { name: /পরিমাণ/ });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(steps.getByText('টাকার পরিমাণ: ঠিক ৳১,০৫০ (1050)')).toBeInTheDocument();

    // Nagad's account here is a merchant one: "Payment"; an agent's takes "Cash Out" and has no reference.
    await user.click(within(dialog()).getByText('নগদ (Nagad)'));
    expect(steps.getByText(/“Payment”/)).toBeInTheDocument();
    expect(steps.getByText('নম্বর: 01911223344 (মার্চেন্ট অ্যাকাউন্ট)')).toBeInTheDocument();
  });

  it("tells an agent number apart: Cash Out, the charge is the sender's, and no reference to write", async () => {
    settingsMock.mockReturnValue({ ...walletShop, bkash: { number: '01811223344', account_type: 'agent' } });
    const { user } = renderDialog();
    await fillValidOrder(user);
    const steps = within(screen.getByTestId('wallet-payment'));
    expect(steps.getByText(/“Cash Out”/)).toBeInTheDocument();
    expect(steps.getByText(/ক্যাশ আউটের চার্জ আপনি দেবেন/)).toBeInTheDocument();
    expect(steps.queryByText(/রেফারেন্স/)).not.toBeInTheDocument();
  });

  it('refuses a TrxID of the wrong shape and a payer number alone, in Bengali, and sends nothing', async () => {
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    const trxId = within(dialog()).getByRole('textbox', { name: 'ট্রানজেকশন আইডি (TrxID)' });
    const payer = within(dialog()).getByRole('textbox', { name: 'যে নম্বর থেকে টাকা পাঠিয়েছেন' });
    await answer(user, payer, '01812345678');
    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));
    expect(await within(dialog()).findByText('ট্রানজেকশন আইডি দিন।')).toBeInTheDocument();

    await answer(user, trxId, 'AB12');
    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));
    expect(
      await within(dialog()).findByText(
        'বিকাশের ট্রানজেকশন আইডি ১০ অক্ষরের — শুধু ইংরেজি অক্ষর ও অঙ্ক (যেমন 8N7A6D5EE7)। বিকাশের মেসেজ থেকে আবার দেখে লিখুন।',
      ),
    ).toBeInTheDocument();
    expect(placeOrderMock).not.toHaveBeenCalled();
  });

  it('places a bKash order with its TrxID and payer, as the server stores them', async () => {
    placeOrderMock.mockResolvedValue({ orderId: 'order-123' });
    const { user, dialog } = renderDialog();
    await fillValidOrder(user);
    await answer(user, within(dialog()).getByRole('textbox', { name: /TrxID/ }), ' bk7q2m9xa4 ');
    await answer(user, within(dialog()).getByRole('textbox', { name: /যে নম্বর থেকে/ }), '+880 1812-345678');
    await user.click(within(dialog()).getByRole('button', { name: 'অর্ডার দিন' }));
    await waitFor(() => expect(placeOrderMock).toHaveBeenCalledTimes(1));
    expect(placeOrderMock).toHaveBeenCalledWith(
      expect.objectContaining({
        paymentMethod: 'bkash',
        paymentTrxId: 'BK7Q2M9XA4',
        paymentPayer: '01812345678',
      }),
    );
  });
});

describe('OrderDialog: the form a page sends, before it is opened', () => {
  /** The form as a product page renders it (on the server too): for its jar, closed, the shop's own settings unread. */
  function renderClosedForm(offeredOnPage: OrderDialogProps['offeredOnPage']) {
    settingsMock.mockReturnValue(null);
    renderWithShop(
      <OrderDialog
        product={mangoPickle}
        subject={mangoLine}
        open={false}
        isSignedIn={null}
        offeredOnPage={offeredOnPage}
        onClose={() => {}}
      />,
    );
    const form = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
    return within(form);
  }
  const offered = (form: ReturnType<typeof within>) =>
    form.getAllByRole('radio', { hidden: true }).map((radio: HTMLElement) => radio.getAttribute('value'));

  it('names the jar, its price and stock, and totals one jar, while it stays closed and reads nothing', () => {
    const form = renderClosedForm(null);
    expect((screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement).open).toBe(false);
    expect(form.getByText('আমের আচার · প্রতি বয়ামের দাম ৳৩৫০ · স্টকে আছে ১২টি')).toBeInTheDocument();
    expect(form.getByTestId('order-total')).toHaveTextContent('৳৩৫০');
    // The shop's own settings are read when the form opens, not for a form in the page.
    expect(settingsMock).toHaveBeenLastCalledWith(false);
  });

  it('offers the methods the page was sent, cash chosen; none sent: cash alone', () => {
    const form = renderClosedForm(['cash_on_delivery', 'bkash', 'nagad']);
    expect(offered(form)).toEqual(['cash_on_delivery', 'bkash', 'nagad']);
    expect(form.getByRole('radio', { name: 'ক্যাশ অন ডেলিভারি', hidden: true })).toBeChecked();
    cleanup();
    expect(offered(renderClosedForm(null))).toEqual(['cash_on_delivery']);
  });

  it('chooses the first method sent when the shop does not take cash', () => {
    const form = renderClosedForm(['bkash']);
    expect(offered(form)).toEqual(['bkash']);
    expect(form.getByRole('radio', { name: 'বিকাশ', hidden: true })).toBeChecked();
  });

  it("offers what the shop's own settings say once they are read, whatever the page was sent", () => {
    settingsMock.mockReturnValue(DEFAULT_PAYMENT_SETTINGS);
    renderWithShop(
      <OrderDialog
        product={mangoPickle}
        subject={mangoLine}
        open
        isSignedIn
        offeredOnPage={['cash_on_delivery', 'bkash']}
        onClose={() => {}}
      />,
    );
    expect(offered(within(screen.getByRole('dialog')))).toEqual(['cash_on_delivery']);
  });
});
