/**
 * Which texts modules a built bundle carries: each part of the shop keeps its Bengali texts beside it
 * (a texts.ts), so a bundle should hold the texts of the parts it runs and no other's.
 */
import { layoutTexts } from '../../src/app/layout/texts.js';
import { adminTexts } from '../../src/app/routes/admin/texts.js';
import { routesTexts } from '../../src/app/routes/texts.js';
import { uiTexts } from '../../src/components/ui/texts.js';
import { adminCustomersTexts } from '../../src/features/admin-customers/texts.js';
import { adminOrdersTexts } from '../../src/features/admin-orders/texts.js';
import { adminProductsTexts } from '../../src/features/admin-products/texts.js';
import { adminSettingsTexts } from '../../src/features/admin-settings/texts.js';
import { adminStatsTexts } from '../../src/features/admin-stats/texts.js';
import { authTexts } from '../../src/features/auth/texts.js';
import { catalogTexts } from '../../src/features/catalog/texts.js';
import { myOrdersTexts } from '../../src/features/my-orders/texts.js';
import { courierPayoutTexts } from '../../src/features/ordering/model/courier-payout.js';
import { orderMessages } from '../../src/features/ordering/model/texts.js';
import { orderingTexts } from '../../src/features/ordering/texts.js';
import { PAYMENT_STATES, paymentStateLabel } from '../../src/features/ordering/model/payment.js';
import { sharedTexts } from '../../src/i18n/texts.js';
import { eveningMailTexts, lowStockMailTexts, orderMailTexts } from '../../functions/src/order-mail-texts.js';
import { DEFAULT_SMS_TEXTS } from '../../src/features/admin-settings/model/sms-settings.js';

/** Every texts module of the web app and the Cloud Functions, by its exported name. */
export const TEXTS_MODULES = {
  sharedTexts,
  uiTexts,
  layoutTexts,
  routesTexts,
  adminTexts,
  catalogTexts,
  myOrdersTexts,
  authTexts,
  orderingTexts,
  orderMessages,
  courierPayoutTexts,
  /** The payment states' labels (/orders shows them; the seller's buttons say the same words). */
  paymentStateLabels: PAYMENT_STATES.map(paymentStateLabel),
  adminOrdersTexts,
  adminProductsTexts,
  adminCustomersTexts,
  adminStatsTexts,
  adminSettingsTexts,
  orderMailTexts,
  lowStockMailTexts,
  eveningMailTexts,
  smsTexts: DEFAULT_SMS_TEXTS,
} as const;
export type TextsModule = keyof typeof TEXTS_MODULES;

const BENGALI = /[\u0980-\u09FF]/;
const HOLE = '\u0000';

/**
 * The Bengali strings a texts module holds; of a text with holes (`(count) => …`) its fixed parts, as they stand
 * in the bundle's template literal. Strings without a Bengali letter (`01XXXXXXXXX`) say nothing of their owner.
 */
function textsOf(texts: unknown): string[] {
  if (typeof texts === 'string') return BENGALI.test(texts) ? [texts] : [];
  if (typeof texts === 'function') {
    const filled = String(
      (texts as (...holes: string[]) => unknown)(...Array<string>(texts.length).fill(HOLE)),
    );
    return filled.split(HOLE).flatMap(textsOf);
  }
  if (texts && typeof texts === 'object') return Object.values(texts).flatMap(textsOf);
  return [];
}

/** The JavaScript's strings as written in the source: esbuild writes non-ASCII characters as `\uXXXX`. */
export function unescapeUnicode(code: string): string {
  return code.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The texts of the `foreign` modules that `code` carries, as "module: text". A text that is also part of one
 * of the `own` modules' texts (`বাতিল` is both a status and a button) proves nothing and is left out.
 */
export function foreignTextsIn(
  code: string,
  foreign: readonly TextsModule[],
  own: readonly TextsModule[],
): string[] {
  const plain = unescapeUnicode(code);
  const ownTexts = own.flatMap((name) => textsOf(TEXTS_MODULES[name]));
  return foreign.flatMap((name) =>
    textsOf(TEXTS_MODULES[name])
      .filter((text) => !ownTexts.some((owned) => owned.includes(text)) && plain.includes(text))
      .map((text) => `${name}: ${text}`),
  );
}
