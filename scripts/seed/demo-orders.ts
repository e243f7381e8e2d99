import {
  DEFAULT_PAYMENT_SETTINGS,
  isMobilePaymentMethod,
  ORDER_STATUSES,
  orderTotal,
  PAYMENT_METHODS,
  TRXID_PATTERNS,
  type MobilePaymentMethod,
  type OrderFields,
  type OrderPaymentFields,
  type OrderStatus,
  type PaymentSettings,
  type PaymentState,
} from '../../src/features/ordering/model';
import { seededRandom, type Random } from './random';

/**
 * The demo shop's payment accounts (settings/payments): a personal bKash number ("Send Money") and a merchant
 * Nagad one ("Payment"), both offered beside cash. Made-up numbers of the right shape.
 */
export const DEMO_PAYMENT_SETTINGS: PaymentSettings = {
  ...DEFAULT_PAYMENT_SETTINGS,
  methods: { cash_on_delivery: true, bkash: true, nagad: true },
  bkash: { number: '01711000111', account_type: 'personal' },
  nagad: { number: '01911000222', account_type: 'merchant' },
};

export interface DemoCustomer {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** Filled in for the customer who has an account in the Auth emulator. */
  uid?: string;
}

/** People of Keraniganj and around Dhaka who buy pickles; the first one is the seeded customer account. */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    name: 'নুসরাত জাহান',
    phone: '01711234567',
    email: 'customer@achar.test',
    address: 'বাড়ি ১৪, রোড ৩, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
  },
  {
    name: 'রহিমা বেগম',
    phone: '01812345678',
    email: 'rahima.begum@example.com',
    address: 'আটি বাজার, কেরানীগঞ্জ, ঢাকা',
  },
  {
    name: 'করিম মিয়া',
    phone: '01912345670',
    email: 'karim.mia@example.com',
    address: '২৭/বি, লালবাগ রোড, ঢাকা ১২১১',
  },
  {
    name: 'সালমা খাতুন',
    phone: '01551234567',
    email: 'salma.khatun@example.com',
    address: 'হাউস ৮, সেক্টর ৭, উত্তরা, ঢাকা',
  },
  {
    name: 'তানভীর আহমেদ',
    phone: '01612345678',
    email: 'tanvir.ahmed@example.com',
    address: 'ফ্ল্যাট ৫এ, ধানমন্ডি ২৭, ঢাকা',
  },
  {
    name: 'ফারহানা ইসলাম',
    phone: '01312345678',
    email: 'farhana.islam@example.com',
    address: 'মিরপুর ১০, ব্লক সি, ঢাকা',
  },
  {
    name: 'আবদুল হালিম',
    phone: '01412345678',
    email: 'abdul.halim@example.com',
    address: 'কদমতলী, কেরানীগঞ্জ, ঢাকা',
  },
  {
    name: 'শারমিন আক্তার',
    phone: '01798765432',
    email: 'sharmin.akter@example.com',
    address: 'মোহাম্মদপুর, টাউন হল, ঢাকা',
  },
  {
    name: 'মাহমুদ হাসান',
    phone: '01887654321',
    email: 'mahmud.hasan@example.com',
    address: 'নারায়ণগঞ্জ সদর, চাষাঢ়া',
  },
  {
    name: 'জান্নাতুল ফেরদৌস',
    phone: '01976543210',
    email: 'jannatul.ferdous@example.com',
    address: 'বসুন্ধরা আবাসিক, ব্লক ডি, ঢাকা',
  },
  {
    name: 'রফিকুল ইসলাম',
    phone: '01534567890',
    email: 'rafiqul.islam@example.com',
    address: 'সাভার, ব্যাংক কলোনি, ঢাকা',
  },
  {
    name: 'Anika Rahman',
    phone: '01623456789',
    email: 'anika.rahman@example.com',
    address: 'House 12, Road 5, Banani, Dhaka',
  },
];

export interface DemoOrderProduct {
  id: string;
  name: string;
  price: number;
}

export interface DemoOrder extends OrderFields, OrderPaymentFields {
  customer_email: string;
  created_at: Date;
  updated_at: Date;
  payment_due_at: Date | null;
  payment_updated_at: Date;
  payment_verified_at: Date | null;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How far an order has come, by its age: new ones wait, old ones have been delivered (or cancelled). */
function statusForAge(ageDays: number, roll: number): OrderStatus {
  if (ageDays < 1) return roll < 0.75 ? 'pending' : 'confirmed';
  if (ageDays < 3) return roll < 0.35 ? 'pending' : roll < 0.7 ? 'confirmed' : 'preparing';
  if (ageDays < 6) return roll < 0.3 ? 'preparing' : roll < 0.75 ? 'delivering' : 'delivered';
  return roll < 0.85 ? 'delivered' : 'cancelled';
}

/**
 * Orders of the last 21 days for the given products, the same every time for the same seed: more orders
 * lately than three weeks ago, every status and payment method among them.
 */
export function demoOrders(
  products: readonly DemoOrderProduct[],
  customers: readonly DemoCustomer[],
  now: Date,
  { count = 48, seed = 20241 }: { count?: number; seed?: number } = {},
): DemoOrder[] {
  if (products.length === 0) throw new RangeError('Demo orders need at least one product');
  if (count < 12)
    throw new RangeError('Ask for at least 12 demo orders, so every status and payment method shows');
  const random = seededRandom(seed);
  const orders = Array.from({ length: count }, (_, index): DemoOrder => {
    // Skewed towards recent days: the shop is growing.
    const ageDays = 21 * random.next() ** 1.4;
    const createdAt = new Date(now.getTime() - ageDays * DAY - random.int(0, 59) * 60_000);
    const product = random.pick(products);
    const customer = random.pick(customers);
    const quantity = random.next() < 0.6 ? 1 : random.int(2, 4);
    const status = statusForAge(ageDays, random.next());
    const paymentMethod = PAYMENT_METHODS[index % PAYMENT_METHODS.length];
    const updatedAt =
      status === 'pending'
        ? createdAt
        : new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 30) * HOUR));
    const order = {
      product_id: product.id,
      product_name: product.name,
      product_price: product.price,
      quantity,
      total_amount: orderTotal(product.price, quantity),
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_email: customer.email,
      customer_address: customer.address,
      payment_method: paymentMethod,
      user_id: customer.uid ?? `demo-${customer.email.split('@')[0]}`,
      status,
      created_at: createdAt,
      updated_at: updatedAt,
    };
    return { ...order, ...cashPayment(order.created_at) };
  });
  coverEveryStatus(orders, now);
  // After the statuses are final: a wallet order's payment follows how far it has come.
  orders.forEach((order, index) => Object.assign(order, paymentFor(order, index, random)));
  return orders.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
}

