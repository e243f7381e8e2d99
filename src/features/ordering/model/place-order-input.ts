import * as yup from 'yup';
import { orderMessages } from './texts';
import {
  customerAddressSchema,
  customerNameSchema,
  customerPhoneSchema,
  paymentMethodSchema,
  quantitySchema,
} from './order-form';
import { toBengaliDigits } from './digits';
import { isFirestoreDocumentId } from './document-id';
import { MAX_JARS_PER_ORDER } from './order-limits';
import { ORDER_REQUEST_ID_PATTERN } from './order-request-id';
import type { PaymentMethod } from './payment-method';
import { checkPaymentClaim } from './payment-input';

/** What the placeOrder callable accepts. Prices and totals are never part of it: the server reads them. */
export interface PlaceOrderInput {
  productId: string;
  quantity: number;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  paymentMethod: PaymentMethod;
  /**
   * The dialog's id for this confirmation (order-request-id.ts): a request placeOrder has already served is
   * answered with the same order. Optional, so a page loaded before it existed can still order.
   */
  requestId?: string;
  /**
   * For bKash/Nagad, the TrxID of the money already sent and the number it came from (both or neither): the order
   * is placed with its payment claimed. Stored forms (payment-input.ts) once parsed.
   */
  paymentTrxId?: string;
  paymentPayer?: string;
}

export interface PlaceOrderResult {
  orderId: string;
}

const m = orderMessages.validation;
const jarLimit = toBengaliDigits(MAX_JARS_PER_ORDER);

export const placeOrderInputSchema = yup
  .object({
    productId: yup
      .string()
      .strict()
      .typeError(m.productRequired)
      .trim(m.productRequired)
      .required(m.productRequired)
      .test('document-id', m.productRequired, (id) => isFirestoreDocumentId(id)),
    // Over the wire the quantity must already be a number: "2" is a client bug, not something to guess at.
    quantity: quantitySchema.strict().max(MAX_JARS_PER_ORDER, m.quantityAboveLimit(jarLimit)),
    customerName: customerNameSchema,
    customerPhone: customerPhoneSchema,
    customerAddress: customerAddressSchema,
    paymentMethod: paymentMethodSchema,
    requestId: yup
      .string()
      .strict()
      .typeError(m.invalidRequest)
      .nonNullable(m.invalidRequest)
      .matches(ORDER_REQUEST_ID_PATTERN, m.invalidRequest)
      .optional(),
    // Checked with the method after the schema (checkPaymentClaim): the TrxID's format is the provider's.
    paymentTrxId: yup.string().strict().typeError(m.invalidRequest).optional(),
    paymentPayer: yup.string().strict().typeError(m.invalidRequest).optional(),
  })
  // Without this yup would build an empty object from a missing payload and blame its first field.
  .default(undefined)
  .typeError(m.invalidRequest)
  .required(m.invalidRequest);

export class InvalidOrderInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidOrderInputError';
  }
}

/**
 * Validates a caller's payload and returns only the known fields, trimmed and with the phone normalized.
 * Anything else the caller sent (a forged total_amount, a price, a status) is dropped, not trusted.
 * Throws InvalidOrderInputError carrying the first Bengali message.
 */
export function parsePlaceOrderInput(data: unknown): PlaceOrderInput {
  try {
    const parsed = placeOrderInputSchema.validateSync(data, { abortEarly: true, stripUnknown: true });
    // Both left empty (the dialog's fields untouched) means no payment yet; anything typed is checked.
    const trxId = parsed.paymentTrxId?.trim() ?? '';
    const payer = parsed.paymentPayer?.trim() ?? '';
    const claim = trxId === '' && payer === '' ? null : checkPaymentClaim(parsed.paymentMethod, trxId, payer);
    if (claim && !claim.ok) throw new InvalidOrderInputError(claim.error);
    return {
      productId: parsed.productId,
      quantity: parsed.quantity,
      customerName: parsed.customerName,
      customerPhone: parsed.customerPhone,
      customerAddress: parsed.customerAddress,
      paymentMethod: parsed.paymentMethod,
      ...(parsed.requestId !== undefined && { requestId: parsed.requestId }),
      ...(claim?.ok && { paymentTrxId: claim.trxId, paymentPayer: claim.payer }),
    };
  } catch (error) {
    if (error instanceof yup.ValidationError) throw new InvalidOrderInputError(error.message);
    throw error;
  }
}
