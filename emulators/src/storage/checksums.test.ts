import { describe, expect, it } from 'vitest';
import { crc32c, crc32cBase64, md5Base64 } from './checksums.js';

describe('object checksums', () => {
  it('computes CRC-32C (Castagnoli) check values', () => {
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    expect(crc32c(Buffer.alloc(32, 0))).toBe(0x8a9136aa);
    expect(crc32c(Buffer.alloc(0))).toBe(0);
  });

  it('encodes CRC-32C as base64 of the big-endian value and MD5 as base64, like GCS', () => {
    expect(crc32cBase64(Buffer.from('123456789'))).toBe(
      Buffer.from([0xe3, 0x06, 0x92, 0x83]).toString('base64'),
    );
    expect(md5Base64(Buffer.from('hello'))).toBe('XUFAKrxLKna5cZ2REBfFkg==');
  });
});