function cashPayment(createdAt: Date) {
  return {
    payment_state: 'collect_on_delivery' as PaymentState,
    payment_trxid: null,
    payment_payer: null,
    payment_reject_reason: null,
    payment_due_at: null,
    payment_updated_at: createdAt,
    payment_verified_at: null,
  };
}

const TRXID_LENGTH: Record<MobilePaymentMethod, number> = { bkash: 10, nagad: 8 };
const TRXID_CHARACTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** A made-up TrxID of the provider's shape, unique in the demo shop (its last two characters are the index). */
function demoTrxId(method: MobilePaymentMethod, index: number, random: Random): string {
  const body = Array.from({ length: TRXID_LENGTH[method] - 2 }, () => random.pick([...TRXID_CHARACTERS]));
  const trxId = body.join('') + String(index).padStart(2, '0').slice(-2);
  if (!TRXID_PATTERNS[method].test(trxId)) throw new Error(`demo TrxID of the wrong shape: ${trxId}`);
  return trxId;
}

/**
 * A wallet order's payment as the shop would have it: a new one still awaited or its TrxID waiting for the
 * seller's check; one the seller has moved on, verified; a cancelled one never paid (the expiry, or a rejected
 * TrxID); a returned parcel paid before it left. Cash orders are collected at the door.
 */
function paymentFor(order: DemoOrder, index: number, random: Random): Partial<DemoOrder> {
  const method = order.payment_method;
  if (!isMobilePaymentMethod(method)) return cashPayment(order.created_at);
  const roll = random.next();
  const state: PaymentState =
    order.status === 'pending'
      ? roll < 0.5
        ? 'awaiting_payment'
        : 'claimed'
      : order.status === 'confirmed'
        ? roll < 0.4
          ? 'claimed'
          : 'verified'
        : order.status === 'cancelled'
          ? roll < 0.6
            ? 'awaiting_payment'
            : 'rejected'
          : 'verified';
  const paidAt = new Date(order.created_at.getTime() + random.int(5, 90) * 60_000);
  const given = state !== 'awaiting_payment';
  return {
    payment_state: state,
    payment_trxid: given ? demoTrxId(method, index, random) : null,
    payment_payer: given ? order.customer_phone : null,
    payment_reject_reason: state === 'rejected' ? 'এই ট্রানজেকশন আইডিতে কোনো টাকা আসেনি।' : null,
    payment_due_at: new Date(order.created_at.getTime() + DEMO_PAYMENT_SETTINGS.payment_wait_hours * HOUR),
    payment_updated_at: given ? paidAt : order.created_at,
    payment_verified_at:
      state === 'verified' ? new Date(Math.max(order.updated_at.getTime(), paidAt.getTime())) : null,
  };
}

/** A typical age, in days, of an order in each status. */
const TYPICAL_AGE_DAYS: Record<OrderStatus, number> = {
  pending: 0.2,
  confirmed: 0.8,
  preparing: 2.5,
  delivering: 4,
  delivered: 10,
  cancelled: 12,
  returned: 9,
};

/**
 * Makes sure the dashboard has something to show for every status: a missing status is given to the order
 * closest to its typical age, taken only from statuses that have more than one order.
 */
function coverEveryStatus(orders: DemoOrder[], now: Date): void {
  for (const status of ORDER_STATUSES) {
    if (orders.some((order) => order.status === status)) continue;
    const counts = new Map<OrderStatus, number>();
    for (const order of orders) counts.set(order.status, (counts.get(order.status) ?? 0) + 1);
    const ageOf = (order: DemoOrder) => (now.getTime() - order.created_at.getTime()) / DAY;
    const candidates = orders.filter((order) => (counts.get(order.status) ?? 0) > 1);
    const closest = candidates.reduce((best, order) =>
      Math.abs(ageOf(order) - TYPICAL_AGE_DAYS[status]) < Math.abs(ageOf(best) - TYPICAL_AGE_DAYS[status])
        ? order
        : best,
    );
    closest.status = status;
  }
}
