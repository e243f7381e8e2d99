/**
 * A build patch (applied by ./chakra-system-in-steps.ts's Vite plugin): makes Chakra's `system._global` (the reset, the global styles and one CSS variable per theme
 * token, ~50 KB of CSS) computed when first read instead of inside `createSystem`.
 *
 * `createSystem` builds that CSS eagerly, and it is half of its cost: on a slow phone, ~250 ms of one
 * uninterrupted task while the page starts. The only reader is `ChakraProvider`, to write the styles once
 * (emotion's <Global>). A prerendered page already carries them in its HTML, so there the browser never needs
 * them (src/app/provider.tsx); the server and the unprerendered app shell still compute them, on first use.
 *
 * A Chakra upgrade that changes these lines fails the build here, so the patch is never silently lost.
 */
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '    _global,\n';
const LAZY_RETURNED =
  '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n';

/** How many times `part` occurs in `text`: each patch checks that its lines occur exactly once. */
export const occurrences = (text: string, part: string) => text.split(part).length - 1;

export function lazyChakraGlobalCss(source: string): string {
  const eager = occurrences(source, EAGER);
  const returned = occurrences(source, RETURNED);
  if (eager !== 1 || returned !== 1) {
    throw new Error(
      `chakra-lazy-global-css: @chakra-ui/react's createSystem changed (found the eager _global ${eager}×, ` +
        `its return ${returned}×); update scripts/build/chakra-lazy-global-css.ts`,
    );
  }
  return source.replace(EAGER, 'let _global;').replace(RETURNED, LAZY_RETURNED);
}
