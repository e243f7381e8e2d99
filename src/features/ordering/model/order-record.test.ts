import { shortOrderId } from './order-record';

describe('the short order number', () => {
  it('keeps the last 8 characters of the id, as the seller reads it out and the shopper sees it', () => {
    expect(shortOrderId('Xy12AbCdEfGh5678')).toBe('EfGh5678');
    expect(shortOrderId('short')).toBe('short');
  });
});
