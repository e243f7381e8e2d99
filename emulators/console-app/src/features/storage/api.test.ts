/** A file over the Storage emulator's limit is refused in Bengali before anything is sent. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/language';
import type { ConsoleConfig } from '../../lib/config';
import { MAX_UPLOAD_BYTES, StorageApi } from './api';

const config = {
  bucket: 'product-images',
  emulators: { storage: { host: '127.0.0.1', port: 9199 } },
} as unknown as ConsoleConfig;

beforeEach(() => setLanguage('bn'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploading from the console', () => {
  it('refuses a file over 20 MiB with a Bengali sentence, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1024 * 1024)], 'too-big.jpg', {
      type: 'image/jpeg',
    });
    await expect(new StorageApi(config).upload('product-images/too-big.jpg', big)).rejects.toThrow(
      'too-big.jpg ফাইলটি ২১ MiB; এমুলেটর সর্বোচ্চ ২০ MiB পর্যন্ত ফাইল নেয়। কিছুই আপলোড হয়নি।',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a file within the limit', async () => {
    const fetch = vi.fn(async () => Response.json({ name: 'product-images/small.png' }));
    vi.stubGlobal('fetch', fetch);
    const small = new File([new Uint8Array(10)], 'small.png', { type: 'image/png' });
    await new StorageApi(config).upload('product-images/small.png', small);
    expect(fetch).toHaveBeenCalledOnce();
  });
});
