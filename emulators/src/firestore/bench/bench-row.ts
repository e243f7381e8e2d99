/** One measured number of `npm run bench`: what it is, its value and unit, and a note on how it was taken. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  note?: string;
}
