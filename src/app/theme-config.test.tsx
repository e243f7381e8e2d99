import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

/** The CSS the theme puts in the page, as Emotion writes it into <head>. */
function pageCss(): string {
  render(<ChakraProvider value={system}>আচার</ChakraProvider>);
  return [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
}

describe('the theme, for a shopper who asked the phone for less motion', () => {
  it('ends every animation and transition at once, and scrolls to an anchor without gliding', () => {
    const css = pageCss().replace(/\s+/g, ' ');
    const lessMotion = (rule: string) =>
      new RegExp(`@media \\(prefers-reduced-motion: ?reduce\\) ?\\{ ?${rule}`).test(css);
    expect(
      lessMotion(
        '\\*, ?\\*::before, ?\\*::after ?\\{[^}]*animation-duration: ?0\\.01ms ?!important;[^}]*' +
          'animation-iteration-count: ?1 ?!important;[^}]*transition-duration: ?0\\.01ms ?!important',
      ),
    ).toBe(true);
    expect(lessMotion('html ?\\{ ?scroll-behavior: ?auto')).toBe(true);
  });
});
