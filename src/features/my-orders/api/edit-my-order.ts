import type { EditOrderInput, EditOrderResult } from '@/features/ordering/model/order-edit';

/**
 * Changes the address or phone of one of the customer's own orders while the seller has not confirmed it; the
 * server refuses with a Bengali reason (a confirmed order, a blocked or unverified number). The Functions SDK is
 * loaded on first use, as for a cancel.
 */
export async function editMyOrder(
  input: Pick<EditOrderInput, 'orderId' | 'customerPhone' | 'customerAddress'>,
): Promise<EditOrderResult> {
  const [{ httpsCallable }, { functions }] = await Promise.all([
    import('firebase/functions'),
    import('@/lib/functions'),
  ]);
  const editOrder = httpsCallable<EditOrderInput, EditOrderResult>(functions, 'editOrder');
  return (await editOrder(input)).data;
}
