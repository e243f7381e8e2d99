import * as yup from 'yup';
import { orderMessages } from './texts';
import { toBengaliDigits } from './digits';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from './payment-method';
import { MIN_ORDER_QUANTITY } from './order-form-values';
import { MAX_JARS_PER_ORDER } from './order-limits';
import { normalizeBangladeshPhone } from './phone';
import {
  MAX_ADDRESS_LINES,
  normalizeTypedText,
  typedTextProblem,
  type TextProblem,
  type TextShape,
} from './customer-text';

export const MAX_CUSTOMER_NAME_LENGTH = 100;
export const MAX_CUSTOMER_ADDRESS_LENGTH = 500;

export { MIN_ORDER_QUANTITY, initialOrderFormValues, type OrderFormValues } from './order-form-values';

const m = orderMessages.validation;

/** Forms may hand over "3" or "" from an input; both are read as a number or as missing. */
export const quantitySchema = yup
  .number()
  .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
  .typeError(m.quantityNotNumber)
  .required(m.quantityRequired)
  .integer(m.quantityNotInteger)
  .min(MIN_ORDER_QUANTITY, m.quantityMin);

const NAME_PROBLEMS: Record<TextProblem, string> = {
  required: m.nameRequired,
  lineBreak: m.nameLineBreak,
  tooManyLines: m.nameLineBreak,
  control: m.nameControl,
  bidi: m.nameBidi,
  markPile: m.nameMarkPile,
  noLetter: m.nameNoLetter,
};

const ADDRESS_PROBLEMS: Record<TextProblem, string> = {
  required: m.addressRequired,
  lineBreak: m.addressTooManyLines(toBengaliDigits(MAX_ADDRESS_LINES)),
  tooManyLines: m.addressTooManyLines(toBengaliDigits(MAX_ADDRESS_LINES)),
  control: m.addressControl,
  bidi: m.addressBidi,
  markPile: m.addressMarkPile,
  noLetter: m.addressNoLetter,
};

/**
 * A customer's typed text (customer-text.ts): normalised (NFC, spaces, invisible characters), then refused with
 * the field's Bengali message for a control or direction character, too many lines, or no letter. The form and
 * placeOrder's parser both use these schemas, so they agree on every character.
 */
function typedTextSchema(shape: TextShape, messages: Record<TextProblem, string>) {
  return yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizeTypedText(value) : value))
    .required(messages.required)
    .test('clean-text', messages.required, function checkText(value) {
      const problem = typedTextProblem(value ?? '', shape);
      return problem === null || this.createError({ message: messages[problem] });
    });
}

export const customerNameSchema = typedTextSchema('line', NAME_PROBLEMS).max(
  MAX_CUSTOMER_NAME_LENGTH,
  m.nameTooLong,
);

export const customerAddressSchema = typedTextSchema('lines', ADDRESS_PROBLEMS).max(
  MAX_CUSTOMER_ADDRESS_LENGTH,
  m.addressTooLong,
);

/** Accepts every spelling normalizeBangladeshPhone accepts and casts it to `01XXXXXXXXX`. */
export const customerPhoneSchema = yup
  .string()
  .transform((value: unknown) => {
    if (typeof value !== 'string') return value;
    const result = normalizeBangladeshPhone(value);
    return result.ok ? result.phone : value;
  })
  .test('bangladesh-mobile', orderMessages.phone.required, function checkPhone(value) {
    const result = normalizeBangladeshPhone(value);
    return result.ok || this.createError({ message: result.error });
  })
  .required(orderMessages.phone.required);

export const paymentMethodSchema = yup
  .string()
  .oneOf(PAYMENT_METHODS, m.paymentMethodInvalid)
  .required(m.paymentMethodInvalid) as yup.StringSchema<PaymentMethod>;

/**
 * The order dialog's rules. `stock` is the product's current stock, so the customer hears "only 3 left"
 * before the server has to refuse; the server checks again inside its transaction. Null while the page does not
 * know the jar yet (a form the browser opened before the app ran): only the per-order limit applies then, never
 * "out of stock".
 */
export function orderFormSchema(stock: number | null) {
  const quantity =
    stock === null
      ? quantitySchema.max(MAX_JARS_PER_ORDER, m.quantityAboveLimit(toBengaliDigits(MAX_JARS_PER_ORDER)))
      : stock >= MIN_ORDER_QUANTITY
        ? quantitySchema.max(
            Math.min(stock, MAX_JARS_PER_ORDER),
            // The smaller of the two bounds is the one the customer meets, so it is the one explained.
            stock <= MAX_JARS_PER_ORDER
              ? m.quantityAboveStock(toBengaliDigits(stock))
              : m.quantityAboveLimit(toBengaliDigits(MAX_JARS_PER_ORDER)),
          )
        : quantitySchema.test('in-stock', m.outOfStock, () => false);
  return yup.object({
    quantity,
    customerName: customerNameSchema,
    customerPhone: customerPhoneSchema,
    customerAddress: customerAddressSchema,
    paymentMethod: paymentMethodSchema.default(DEFAULT_PAYMENT_METHOD),
  });
}
