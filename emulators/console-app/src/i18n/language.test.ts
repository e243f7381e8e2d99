/** Which language the console speaks before anyone presses the switch, and what pressing it does. */
import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage, getLanguage, setLanguage } from './language';

describe("the console's language", () => {
  it("follows the browser's first language that is Bengali or English", () => {
    expect(chooseLanguage(null, ['bn-BD', 'en-US'])).toBe('bn');
    expect(chooseLanguage(null, ['bn'])).toBe('bn');
    expect(chooseLanguage(null, ['en-GB', 'bn-BD'])).toBe('en');
    expect(chooseLanguage(null, ['fr-FR', 'BN-IN', 'en'])).toBe('bn');
  });

  it('is English for a browser that asks for neither (the engineers may not read Bengali)', () => {
    expect(chooseLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });

  it('keeps a choice made with the switch over the browser, and ignores a saved value it does not know', () => {
    expect(chooseLanguage('en', ['bn-BD'])).toBe('en');
    expect(chooseLanguage('bn', ['en-US'])).toBe('bn');
    expect(chooseLanguage('fr', ['bn-BD'])).toBe('bn');
  });

  it('remembers the switch for the next visit', () => {
    const saved = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => saved.set(key, value),
    });
    try {
      setLanguage('en');
      setLanguage('bn');
      expect(getLanguage()).toBe('bn');
      expect([...saved.values()]).toEqual(['bn']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
