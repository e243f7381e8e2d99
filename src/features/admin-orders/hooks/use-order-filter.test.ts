import { renderHook } from '@testing-library/react';
import { orderSearchQuery } from '@/features/ordering/model';
import { useOrderFilter } from './use-order-filter';

describe('useOrderFilter', () => {
  it('starts empty, listing every order', () => {
    const { result } = renderHook(() => useOrderFilter());
    expect(result.current.text).toBe('');
    expect(result.current.active).toBe(false);
    expect(result.current.filter).toEqual({ status: 'all', search: orderSearchQuery('') });
  });

  it('starts searched for an order number a link gave, without waiting for typing to pause', () => {
    const { result } = renderHook(() => useOrderFilter('XYZ12345'));
    expect(result.current.text).toBe('XYZ12345');
    expect(result.current.active).toBe(true);
    expect(result.current.filter.search).toEqual(orderSearchQuery('XYZ12345'));
    expect(result.current.filter.search).not.toEqual(orderSearchQuery(''));
  });
});
