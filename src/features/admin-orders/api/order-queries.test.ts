import { ORDER_STATUSES, orderSearchQuery } from '@/features/ordering/model';
import { queryShape } from '@/testing/query-shape';
import {
  BOUNDED_PAGE_LIMIT,
  ORDERS_PAGE_SIZE,
  NEWEST_ORDERS_WATCHED,
  newestOrdersQuery,
  ordersPageQuery,
  TO_VERIFY_COUNTED,
  toVerifyCountQuery,
  type OrdersFilter,
} from './order-queries';

const cursor = { at: new Date('2026-11-01T10:00:00Z'), id: 'abc' };
const searches = ['', 'রহি', '+880 1712-345678', '#AB12CD34'].map(orderSearchQuery);
const filters: OrdersFilter[] = (['all', 'to_verify', ...ORDER_STATUSES] as const).flatMap((status) =>
  searches.map((search) => ({ status, search })),
);
const everyBounds = [
  { after: null, through: null },
  { after: cursor, through: null },
  { after: null, through: cursor },
  { after: cursor, through: cursor },
];

describe('the dashboard never asks for every order', () => {
  it('every orders query it can build carries a limit: 50 for an open page, 100 for a bounded one', () => {
    for (const filter of filters) {
      for (const bounds of everyBounds) {
        const shape = queryShape(ordersPageQuery(filter, bounds));
        expect(shape.limit).toBe(bounds.through ? BOUNDED_PAGE_LIMIT : ORDERS_PAGE_SIZE);
        expect(shape.collection).toBe('orders');
      }
    }
    expect(queryShape(newestOrdersQuery()).limit).toBe(NEWEST_ORDERS_WATCHED);
    expect(queryShape(toVerifyCountQuery())).toMatchObject({
      filters: ['payment_state =='],
      limit: TO_VERIFY_COUNTED,
    });
  });
});

describe('ordersPageQuery', () => {
  it('asks Firestore the search and the filter with indexed conditions, newest first', () => {
    const shape = queryShape(
      ordersPageQuery(
        { status: 'pending', search: orderSearchQuery('০১৭১২৩৪৫৬৭৮') },
        { after: cursor, through: cursor },
      ),
    );
    expect(shape).toEqual({
      collection: 'orders',
      filters: ['search_phone ==', 'status =='],
      orderBy: ['created_at desc', '__name__ desc'],
      limit: BOUNDED_PAGE_LIMIT,
      startAfter: true,
      endAt: true,
    });
    expect(
      queryShape(ordersPageQuery({ status: 'all', search: orderSearchQuery('রহি') }, everyBounds[0])),
    ).toMatchObject({ filters: ['search_terms array-contains'], startAfter: false, endAt: false });
    expect(
      queryShape(ordersPageQuery({ status: 'all', search: { kind: 'none' } }, everyBounds[0])).filters,
    ).toEqual([]);
    // "যাচাই বাকি": the claimed payments, newest first, paged as every other filter.
    expect(
      queryShape(ordersPageQuery({ status: 'to_verify', search: { kind: 'none' } }, everyBounds[0])),
    ).toMatchObject({
      filters: ['payment_state =='],
      orderBy: ['created_at desc', '__name__ desc'],
      limit: ORDERS_PAGE_SIZE,
    });
  });
});
