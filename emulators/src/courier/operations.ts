/**
 * The local courier's operations, one per call of Steadfast's merchant API v1 (docs/courier-steadfast.md in the
 * shop): the same fields, limits, answers and refusals, so the shop's real client code is what talks to it.
 */
import type { CourierState, Parcel } from './state.js';

export interface Answer {
  status: number;
  body: unknown;
}

const LIMITS = { name: 100, address: 250, bulk: 500 } as const;
const INVOICE = /^[A-Za-z0-9_-]+$/;
const PHONE = /^[0-9]{11}$/;

/** Steadfast's delivery statuses; `delivered`, `partial_delivered` and `cancelled` are final. */
export const PARCEL_STATES = [
  'in_review',
  'pending',
  'hold',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'unknown',
] as const;

/** The webhook's `status` names only these; the others are known by a status_by_* call alone. */
const WEBHOOK_STATES = new Set(['pending', 'delivered', 'partial_delivered', 'cancelled', 'unknown']);

/** Taka the local courier charges a parcel (in Dhaka), taken from what it collected. */
export const DELIVERY_CHARGE = 60;

type Fields = Record<string, unknown>;

/** The field errors of one parcel, as Laravel's validator words them; empty when it may be booked. */
function problemsOf(
  fields: Fields,
  state: CourierState,
  invoicesInCall: Set<string>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : null);
  const invoice = text('invoice') ?? (typeof fields.invoice === 'number' ? String(fields.invoice) : null);
  if (!invoice) errors.invoice = ['The invoice field is required.'];
  else if (!INVOICE.test(invoice)) errors.invoice = ['The invoice format is invalid.'];
  else if (state.byInvoice(invoice) || invoicesInCall.has(invoice))
    errors.invoice = ['The invoice has already been taken.'];
  const name = text('recipient_name');
  if (!name?.trim()) errors.recipient_name = ['The recipient name field is required.'];
  else if ([...name].length > LIMITS.name)
    errors.recipient_name = [`The recipient name may not be greater than ${LIMITS.name} characters.`];
  const phone = text('recipient_phone');
  if (!phone) errors.recipient_phone = ['The recipient phone field is required.'];
  else if (!PHONE.test(phone)) errors.recipient_phone = ['The recipient phone must be 11 digits.'];
  const alternative = text('alternative_phone');
  if (alternative && !PHONE.test(alternative))
    errors.alternative_phone = ['The alternative phone must be 11 digits.'];
  const address = text('recipient_address');
  if (!address?.trim()) errors.recipient_address = ['The recipient address field is required.'];
  else if ([...address].length > LIMITS.address)
    errors.recipient_address = [
      `The recipient address may not be greater than ${LIMITS.address} characters.`,
    ];
  const cod = Number(fields.cod_amount);
  if (fields.cod_amount === undefined || fields.cod_amount === null || fields.cod_amount === '')
    errors.cod_amount = ['The cod amount field is required.'];
  else if (!Number.isFinite(cod)) errors.cod_amount = ['The cod amount must be a number.'];
  else if (cod < 0) errors.cod_amount = ['The cod amount must be at least 0.'];
  if (fields.delivery_type !== undefined && fields.delivery_type !== 0 && fields.delivery_type !== 1)
    errors.delivery_type = ['The selected delivery type is invalid.'];
  return errors;
}

function parcelFields(
  fields: Fields,
): Omit<Parcel, 'consignment_id' | 'tracking_code' | 'created_at' | 'updated_at'> {
  const optional = (name: string) =>
    typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : null;
  return {
    invoice: String(fields.invoice),
    recipient_name: String(fields.recipient_name),
    recipient_phone: String(fields.recipient_phone),
    alternative_phone: optional('alternative_phone'),
    recipient_email: optional('recipient_email'),
    recipient_address: String(fields.recipient_address),
    cod_amount: Number(fields.cod_amount),
    note: optional('note'),
    item_description: optional('item_description'),
    total_lot: typeof fields.total_lot === 'number' ? fields.total_lot : null,
    delivery_type: fields.delivery_type === 1 ? 1 : 0,
    status: 'in_review',
    delivery_charge: 0,
  };
}

/** create_order's answer for a booked parcel. */
function consignmentOf(parcel: Parcel) {
  return {
    consignment_id: parcel.consignment_id,
    invoice: parcel.invoice,
    tracking_code: parcel.tracking_code,
    recipient_name: parcel.recipient_name,
    recipient_phone: parcel.recipient_phone,
    recipient_address: parcel.recipient_address,
    cod_amount: parcel.cod_amount,
    status: parcel.status,
    note: parcel.note,
    created_at: parcel.created_at,
    updated_at: parcel.updated_at,
  };
}

