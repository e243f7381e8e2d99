import { orderSearchQuery } from '@/features/ordering/model';
import { queryShape } from '@/testing/query-shape';
import { CUSTOMERS_PAGE_SIZE, customersPageQuery } from './customer-pages';

describe('customersPageQuery', () => {
  it('always carries a limit, and asks a phone or a name prefix with an indexed condition', () => {
    const shapes = ['', 'সাল', '+880 1812-345678'].map((text) =>
      queryShape(customersPageQuery(orderSearchQuery(text), null)),
    );
    expect(shapes).toEqual([
      expect.objectContaining({ collection: 'customers', filters: [], orderBy: ['last_order_at desc'] }),
      expect.objectContaining({ filters: ['search_terms array-contains'] }),
      expect.objectContaining({ filters: ['search_phone =='] }),
    ]);
    for (const shape of shapes) expect(shape.limit).toBe(CUSTOMERS_PAGE_SIZE);
  });
});
