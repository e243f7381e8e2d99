/**
 * The mail a seller gets for each new order, as a document of the `mail` collection in the format of
 * Firebase's "Trigger Email from Firestore" extension (`to`, `message.subject`, `message.text`,
 * `message.html`): in production the extension sends it; locally the emulator console's Mail page shows it.
 */
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  orderMailRecipient,
  readNotificationSettings,
  NOTIFICATION_SETTINGS_PATH,
} from '../../src/features/admin-settings/model/notification-settings';
import {
  displayLine,
  displayLines,
  isPaymentMethod,
  paymentMethodLabel,
  shortOrderId,
  toBengaliDigits,
} from '../../src/features/ordering/model';
import { escapeHtml } from '../../src/lib/html';
import { formatTaka } from '../../src/lib/numbers';
import { orderMailTexts as t } from './order-mail-texts';

export const MAIL_COLLECTION = 'mail';

export interface MailDocument {
  to: string;
  message: { subject: string; text: string; html: string };
}

/** The order's fields the mail shows, as placeOrder stores them. */
export interface MailedOrder {
  product_name: string;
  quantity: number;
  total_amount: number;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  payment_method: string;
}

/** An order document read defensively: a field of the wrong type is shown as '' rather than failing the mail. */
export function mailedOrder(data: DocumentData): MailedOrder {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  const number = (key: string) => (typeof data[key] === 'number' ? (data[key] as number) : 0);
  return {
    product_name: text('product_name'),
    quantity: number('quantity'),
    total_amount: number('total_amount'),
    customer_name: text('customer_name'),
    customer_phone: text('customer_phone'),
    customer_address: text('customer_address'),
    payment_method: text('payment_method'),
  };
}

/** The mail document's id for an order: one per order, so a retried function finds it and sends nothing again. */
export const orderMailId = (orderId: string) => `order-${orderId}`;

/**
 * Where the dashboard shows the order: its search box filled with the order number (the dashboard searches
 * order numbers whole), e.g. https://shop.example/admin?q=AbCd1234.
 */
export function orderDashboardUrl(shopUrl: string, orderId: string): string {
  const url = new URL('/admin', shopUrl);
  url.searchParams.set('q', shortOrderId(orderId));
  return url.toString();
}

const paymentLabel = (method: string) => (isPaymentMethod(method) ? paymentMethodLabel(method) : method);

/**
 * How a line the customer wrote starts in the plain-text mail: the mail's quoting mark, which no line of the shop's
 * own starts with. Every line the customer wrote gets it, so "মোট: ৳০" typed into an address reads "> মোট: ৳০",
 * inside the address, and never as the shop's total.
 */
export const CUSTOMER_LINE_PREFIX = '> ';

export function orderMail(to: string, orderId: string, order: MailedOrder, shopUrl: string): MailDocument {
  const orderNumber = shortOrderId(orderId);
  const link = orderDashboardUrl(shopUrl, orderId);
  // The shop's own lines: the product's name is the seller's text, still shown on one line whatever is stored.
  const productName = displayLine(order.product_name);
  const shopRows: [string, string][] = [
    [t.product, productName],
    [t.quantity, t.jars(toBengaliDigits(order.quantity))],
    [t.total, formatTaka(order.total_amount)],
    [t.payment, paymentLabel(order.payment_method)],
  ];
  // What the customer typed, as lines with every control and direction character gone (stored orders from
  // before placeOrder checked text included): a name and a phone are one line each, an address a few.
  const customerRows: [string, string[]][] = [
    [t.customer, [displayLine(order.customer_name)]],
    [t.phone, [displayLine(order.customer_phone)]],
    [t.address, displayLines(order.customer_address)],
  ];
  const text = [
    `${t.heading} (#${orderNumber})`,
    '',
    ...shopRows.map(([label, value]) => `${label}: ${value}`),
    '',
    t.customerWrote,
    ...customerRows.flatMap(([label, lines]) => [
      `${label}:`,
      ...lines.map((line) => `${CUSTOMER_LINE_PREFIX}${line}`),
    ]),
    '',
    `${t.open}: ${link}`,
    '',
    t.footer,
  ].join('\n');
  const html = [
    `<h2>${t.heading} (#${escapeHtml(orderNumber)})</h2>`,
    '<table cellpadding="4">',
    ...shopRows.map(
      ([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    // Each value in its own cell, an address's lines inside it: the customer's text cannot leave its cell.
    ...customerRows.map(
      ([label, lines]) =>
        `<tr><th align="left">${label}</th><td>${lines.map(escapeHtml).join('<br>')}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(link)}">${t.open}</a></p>`,
    `<p style="color:#666">${t.footer}</p>`,
  ].join('\n');
  return { to, message: { subject: t.subject(orderNumber, productName), text, html } };
}

/** gRPC's ALREADY_EXISTS, what `create` throws for a document that is there. */
const ALREADY_EXISTS = 6;

/** Where the seller's mails go (Settings), or null when the seller has them off. */
export async function sellerMailRecipient(db: Firestore): Promise<string | null> {
  const settings = await db
    .collection(NOTIFICATION_SETTINGS_PATH.collection)
    .doc(NOTIFICATION_SETTINGS_PATH.id)
    .get();
  return orderMailRecipient(readNotificationSettings(settings.data()));
}

/**
 * Writes a mail under its own id, once: `create` refuses an existing document, so a trigger that runs again (a
 * retry, a second delivery of the event) finds the mail written and sends nothing more.
 */
export async function mailOnce(
  db: Firestore,
  id: string,
  mail: MailDocument,
): Promise<'mailed' | 'already-mailed'> {
  try {
    await db.collection(MAIL_COLLECTION).doc(id).create(mail);
    return 'mailed';
  } catch (error) {
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    return 'already-mailed';
  }
}

export type NotifyOutcome = 'mailed' | 'already-mailed' | 'off';

/**
 * Writes the new order's mail for the seller, if the seller has the mail on. The mail's id is the order's,
 * and `create` refuses an existing document: the trigger runs at least once, and a retry (or a second
 * delivery of the event) finds the mail written and sends nothing more.
 */
export async function notifySellerOfOrder(
  db: Firestore,
  orderId: string,
  order: DocumentData,
  shopUrl: string,
): Promise<NotifyOutcome> {
  const to = await sellerMailRecipient(db);
  if (!to) return 'off';
  const outcome = await mailOnce(
    db,
    orderMailId(orderId),
    orderMail(to, orderId, mailedOrder(order), shopUrl),
  );
  if (outcome === 'already-mailed')
    logger.info('notifySellerOfOrder: the order was mailed already', { orderId });
  return outcome;
}
