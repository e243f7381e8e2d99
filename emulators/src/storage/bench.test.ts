import { describe, expect, it } from 'vitest';
import { benchUpload } from './bench.js';

describe('storage upload benchmark', () => {
  it('uploads a small file in one request and a large one resumably, as the SDK chooses, and says which path each took', async () => {
    const results = await benchUpload([1000, 300 * 1024]);
    expect(results.map((result) => [result.size, result.protocol])).toEqual([
      [1000, 'multipart'],
      [300 * 1024, 'resumable'],
    ]);
    for (const result of results) {
      expect(result.uploadMs).toBeGreaterThan(0);
      expect(result.downloadMs).toBeGreaterThan(0);
      expect(Number.isFinite(result.uploadMiBps)).toBe(true);
    }
  });

  it('rejects sizes that are not positive whole numbers', async () => {
    await expect(benchUpload([0])).rejects.toThrow(RangeError);
    await expect(benchUpload([1.5])).rejects.toThrow(RangeError);
  });
});
