import { describe, expect, it } from 'vitest';
import { structured } from './use-function-logs';

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
