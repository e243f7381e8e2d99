// Steadfast's merchant API v1 (docs/courier-steadfast.md) behind the Courier interface: the same code talks to
// the real portal and to the local twin (emulators/src/courier), which only differ by the base URL.
import { COURIER_LIMITS, courierStateOf, type CourierState } from '../../../src/features/ordering/model';
import { CourierFailure, type BookedParcel, type BulkBookingItem, type Courier } from './courier';

export const STEADFAST_BASE_URL = 'https://portal.packzy.com/api/v1';

export interface SteadfastOptions {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** How long one call may take before it counts as a timeout. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Answer {
  status: number;
  body: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The courier's own words for a refusal: its message and each field's first complaint. */
function refusalOf(body: unknown): string {
  const { message, errors } = record(body);
  const fields = Object.values(record(errors))
    .map((list) => (Array.isArray(list) ? String(list[0]) : String(list)))
    .filter(Boolean);
  const words = fields.length > 0 ? fields.join(' ') : typeof message === 'string' ? message : '';
  return words || 'unknown error';
}

const ALREADY_TAKEN = /invoice.*(already been taken|already exists)/i;

function bookedOf(consignment: Record<string, unknown>): BookedParcel | null {
  const id = consignment.consignment_id;
  const code = consignment.tracking_code;
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof code !== 'string' || code === '')
    return null;
  return {
    invoice: String(consignment.invoice ?? ''),
    consignmentId: String(id),
    trackingCode: code,
    state: courierStateOf(consignment.status) ?? 'in_review',
  };
}

export function steadfastCourier(options: SteadfastOptions): Courier {
  const { baseUrl, apiKey, secretKey, timeoutMs = 15_000, fetch: send = fetch } = options;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    try {
      response = await send(`${baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { 'Api-Key': apiKey, 'Secret-Key': secretKey, 'Content-Type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new CourierFailure('timeout', 'timeout');
      throw new CourierFailure('unavailable', String(error));
    }
    if (response.status === 401 || response.status === 403) {
      throw new CourierFailure('badCredentials', `HTTP ${response.status}`);
    }
    if (response.status >= 500) throw new CourierFailure('unavailable', `HTTP ${response.status}`);
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new CourierFailure('unavailable', `HTTP ${response.status}: not JSON`);
    }
    // Steadfast may answer a refusal with HTTP 200 and its own `status` field.
    const inner = record(parsed).status;
    const status = typeof inner === 'number' && response.status === 200 ? inner : response.status;
    if (status === 401 || status === 403) throw new CourierFailure('badCredentials', `status ${status}`);
    return { status, body: parsed };
  }

  function refused(answer: Answer): never {
    const words = refusalOf(answer.body);
    throw new CourierFailure(ALREADY_TAKEN.test(words) ? 'alreadyAtCourier' : 'refused', words);
  }

  async function stateAt(path: string): Promise<CourierState | null> {
    const answer = await call('GET', path);
    if (answer.status !== 200) refused(answer);
    return courierStateOf(record(answer.body).delivery_status);
  }

  return {
    async book(parcel) {
      const answer = await call('POST', '/create_order', parcel);
      if (answer.status !== 200) refused(answer);
      const booked = bookedOf(record(record(answer.body).consignment));
      if (!booked) throw new CourierFailure('unavailable', 'no consignment in the answer');
      return { ...booked, invoice: parcel.invoice };
    },

    async bookMany(parcels) {
      if (parcels.length === 0) return [];
      if (parcels.length > COURIER_LIMITS.bulk)
        throw new RangeError(`at most ${COURIER_LIMITS.bulk} parcels`);
      const answer = await call('POST', '/create_order/bulk-order', { data: parcels });
      if (answer.status !== 200) refused(answer);
      const items: unknown[] = Array.isArray(answer.body)
        ? answer.body
        : Array.isArray(record(answer.body).data)
          ? (record(answer.body).data as unknown[])
          : [];
      const byInvoice = new Map(items.map((item) => [String(record(item).invoice), record(item)]));
      return parcels.map((parcel): BulkBookingItem => {
        const item = byInvoice.get(parcel.invoice);
        const booked = item && item.status === 'success' ? bookedOf(item) : null;
        if (booked) return { ok: true, parcel: { ...booked, invoice: parcel.invoice, state: 'in_review' } };
        return {
          ok: false,
          invoice: parcel.invoice,
          reason: item ? `status: ${String(item.status)}` : 'not in the answer',
        };
      });
    },

    stateOf: (consignmentId) => stateAt(`/status_by_cid/${encodeURIComponent(consignmentId)}`),

    async balance() {
      const answer = await call('GET', '/get_balance');
      if (answer.status !== 200) refused(answer);
      const balance = Number(record(answer.body).current_balance);
      if (!Number.isFinite(balance)) throw new CourierFailure('unavailable', 'no balance in the answer');
      return balance;
    },
  };
}
