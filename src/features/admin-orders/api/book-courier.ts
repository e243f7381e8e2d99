import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/functions';

export type BookCourierInput = { orderIds: string[] } | { allPacked: true };

/** What bookCourier answers: the orders booked (with their tracking codes) and why the others were not. */
export interface BookCourierResult {
  booked: { orderId: string; trackingCode: string }[];
  failed: { orderId: string; error: string }[];
}

const bookCourierCallable = httpsCallable<BookCourierInput, BookCourierResult>(functions, 'bookCourier');

/** Hands packed orders to the courier (functions/src/courier/book-courier.ts). Admins only. */
export async function bookCourier(input: BookCourierInput): Promise<BookCourierResult> {
  return (await bookCourierCallable(input)).data;
}
