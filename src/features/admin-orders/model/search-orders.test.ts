import { searchOrders, type SearchableOrder } from './search-orders';

const orders: SearchableOrder[] = [
  {
    id: 'AbCdEf1234567890',
    customer_name: 'রহিমা বেগম',
    customer_phone: '01712345678',
    product_name: 'আমের আচার',
    status: 'pending',
  },
  {
    id: 'zzzz0000yyyy1111',
    customer_name: 'Karim Mia',
    customer_phone: '01898765432',
    product_name: 'রসুনের আচার',
    status: 'delivered',
  },
  {
    id: 'qqqq2222wwww3333',
    customer_name: 'Salma Khatun',
    customer_phone: '01555000111',
    product_name: 'Mixed Achar',
    status: 'pending',
  },
];

const ids = (found: SearchableOrder[]) => found.map((order) => order.id);

describe('searchOrders', () => {
  it('returns every order, in the given order, for an empty query and "all"', () => {
    expect(ids(searchOrders(orders, '  ', 'all'))).toEqual(ids(orders));
  });

  it('filters by one status', () => {
    expect(ids(searchOrders(orders, '', 'pending'))).toEqual(['AbCdEf1234567890', 'qqqq2222wwww3333']);
    expect(searchOrders(orders, '', 'cancelled')).toEqual([]);
  });

  it('finds a customer by Bengali or Latin name, ignoring case', () => {
    expect(ids(searchOrders(orders, 'রহিমা', 'all'))).toEqual(['AbCdEf1234567890']);
    expect(ids(searchOrders(orders, 'KARIM', 'all'))).toEqual(['zzzz0000yyyy1111']);
  });

  it('finds by product name', () => {
    expect(ids(searchOrders(orders, 'আচার', 'all'))).toEqual(['AbCdEf1234567890', 'zzzz0000yyyy1111']);
    expect(ids(searchOrders(orders, 'mixed achar', 'all'))).toEqual(['qqqq2222wwww3333']);
  });

  it('finds by phone, also typed in Bengali digits, with spaces or the country code', () => {
    expect(ids(searchOrders(orders, '01712', 'all'))).toEqual(['AbCdEf1234567890']);
    expect(ids(searchOrders(orders, '০১৮৯৮', 'all'))).toEqual(['zzzz0000yyyy1111']);
    expect(ids(searchOrders(orders, '0155 5000', 'all'))).toEqual(['qqqq2222wwww3333']);
    expect(ids(searchOrders(orders, '+880 1712', 'all'))).toEqual(['AbCdEf1234567890']);
  });

  it('finds by order id, ignoring case', () => {
    expect(ids(searchOrders(orders, 'abcdef12', 'all'))).toEqual(['AbCdEf1234567890']);
  });

  it('combines the query with the status filter', () => {
    expect(searchOrders(orders, 'karim', 'pending')).toEqual([]);
    expect(ids(searchOrders(orders, 'khatun', 'pending'))).toEqual(['qqqq2222wwww3333']);
  });

  it('finds nothing for a query that matches no field', () => {
    expect(searchOrders(orders, 'কাঁঠাল', 'all')).toEqual([]);
    expect(searchOrders(orders, '-', 'all')).toEqual([]);
  });
});
