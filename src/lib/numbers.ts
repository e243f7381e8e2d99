// Bengali numbers and money, without dayjs: the storefront's entry fills the first product cards with them
// before the app's code has loaded (src/features/catalog/components/early-cards.ts).

const bnNumber = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 });

/** A number in Bengali digits with Bengali grouping: 125000 → "১,২৫,০০০". */
export function formatNumberBn(n: number): string {
  return bnNumber.format(n);
}

/** Money in taka, sign first as shoppers write it: 1250 → "৳১,২৫০", 99.5 → "৳৯৯.৫". */
export function formatTaka(n: number): string {
  return `৳${bnNumber.format(n)}`;
}
