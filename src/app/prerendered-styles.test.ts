import { describe, expect, it } from 'vitest';
import {
  PRERENDERED_STYLES,
  emotionCacheForPage,
  hasPrerenderedStyles,
  hoistPrerenderedStyles,
  prerenderEmotionCache,
} from './prerendered-styles';

const page = (html: string) => new DOMParser().parseFromString(html, 'text/html');

// What Emotion renders on the server: a <style> beside each component, the theme's globals first.
const rendered =
  '<style data-emotion="css-global 0a1b2c">@layer reset,base;</style>' +
  '<style data-emotion="css-global 9z8y7x">:root{--c:red}</style>' +
  '<header><style data-emotion="css 1x2y3z">.css-1x2y3z{color:var(--c)}</style>' +
  '<h1 class="css-1x2y3z">আচার</h1></header>' +
  '<style data-emotion="css 4d5e6f 7g8h9i">.css-4d5e6f{margin:0}@keyframes 7g8h9i{to{opacity:1}}</style><p class="css-4d5e6f">x</p>' +
  '<span class="css-0">y</span>';

/** The prerender's cache after drawing `rendered`: its components' styles, and one without rules (`css-0`). */
function renderedCache() {
  const cache = prerenderEmotionCache();
  for (const name of ['1x2y3z', '4d5e6f', '7g8h9i', '0']) cache.inserted[name] = true;
  return cache;
}

describe("a prerendered page's styles", () => {
  it("are taken out of the markup into one <style> for <head>: the same CSS in the same order, and the styles' names", () => {
    const { markup, style } = hoistPrerenderedStyles(rendered, renderedCache());
    expect(markup).toBe(
      '<header><h1 class="css-1x2y3z">আচার</h1></header><p class="css-4d5e6f">x</p><span class="css-0">y</span>',
    );
    const tag = new RegExp(`^<style ${PRERENDERED_STYLES}="([^"]+)">(.*)</style>$`).exec(style);
    expect(tag?.[1].split(' ').sort()).toEqual(['0', '1x2y3z', '4d5e6f', '7g8h9i']);
    expect(tag?.[2]).toBe(
      '@layer reset,base;:root{--c:red}.css-1x2y3z{color:var(--c)}.css-4d5e6f{margin:0}@keyframes 7g8h9i{to{opacity:1}}',
    );
  });

  it('leave markup without styles as it is, and add no <style>', () => {
    expect(hoistPrerenderedStyles('<div id="x">y</div>', prerenderEmotionCache())).toEqual({
      markup: '<div id="x">y</div>',
      style: '',
    });
  });

  it("make the browser's Emotion cache skip the rules already in the page, and only those", () => {
    const html = page(`<head>${hoistPrerenderedStyles(rendered, renderedCache()).style}</head><body></body>`);
    expect(hasPrerenderedStyles(html)).toBe(true);
    const cache = emotionCacheForPage(html)!;
    expect(cache.key).toBe('css');
    expect(cache.inserted).toMatchObject({ '1x2y3z': true, '4d5e6f': true, '7g8h9i': true, '0': true });
    // The globals are not the cache's: their <Global> components are not rendered in the browser.
    expect(cache.inserted).not.toHaveProperty('0a1b2c');
    expect(cache.inserted).not.toHaveProperty('9z8y7x');
  });

  it('leave the app shell (and the server) to Emotion as it is', () => {
    const shell = page(
      '<head><style>@font-face{font-family:x}</style></head><body><div id="root"></div></body>',
    );
    expect(hasPrerenderedStyles(shell)).toBe(false);
    expect(emotionCacheForPage(shell)).toBeUndefined();
    expect(hasPrerenderedStyles(undefined)).toBe(false);
    expect(emotionCacheForPage(undefined)).toBeUndefined();
  });
});
