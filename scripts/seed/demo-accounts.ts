/** The local shop's two logins, printed by `npm start` and made by the seed (./seed-demo-data.ts). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@achar.test', password: 'admin123', displayName: 'আচার ঘর অ্যাডমিন' },
  // The demo customer's number is verified (linked, as the order dialog's phone code does), so a cash order
  // from the local shop goes through as it is; the number is hers in the demo orders (demo-orders.ts).
  customer: {
    email: 'customer@achar.test',
    password: 'customer123',
    displayName: 'নুসরাত জাহান',
    phoneNumber: '+8801711234567',
  },
} as const;
