import { describe, expect, it } from 'vitest';
import { stockRecommendations } from './stock-recommendations';

describe('stock recommendations', () => {
  it('names the sold-out jars and the low ones (by their own threshold) with the jars left, fewest first', () => {
    const found = stockRecommendations([
      { name: 'আমের আচার', stock_quantity: 40, low_stock_threshold: 5 },
      { name: 'জলপাইয়ের আচার', stock_quantity: 4, low_stock_threshold: 5 },
      { name: 'রসুনের আচার', stock_quantity: 0, low_stock_threshold: 5 },
      { name: 'তেঁতুলের আচার', stock_quantity: 9, low_stock_threshold: 10 },
      { name: 'লেবুর আচার', stock_quantity: 6, low_stock_threshold: 5 },
    ]);
    expect(found).toEqual([
      { id: 'sold-out', kind: 'negative', message: 'স্টক শেষ: রসুনের আচার — নতুন বয়াম তৈরি করে স্টক বাড়ান।' },
      {
        id: 'low-stock',
        kind: 'warning',
        message: 'কম স্টক: জলপাইয়ের আচার (৪টি), তেঁতুলের আচার (৯টি) — শেষ হওয়ার আগে স্টক বাড়ান।',
      },
    ]);
  });

  it('says nothing when every jar is well stocked', () => {
    expect(stockRecommendations([{ name: 'আমের আচার', stock_quantity: 6, low_stock_threshold: 5 }])).toEqual(
      [],
    );
  });
});
