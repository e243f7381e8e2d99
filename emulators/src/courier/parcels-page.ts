/**
 * The local courier's own page (GET /): its parcels, newest first, each with buttons that move it to a state
 * (which calls the shop's webhook, as Steadfast does), and the failure switches. Plain HTML forms, no script:
 * the emulator console links to it. Every value from a parcel is escaped.
 */
import { PARCEL_STATES } from './operations.js';
import type { CourierState } from './state.js';

const escape = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The states a parcel may be moved to by hand: every one but in_review, where it starts. */
const MOVES = PARCEL_STATES.filter((state) => state !== 'in_review');
const FINAL = new Set(['delivered', 'partial_delivered', 'cancelled']);

export function parcelsPage(state: CourierState): string {
  const rows = state
    .list()
    .map((parcel) => {
      const buttons = FINAL.has(parcel.status)
        ? ''
        : `<form method="post" action="/__courier/parcels/${parcel.consignment_id}/status">${MOVES.map(
            (status) => `<button name="status" value="${status}">${status}</button>`,
          ).join(' ')}</form>`;
      return `<tr><td>${parcel.consignment_id}</td><td>${escape(parcel.tracking_code)}</td><td>${escape(
        parcel.invoice,
      )}</td><td>${escape(parcel.recipient_name)}<br>${escape(parcel.recipient_phone)}<br>${escape(
        parcel.recipient_address,
      )}</td><td>৳${escape(parcel.cod_amount)}</td><td><b>${escape(parcel.status)}</b></td><td>${buttons}</td></tr>`;
    })
    .join('\n');
  const { delayMs, serverError, badCredentials } = state.failures;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Local courier (Steadfast)</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px;vertical-align:top;font-size:14px}button{margin:1px}</style></head>
<body><h1>Local courier (Steadfast API v1)</h1>
<p>Balance: ৳${escape(state.balance)}. Moving a parcel calls the shop's webhook.</p>
<form method="post" action="/__courier/failures">Failures:
<label><input type="checkbox" name="serverError" value="true"${serverError ? ' checked' : ''}> 5xx</label>
<label><input type="checkbox" name="badCredentials" value="true"${badCredentials ? ' checked' : ''}> bad credentials</label>
<label>delay ms <input name="delayMs" type="number" min="0" value="${delayMs}" size="6"></label>
<button>Set</button></form>
<table><thead><tr><th>consignment</th><th>tracking</th><th>invoice</th><th>recipient</th><th>COD</th><th>status</th><th>move to</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No parcels yet.</td></tr>'}</tbody></table></body></html>`;
}
