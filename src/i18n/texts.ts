/**
 * The few Bengali texts several parts of the shop show alike, so no feature owns them: the order statuses and
 * payment methods (labelled by the ordering model, for the web app and the Cloud Functions alike) and the
 * login link of the header and of /orders. A text one feature (or app/, or components/ui) shows lives beside it,
 * in its texts.ts, so a bundle carries only its own; add one here only when a second part needs it as it is.
 * Texts the seller wrote are kept letter for letter: tests and the seller compare them exactly.
 */
export const sharedTexts = {
  login: 'লগইন',
  orderStatus: {
    pending: 'অমীমাংসিত',
    confirmed: 'নিশ্চিত',
    preparing: 'প্রস্তুত',
    delivering: 'ডেলিভারি',
    delivered: 'সরবরাহ',
    cancelled: 'বাতিল',
    returned: 'ফেরত',
  },
  paymentMethod: {
    cash_on_delivery: 'ক্যাশ অন ডেলিভারি',
    bkash: 'বিকাশ',
    // "নগদ" alone is also the everyday word for cash: the provider is always named so it cannot be misread.
    nagad: 'নগদ (Nagad)',
  },
} as const;
