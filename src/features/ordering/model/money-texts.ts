/**
 * What the customer hands the courier, said alike on /orders and in the status SMS (orderMessages.money): a
 * module of its own so the storefront's /orders carries these two and not every refusal.
 */
export const orderMoneyTexts = {
  payAtDoor: (amount: string) => `ডেলিভারিতে দেবেন ${amount}`,
  paid: 'টাকা পরিশোধিত',
} as const;
