/**
 * The outboxes' documents as messages, read as the REST API returns them. Mail is in the format of the "Trigger
 * Email from Firestore" extension: `to` (an address, or several), `message.subject`, `message.text` and
 * `message.html`; an SMS in that of the Twilio "Send Message" extension: `to` (a number) and `body`. Both
 * extensions write a `delivery` state back once they have tried to send.
 */

type RestValue = {
  stringValue?: string;
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: Record<string, RestValue> };
};

export interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
  createTime?: string;
}

export interface OutboxMessage {
  /** The document's id in the outbox. */
  id: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  /** The extension's `delivery.state` (e.g. SUCCESS, ERROR), null while it has not handled the message. */
  deliveryState: string | null;
  writtenAt: string | null;
}

const text = (value: RestValue | undefined): string | null => value?.stringValue ?? null;

function addresses(value: RestValue | undefined): string[] {
  if (value?.stringValue !== undefined) return value.stringValue.split(',').map((a) => a.trim());
  return (value?.arrayValue?.values ?? []).flatMap((v) => (v.stringValue ? [v.stringValue] : []));
}

export function outboxMessage(doc: RestDocument): OutboxMessage {
  const fields = doc.fields ?? {};
  const message = fields.message?.mapValue?.fields ?? {};
  return {
    id: doc.name.split('/').pop() ?? doc.name,
    to: addresses(fields.to).filter((a) => a !== ''),
    subject: text(message.subject) ?? '',
    text: text(message.text),
    html: text(message.html),
    deliveryState: text(fields.delivery?.mapValue?.fields?.state),
    writtenAt: doc.createTime ?? null,
  };
}

/** An SMS of the Twilio extension's outbox, as a message with its body as the plain text and no subject. */
export function smsMessage(doc: RestDocument): OutboxMessage {
  const fields = doc.fields ?? {};
  return {
    id: doc.name.split('/').pop() ?? doc.name,
    to: addresses(fields.to).filter((a) => a !== ''),
    subject: '',
    text: text(fields.body),
    html: null,
    deliveryState: text(fields.delivery?.mapValue?.fields?.state),
    writtenAt: doc.createTime ?? null,
  };
}

/** Newest first, as a mail client shows an inbox. */
export function newestFirst(messages: OutboxMessage[]): OutboxMessage[] {
  return [...messages].sort((a, b) => (b.writtenAt ?? '').localeCompare(a.writtenAt ?? ''));
}
