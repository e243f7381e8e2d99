/**
 * The local courier's world: the merchant's parcels, kept with the rest of the local data (`courier.json` in
 * the data folder, written after every change), and the switches a test or the console flips to make the next
 * calls fail as the real courier can (slow, 5xx, bad credentials).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Parcel {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  alternative_phone: string | null;
  recipient_email: string | null;
  recipient_address: string;
  cod_amount: number;
  note: string | null;
  item_description: string | null;
  total_lot: number | null;
  delivery_type: number;
  status: string;
  delivery_charge: number;
  created_at: string;
  updated_at: string;
}

export interface Failures {
  /** Milliseconds every answer waits before it is sent. */
  delayMs: number;
  /** Every call answers HTTP 500. */
  serverError: boolean;
  /** Every call answers 401, as wrong keys do. */
  badCredentials: boolean;
}

export const NO_FAILURES: Failures = { delayMs: 0, serverError: false, badCredentials: false };

interface Saved {
  nextId: number;
  parcels: Parcel[];
  balance: number;
}

export class CourierState {
  private parcels = new Map<number, Parcel>();
  private nextId = 1_424_107;
  /** Taka the courier holds for the merchant: what it collected at doors, less its charges. */
  balance = 0;
  failures: Failures = { ...NO_FAILURES };

  constructor(private readonly file?: string) {
    if (!file) return;
    let saved: Saved;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    } catch {
      return; // no data yet
    }
    this.nextId = saved.nextId;
    this.balance = saved.balance;
    for (const parcel of saved.parcels) this.parcels.set(parcel.consignment_id, parcel);
  }

  list(): Parcel[] {
    return [...this.parcels.values()].sort((a, b) => b.consignment_id - a.consignment_id);
  }

  byId(id: number): Parcel | undefined {
    return this.parcels.get(id);
  }

  byInvoice(invoice: string): Parcel | undefined {
    return this.list().find((parcel) => parcel.invoice === invoice);
  }

  byTrackingCode(code: string): Parcel | undefined {
    return this.list().find((parcel) => parcel.tracking_code === code);
  }

  add(
    fields: Omit<Parcel, 'consignment_id' | 'tracking_code' | 'created_at' | 'updated_at'>,
    now: Date,
  ): Parcel {
    const consignment_id = this.nextId++;
    const at = now.toISOString();
    const parcel: Parcel = {
      ...fields,
      consignment_id,
      tracking_code: consignment_id.toString(16).toUpperCase().padStart(8, '0'),
      created_at: at,
      updated_at: at,
    };
    this.parcels.set(consignment_id, parcel);
    this.save();
    return parcel;
  }

  update(parcel: Parcel): void {
    this.parcels.set(parcel.consignment_id, parcel);
    this.save();
  }

  clear(): void {
    this.parcels.clear();
    this.balance = 0;
    this.failures = { ...NO_FAILURES };
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const saved: Saved = { nextId: this.nextId, parcels: this.list(), balance: this.balance };
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved, null, 1));
    renameSync(temporary, this.file);
  }
}
