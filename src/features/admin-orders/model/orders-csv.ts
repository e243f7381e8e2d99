import {
  courierStateLabel,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStateLabel,
  shortOrderId,
} from '@/features/ordering/model';
import { dhakaDateTime } from '@/lib/shop-time';
import type { AdminOrder } from './admin-order';

/**
 * The order export as a spreadsheet reads it: UTF-8 with a byte-order mark (without it Excel guesses a legacy
 * code page and shows Bengali as mojibake), CRLF line ends and RFC 4180 quoting. Amounts are plain numbers in
 * taka with Latin digits and times are Dhaka clock times "YYYY-MM-DD HH:mm", so the accounts can sum and sort
 * them; labels are in Bengali as the seller reads them on the dashboard.
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

interface Column {
  header: string;
  value: (order: AdminOrder) => string | number;
}

const ORDER_CSV_COLUMNS: readonly Column[] = [
  { header: 'অর্ডার নম্বর', value: (order) => shortOrderId(order.id) },
  {
    header: 'তারিখ ও সময় (ঢাকা)',
    value: (order) => (order.created_at ? dhakaDateTime(order.created_at) : ''),
  },
  { header: 'স্ট্যাটাস', value: (order) => orderStatusLabel(order.status) },
  { header: 'গ্রাহকের নাম', value: (order) => order.customer_name },
  { header: 'ফোন', value: (order) => order.customer_phone },
  { header: 'ই-মেইল', value: (order) => order.customer_email },
  { header: 'ঠিকানা', value: (order) => order.customer_address },
  { header: 'পণ্য', value: (order) => order.product_name },
  { header: 'পরিমাণ', value: (order) => order.quantity },
  { header: 'প্রতি বয়ামের দাম (৳)', value: (order) => order.product_price },
  { header: 'মোট (৳)', value: (order) => order.total_amount },
  {
    header: 'পেমেন্ট',
    value: (order) => (order.payment_method ? paymentMethodLabel(order.payment_method) : ''),
  },
  { header: 'পেমেন্টের অবস্থা', value: (order) => paymentStateLabel(order.payment_state) },
  { header: 'TrxID', value: (order) => order.payment_trxid ?? '' },
  // The order ledger's money (order-ledger.ts), in taka like the total.
  { header: 'পরিশোধিত (৳)', value: (order) => order.paid_amount },
  { header: 'ফেরত দেওয়া হয়েছে (৳)', value: (order) => order.refunded_amount },
  { header: 'ফেরত দিতে হবে (৳)', value: (order) => order.refund_due },
  { header: 'আদায় করতে হবে (৳)', value: (order) => order.to_collect },
  { header: 'ফেরতের TrxID', value: (order) => order.refund_trxid ?? '' },
  { header: 'কুরিয়ার ট্র্যাকিং কোড', value: (order) => order.courier_tracking_code ?? '' },
  {
    header: 'কুরিয়ারের অবস্থা',
    value: (order) => (order.courier_state ? courierStateLabel(order.courier_state) : ''),
  },
  // The courier's cash (courier-payout.ts): what it collected, and the payout that settled it.
  { header: 'কুরিয়ার আদায় করেছে (৳)', value: (order) => order.courier_collected ?? '' },
  { header: 'কুরিয়ারের পেমেন্টের রেফারেন্স', value: (order) => order.courier_payout_reference ?? '' },
  { header: 'কুরিয়ারের পেমেন্টের তারিখ', value: (order) => order.courier_paid_on ?? '' },
  { header: 'পূর্ণ অর্ডার নম্বর', value: (order) => order.id },
];

/**
 * Text a spreadsheet would run as a formula (OWASP, "CSV Injection"): a cell starting with =, +, -, @, a tab or a
 * CR, also after leading spaces (an import that trims them would otherwise run it), and the full-width =, +, -, @
 * some spreadsheets read as their ASCII forms. Such text is made inert with a leading apostrophe.
 */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

/**
 * Every text cell is quoted (RFC 4180, quotes doubled), whatever it holds: a cell is then one cell in a
 * spreadsheet that splits on ';' or a tab as much as in one that splits on ',', so `x;=cmd|' /C calc'!A0`
 * cannot start a cell of its own with '='. Numbers are written bare, so they stay numbers.
 */
function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

function csvLine(cells: readonly (string | number)[]): string {
  return cells.map(csvCell).join(',') + LINE_END;
}

/** The first part of the file: the byte-order mark and the header row. */
export function ordersCsvHeader(): string {
  return CSV_BYTE_ORDER_MARK + csvLine(ORDER_CSV_COLUMNS.map((column) => column.header));
}

/** One page of orders as CSV rows, to append after the header. */
export function ordersCsvRows(orders: readonly AdminOrder[]): string {
  return orders.map((order) => csvLine(ORDER_CSV_COLUMNS.map((column) => column.value(order)))).join('');
}

/** "orders-2026-11-01-to-2026-11-30-confirmed.csv" */
export function ordersCsvFileName(from: string, to: string, status: string): string {
  return `orders-${from}-to-${to}${status === 'all' ? '' : `-${status}`}.csv`;
}
