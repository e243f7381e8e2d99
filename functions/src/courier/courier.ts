// What the shop needs of a courier, so a second one (Pathao, RedX) is one more adapter beside ./steadfast.ts.
import type { CourierParcel, CourierState } from '../../../src/features/ordering/model';

export interface BookedParcel {
  invoice: string;
  consignmentId: string;
  trackingCode: string;
  state: CourierState;
}

/** Why a call did not book: the shop shows each as a clear "বুকিং হয়নি: …" and lets the seller try again. */
export type CourierFailureKind =
  /** No answer in time: the parcel may or may not exist at the courier. */
  | 'timeout'
  /** The courier's server failed (5xx) or answered with something unreadable. */
  | 'unavailable'
  | 'badCredentials'
  /** The courier read the parcel and refused it (a field, or an invoice it already has). */
  | 'refused'
  | 'alreadyAtCourier';

export class CourierFailure extends Error {
  constructor(
    readonly kind: CourierFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'CourierFailure';
  }
}

/** One parcel of a bulk booking: booked, or refused with the courier's reason. */
export type BulkBookingItem =
  { ok: true; parcel: BookedParcel } | { ok: false; invoice: string; reason: string };

export interface Courier {
  /** Books one parcel; throws CourierFailure. */
  book(parcel: CourierParcel): Promise<BookedParcel>;
  /** Books up to the courier's bulk limit in one call; a refused parcel is an item, a failed call throws. */
  bookMany(parcels: readonly CourierParcel[]): Promise<BulkBookingItem[]>;
  /** The parcel's state by the courier's consignment id; null for a state the shop does not know. */
  stateOf(consignmentId: string): Promise<CourierState | null>;
  /** What the courier holds for the shop (taka). */
  balance(): Promise<number>;
}
