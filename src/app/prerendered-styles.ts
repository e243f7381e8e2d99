import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * A prerendered page carries all of its CSS in one `<style>` in its `<head>`, marked with this attribute; the
 * attribute's value lists the Emotion style names whose rules that CSS holds.
 *
 * Why not Emotion's own SSR output (a `<style data-emotion="css …">` beside each component)? In the browser,
 * Emotion takes those tags out of React's way before hydration and re-inserts each into `<head>`, and the
 * browser re-creates every moved stylesheet and restyles the whole page: on `/`, ~80 tags and ~100 KB of CSS,
 * a task of ~30 ms and a restyle of ~100 ms on a cheap phone, for styles the page already showed.
 */
export const PRERENDERED_STYLES = 'data-prerendered-styles';

/** Emotion's key: the prefix of its class names (`css-1x2y3z`), the same on the server and in the browser. */
const EMOTION_KEY = 'css';

/** One `<style data-emotion="css n1 n2">` (or `"css-global n1"`) as Emotion renders it on the server. */
const EMOTION_SSR_STYLE = /<style data-emotion="[\w-]+ [^"]*"[^>]*>([\s\S]*?)<\/style>/g;

/** At prerender: the Emotion cache the page is rendered with, to learn which styles it drew. */
export function prerenderEmotionCache(): EmotionCache {
  return createCache({ key: EMOTION_KEY });
}

/**
 * At prerender: takes Emotion's `<style>` tags out of the markup drawn with `cache` and returns them as the one
 * `<style>` for `<head>` (same CSS, same order, so the same cascade), named by PRERENDERED_STYLES with every style
 * the cache drew: those with rules, and those without any (Emotion writes no tag for an empty style, but the
 * browser's cache would insert an empty rule for it). Global styles are not the cache's: their <Global>
 * components are not rendered again in the browser (src/app/provider.tsx).
 */
export function hoistPrerenderedStyles(
  markup: string,
  cache: EmotionCache,
): { markup: string; style: string } {
  let css = '';
  const rest = markup.replace(EMOTION_SSR_STYLE, (_tag, rules: string) => {
    css += rules;
    return '';
  });
  const names = Object.keys(cache.inserted).join(' ');
  return { markup: rest, style: css ? `<style ${PRERENDERED_STYLES}="${names}">${css}</style>` : '' };
}

/** Whether this page's HTML carries its styles (a prerendered page), the browser's or the test's document. */
export function hasPrerenderedStyles(page: Document | undefined): boolean {
  return page?.querySelector(`style[${PRERENDERED_STYLES}]`) != null;
}

/**
 * In the browser, on a prerendered page: an Emotion cache that knows the page's CSS is already there, so it
 * neither inserts those rules again nor moves a `<style>`; it adds only the styles the prerender did not draw
 * (a dialog, say), after the page's own. Elsewhere (the app shell, the server) undefined: Emotion's default.
 */
export function emotionCacheForPage(page: Document | undefined): EmotionCache | undefined {
  const style = page?.querySelector(`style[${PRERENDERED_STYLES}]`);
  if (!style) return undefined;
  const cache = createCache({ key: EMOTION_KEY });
  for (const name of (style.getAttribute(PRERENDERED_STYLES) ?? '').split(' '))
    if (name) cache.inserted[name] = true;
  return cache;
}
