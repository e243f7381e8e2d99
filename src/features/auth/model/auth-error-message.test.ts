import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-message';

const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-credential', 'ই-মেইল বা পাসওয়ার্ড সঠিক নয়।'],
    ['auth/wrong-password', 'ই-মেইল বা পাসওয়ার্ড সঠিক নয়।'],
    ['auth/user-not-found', 'এই ই-মেইলে কোনো অ্যাকাউন্ট নেই।'],
    ['auth/email-already-in-use', 'এই ই-মেইল দিয়ে আগেই সাইন আপ করা হয়েছে।'],
    ['auth/weak-password', 'পাসওয়ার্ড খুব দুর্বল — কমপক্ষে ৬ অক্ষর দিন।'],
    ['auth/too-many-requests', 'অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ পরে আবার চেষ্টা করুন।'],
    ['auth/network-request-failed', 'ইন্টারনেট সংযোগে সমস্যা। সংযোগ দেখে আবার চেষ্টা করুন।'],
  ])('explains %s in Bengali', (code, message) => {
    expect(authErrorMessage(failure(code))).toBe(message);
  });

  it('falls back to a general Bengali sentence for anything else', () => {
    expect(authErrorMessage(failure('auth/internal-error'))).toBe('কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।');
    expect(authErrorMessage('boom')).toBe('কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।');
    expect(authErrorMessage(null)).toBe('কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।');
  });
});
