import { describe, expect, it } from 'vitest';
import { newestFirst, outboxMessage, smsMessage, type RestDocument } from './messages';
import { mailTexts, smsTexts } from './texts';

const doc = (id: string, createTime: string, fields: Record<string, unknown>): RestDocument => ({
  name: `projects/p/databases/(default)/documents/mail/${id}`,
  createTime,
  fields: fields as RestDocument['fields'],
});

describe('the outbox messages', () => {
  it('reads a message in the Trigger Email format: to, subject, text, html', () => {
    const message = outboxMessage(
      doc('order-1', '2026-11-24T21:00:00.000000Z', {
        to: { stringValue: 'seller@example.com' },
        message: {
          mapValue: {
            fields: {
              subject: { stringValue: 'নতুন অর্ডার' },
              text: { stringValue: 'লেবুর আচার' },
              html: { stringValue: '<p>লেবুর আচার</p>' },
            },
          },
        },
      }),
    );
    expect(message).toEqual({
      id: 'order-1',
      to: ['seller@example.com'],
      subject: 'নতুন অর্ডার',
      text: 'লেবুর আচার',
      html: '<p>লেবুর আচার</p>',
      deliveryState: null,
      writtenAt: '2026-11-24T21:00:00.000000Z',
    });
  });

  it('reads several recipients, as a list or comma-separated, and the delivery state', () => {
    const listed = outboxMessage(
      doc('a', '', {
        to: { arrayValue: { values: [{ stringValue: 'a@x.com' }, { stringValue: 'b@x.com' }] } },
        delivery: { mapValue: { fields: { state: { stringValue: 'SUCCESS' } } } },
      }),
    );
    expect(listed.to).toEqual(['a@x.com', 'b@x.com']);
    expect(listed.deliveryState).toBe('SUCCESS');
    expect(outboxMessage(doc('b', '', { to: { stringValue: 'a@x.com, b@x.com' } })).to).toEqual([
      'a@x.com',
      'b@x.com',
    ]);
  });

  it('shows a malformed document as an empty message rather than failing the page', () => {
    expect(outboxMessage(doc('odd', '', { to: { integerValue: '5' } }))).toMatchObject({
      to: [],
      subject: '',
      text: null,
      html: null,
    });
  });

  it('reads an SMS in the Twilio Send Message format: to and body, then the delivery the extension records', () => {
    const sms = smsMessage(
      doc('order-1-confirmed-5', '2026-11-24T21:00:00Z', {
        to: { stringValue: '+8801712345678' },
        body: { stringValue: 'আপনার অর্ডার #ABCD1234 নিশ্চিত হয়েছে।' },
        delivery: { mapValue: { fields: { state: { stringValue: 'ERROR' } } } },
      }),
    );
    expect(sms).toEqual({
      id: 'order-1-confirmed-5',
      to: ['+8801712345678'],
      subject: '',
      text: 'আপনার অর্ডার #ABCD1234 নিশ্চিত হয়েছে।',
      html: null,
      deliveryState: 'ERROR',
      writtenAt: '2026-11-24T21:00:00Z',
    });
    expect(smsMessage(doc('odd', '', { body: { integerValue: '5' } }))).toMatchObject({ to: [], text: null });
  });

  it('lists the newest first', () => {
    const older = outboxMessage(doc('old', '2026-11-24T20:00:00Z', {}));
    const newer = outboxMessage(doc('new', '2026-11-24T21:00:00Z', {}));
    expect(newestFirst([older, newer]).map((m) => m.id)).toEqual(['new', 'old']);
  });

  it('has every text in Bengali and in English', () => {
    // "SMS" is the shop's Bengali word for an SMS too (docs/bengali-glossary.md): the same in both.
    const sameInBoth = new Set(['SMS']);
    for (const [key, text] of [...Object.entries(mailTexts), ...Object.entries(smsTexts)]) {
      expect(typeof text.bn, key).toBe(typeof text.en);
      if (typeof text.bn === 'string' && sameInBoth.has(text.bn)) continue;
      expect(text.bn, key).not.toEqual(text.en);
    }
  });
});
