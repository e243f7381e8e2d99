import { describe, expect, it } from 'vitest';
import { PRERENDERED_STYLES } from './prerendered-styles';
import { themeForPage } from './provider';
import { system } from './theme';

const page = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the theme each page is given', () => {
  it('leaves out the global styles and the layer order on a prerendered page, whose HTML already carries them', () => {
    const theme = themeForPage(
      page(
        `<head><style ${PRERENDERED_STYLES}="1x2y3z">:root{--chakra-colors-brand-600:#c2560b}</style></head>`,
      ),
      system,
    );
    expect(theme._global).toEqual([]);
    expect(theme._config.disableLayers).toBe(true);
    // Everything else is the shop's theme itself, its cascade layers included.
    expect(theme.token('colors.brand.600')).toBe('#c2560b');
    expect(theme.getRecipe('button')).toBe(system.getRecipe('button'));
    expect(theme.layers).toBe(system.layers);
    expect(system._config.disableLayers).toBeFalsy();
  });

  it('gives the app shell, and the prerender itself, the global styles and the layer order to write', () => {
    expect(themeForPage(page('<div id="root"></div>'), system)).toBe(system);
    expect(themeForPage(undefined, system)).toBe(system);
    expect(JSON.stringify(system._global)).toContain('--chakra-colors-brand-600');
    expect(system.layers.atRule).toContain('@layer reset');
  });
});
