import { describe, expect, it } from 'vitest';
import { matchesSearch, structured, type LogLine } from './use-function-logs';

describe("the functions' log lines", () => {
  it('shows a structured log entry with its own severity and message', () => {
    const line = structured({
      level: 'info',
      timestamp: 1,
      message: '>  {"severity":"WARNING","message":"stock low for p1"}',
    });
    expect(line).toMatchObject({ level: 'warning', message: 'stock low for p1' });
  });

  it('leaves plain lines, and text that only looks like JSON, as they are', () => {
    const plain = { level: 'info', timestamp: 1, message: 'Beginning execution of "placeOrder"' };
    expect(structured(plain)).toBe(plain);
    const broken = { level: 'info', timestamp: 1, message: '> {not json}' };
    expect(structured(broken)).toBe(broken);
  });
});

describe('searching the log', () => {
  const line: LogLine = {
    level: 'warning',
    timestamp: 1,
    message: 'Stock low for Mango Achar (p1)',
    data: { metadata: { function: { name: 'placeOrder' } } },
  };

  it('finds a line by any part of its message, function or level, in any case', () => {
    expect(matchesSearch(line, 'mango')).toBe(true);
    expect(matchesSearch(line, 'PLACEORDER')).toBe(true);
    expect(matchesSearch(line, 'warning')).toBe(true);
    expect(matchesSearch(line, '')).toBe(true);
    expect(matchesSearch(line, '   ')).toBe(true);
  });

  it('needs every word it is given', () => {
    expect(matchesSearch(line, 'stock p1')).toBe(true);
    expect(matchesSearch(line, 'stock p2')).toBe(false);
    expect(matchesSearch(line, 'setOrderStatus')).toBe(false);
  });
});
