/**
 * Which orders are new since the last snapshot. The first snapshot only tells what already existed
 * (knownIds is null), so nothing in it counts as new: the seller is alerted only to orders that arrive
 * while the dashboard is open.
 */
export function newlyArrivedOrderIds(
  knownIds: ReadonlySet<string> | null,
  orders: readonly { id: string }[],
): string[] {
  if (knownIds === null) return [];
  return orders.filter((order) => !knownIds.has(order.id)).map((order) => order.id);
}
