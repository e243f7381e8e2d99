/** What the console shows when an emulator refuses a request or cannot be reached: Bengali, with the reason kept. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/language';
import { requestJson } from './http';

beforeEach(() => setLanguage('bn'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's requests to the emulators", () => {
  it('says in Bengali that a path does not exist, and keeps the emulator’s own reason', async () => {
    const reason = 'no entity to update: projects/demo/databases/(default)/documents/orders/nope';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 404, message: reason } }, { status: 404 })),
    );
    const failure = requestJson('http://127.0.0.1:8080/v1/orders/nope');
    await expect(failure).rejects.toThrow('যা চাওয়া হয়েছে তা নেই (পাথটি খুঁজে পাওয়া যায়নি)। কিছুই বদলানো হয়নি।');
    await expect(failure).rejects.toThrow(`বিস্তারিত: ${reason}`);
  });

  it('says a refused request changed nothing, for statuses it has no special sentence for too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503, statusText: 'Unavailable' })),
    );
    await expect(requestJson('http://127.0.0.1:9199/o')).rejects.toThrow(
      'অনুরোধ ব্যর্থ হয়েছে (স্ট্যাটাস 503)। কিছুই বদলানো হয়নি।',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Permission denied.' }, { status: 403 })),
    );
    await expect(requestJson('http://127.0.0.1:9199/o')).rejects.toThrow(
      /অনুমতি নেই.*বিস্তারিত: Permission denied\./,
    );
  });

  it('says the same in English when the page speaks English', async () => {
    setLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Permission denied.' }, { status: 403 })),
    );
    await expect(requestJson('http://127.0.0.1:9199/o')).rejects.toThrow(
      'The emulator refused the request (permission denied). Nothing was changed. Details: Permission denied.',
    );
  });

  it('names the emulator it cannot reach', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(requestJson('http://127.0.0.1:9099/accounts')).rejects.toThrow(
      '127.0.0.1:9099 এর সাথে যোগাযোগ করা যাচ্ছে না: ওই এমুলেটর কি চলছে?',
    );
  });

  it('returns the body of an answer that succeeded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ documents: [] })),
    );
    await expect(requestJson('http://127.0.0.1:8080/v1/x')).resolves.toEqual({ documents: [] });
  });
});
