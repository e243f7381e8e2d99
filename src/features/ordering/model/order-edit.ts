import * as yup from 'yup';
import { orderMessages } from './texts';
import { toBengaliDigits } from './digits';
import { isFirestoreDocumentId } from './document-id';
import { customerAddressSchema, customerNameSchema, customerPhoneSchema, quantitySchema } from './order-form';
import { MAX_JARS_PER_ORDER } from './order-limits';

/** The fields an edit may change; the customer's own edit only the last two. */
export const EDITABLE_ORDER_FIELDS = [
  'quantity',
  'customer_name',
  'customer_phone',
  'customer_address',
] as const;
export type EditableOrderField = (typeof EDITABLE_ORDER_FIELDS)[number];
export const CUSTOMER_EDITABLE_FIELDS: readonly EditableOrderField[] = ['customer_phone', 'customer_address'];

/** What the editOrder callable accepts: the order and the fields to change (at least one). */
export interface EditOrderInput {
  orderId: string;
  quantity?: number;
  customerName?: string;
  customerPhone?: string;
  customerAddress?: string;
}

export interface EditOrderResult {
  /** The fields that changed (none when the edit asked for what the order already had). */
  changed: EditableOrderField[];
}

const m = orderMessages.edit;

/**
 * What an edit may set each field to: the same schemas as a new order's, checked by the dashboard's form (on the
 * text typed) and by the editOrder callable (strictly, on the payload's values).
 */
const quantityEditSchema = quantitySchema.max(
  MAX_JARS_PER_ORDER,
  orderMessages.validation.quantityAboveLimit(toBengaliDigits(MAX_JARS_PER_ORDER)),
);
export const orderEditSchema = yup.object({
  quantity: quantityEditSchema,
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
  customerAddress: customerAddressSchema,
});

export type ParsedEditOrderInput = { ok: true; input: EditOrderInput } | { ok: false; error: string };

/**
 * The payload as an EditOrderInput, each field given checked, trimmed and normalized by the same schemas as a new
 * order's; unknown fields (a total, a price, a status) are dropped. Nothing to change is refused.
 */
export function parseEditOrderInput(data: unknown): ParsedEditOrderInput {
  if (typeof data !== 'object' || data === null) return { ok: false, error: m.invalidRequest };
  const payload = data as Record<string, unknown>;
  const { orderId } = payload;
  if (typeof orderId !== 'string' || !isFirestoreDocumentId(orderId))
    return { ok: false, error: m.invalidRequest };
  const input: EditOrderInput = { orderId };
  try {
    if (payload.quantity !== undefined)
      input.quantity = quantityEditSchema.strict().validateSync(payload.quantity);
    if (payload.customerName !== undefined)
      input.customerName = customerNameSchema.validateSync(payload.customerName);
    if (payload.customerPhone !== undefined)
      input.customerPhone = customerPhoneSchema.validateSync(payload.customerPhone);
    if (payload.customerAddress !== undefined)
      input.customerAddress = customerAddressSchema.validateSync(payload.customerAddress);
  } catch (error) {
    if (error instanceof yup.ValidationError) return { ok: false, error: error.message };
    throw error;
  }
  if (Object.keys(input).length === 1) return { ok: false, error: m.nothingToChange };
  return { ok: true, input };
}

/** The stored field each input field writes. */
export function editedFields(input: EditOrderInput): Partial<Record<EditableOrderField, string | number>> {
  return {
    ...(input.quantity !== undefined && { quantity: input.quantity }),
    ...(input.customerName !== undefined && { customer_name: input.customerName }),
    ...(input.customerPhone !== undefined && { customer_phone: input.customerPhone }),
    ...(input.customerAddress !== undefined && { customer_address: input.customerAddress }),
  };
}
