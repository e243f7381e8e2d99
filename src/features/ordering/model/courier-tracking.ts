/**
 * The customer's way to follow a parcel, said alike on /orders and in the "sent" SMS: a module of its own,
 * importing nothing, so /orders carries these few bytes and not the courier's other words.
 */

/** The page where the customer follows a Steadfast parcel (the link integrators use). */
export function courierTrackingUrl(trackingCode: string): string {
  return `https://steadfast.com.bd/t/${encodeURIComponent(trackingCode)}`;
}

export const courierTrackingTexts = {
  track: 'পার্সেল কোথায় আছে দেখুন',
  sms: (url: string) => `পার্সেল ট্র্যাক করুন: ${url}`,
} as const;