export function createOrder(state: CourierState, body: unknown, now: Date): Answer {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Fields;
  const errors = problemsOf(fields, state, new Set());
  if (Object.keys(errors).length > 0) {
    return { status: 422, body: { status: 400, message: 'The given data was invalid.', errors } };
  }
  const parcel = state.add(parcelFields(fields), now);
  return {
    status: 200,
    body: {
      status: 200,
      message: 'Consignment has been created successfully.',
      consignment: consignmentOf(parcel),
    },
  };
}

export function createOrders(state: CourierState, body: unknown, now: Date): Answer {
  let data = (body as { data?: unknown } | null)?.data;
  // The published example sends the array JSON-encoded in a string; a plain array is taken as well.
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      data = undefined;
    }
  }
  if (!Array.isArray(data) || data.length === 0) {
    return {
      status: 422,
      body: {
        status: 400,
        message: 'The given data was invalid.',
        errors: { data: ['The data field is required.'] },
      },
    };
  }
  if (data.length > LIMITS.bulk) {
    return {
      status: 422,
      body: {
        status: 400,
        message: 'The given data was invalid.',
        errors: { data: [`Maximum ${LIMITS.bulk} items are allowed.`] },
      },
    };
  }
  const seen = new Set<string>();
  const items = data.map((item: unknown) => {
    const fields = (typeof item === 'object' && item !== null ? item : {}) as Fields;
    const echo = {
      invoice: fields.invoice ?? null,
      recipient_name: fields.recipient_name ?? null,
      recipient_address: fields.recipient_address ?? null,
      recipient_phone: fields.recipient_phone ?? null,
      cod_amount: Number.isFinite(Number(fields.cod_amount)) ? Number(fields.cod_amount).toFixed(2) : null,
      note: fields.note ?? null,
    };
    const errors = problemsOf(fields, state, seen);
    if (Object.keys(errors).length > 0) {
      return { ...echo, consignment_id: null, tracking_code: null, status: 'error' };
    }
    seen.add(String(fields.invoice));
    const parcel = state.add(parcelFields(fields), now);
    return {
      ...echo,
      consignment_id: parcel.consignment_id,
      tracking_code: parcel.tracking_code,
      status: 'success',
    };
  });
  return { status: 200, body: items };
}

export function statusOf(parcel: Parcel | undefined): Answer {
  if (!parcel) return { status: 404, body: { status: 404, message: 'Consignment not found.' } };
  return { status: 200, body: { status: 200, delivery_status: parcel.status } };
}

export function balanceOf(state: CourierState): Answer {
  return { status: 200, body: { status: 200, current_balance: state.balance } };
}

/** The webhook call a move of a parcel makes (Steadfast's delivery_status notification), or null for none. */
export function deliveryStatusNotice(parcel: Parcel): Record<string, unknown> | null {
  if (!WEBHOOK_STATES.has(parcel.status)) return null;
  return {
    notification_type: 'delivery_status',
    consignment_id: parcel.consignment_id,
    invoice: parcel.invoice,
    cod_amount: parcel.cod_amount,
    status: parcel.status,
    delivery_charge: parcel.delivery_charge,
    tracking_message: `Parcel ${parcel.status}.`,
    updated_at: parcel.updated_at.replace('T', ' ').slice(0, 19),
  };
}

/**
 * Moves a parcel to `status`, as the courier's riders do: a delivery adds what was collected, less the charge,
 * to the merchant's balance. A final parcel moves no more.
 */
export function moveParcel(state: CourierState, parcel: Parcel, status: string, now: Date): Answer {
  if (!(PARCEL_STATES as readonly string[]).includes(status)) {
    return { status: 422, body: { status: 400, message: `Unknown status ${status}.` } };
  }
  if (['delivered', 'partial_delivered', 'cancelled'].includes(parcel.status)) {
    return { status: 409, body: { status: 409, message: `Consignment is ${parcel.status} already.` } };
  }
  const delivered = status === 'delivered' || status === 'partial_delivered';
  const moved: Parcel = {
    ...parcel,
    status,
    delivery_charge: delivered || status === 'cancelled' ? DELIVERY_CHARGE : 0,
    updated_at: now.toISOString(),
  };
  if (delivered) state.balance += moved.cod_amount - DELIVERY_CHARGE;
  if (status === 'cancelled') state.balance -= DELIVERY_CHARGE;
  state.update(moved);
  return { status: 200, body: { status: 200, parcel: moved } };
}
