import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth';
import { emotionCacheForPage, hasPrerenderedStyles } from './prerendered-styles';
import { system } from './theme';

/**
 * The theme the provider hands out. A prerendered page carries all the CSS the prerender wrote in its HTML
 * (./prerendered-styles.ts), the theme's global styles (reset, base, one CSS variable per token: ~50 KB) and the
 * order of Chakra's cascade layers included: there the provider is given neither to write, so the browser never
 * builds them (Chakra builds the global styles on first read: scripts/build/chakra-lazy-global-css.ts) and adds
 * no <style> while the page starts. The server, and the app shell, get them all.
 */
export function themeForPage(page: Document | undefined): typeof system {
  if (!hasPrerenderedStyles(page)) return system;
  return Object.create(system, {
    _global: { value: [] },
    // Read only by ChakraProvider, to write the layer order (`@layer reset, base, tokens, recipes;`).
    _config: { value: { ...system._config, disableLayers: true } },
  });
}

const page = typeof document === 'undefined' ? undefined : document;
const theme = themeForPage(page);
const pageEmotionCache = emotionCacheForPage(page);

/**
 * Everything every page needs around it: the theme, the signed-in user, and the toaster. Emotion's cache is the
 * page's (./prerendered-styles.ts), or the prerender's own, or else Emotion's default.
 */
export function AppProvider({
  children,
  emotionCache = pageEmotionCache,
}: {
  children: ReactNode;
  emotionCache?: EmotionCache;
}) {
  const app = (
    <ChakraProvider value={theme}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </ChakraProvider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{app}</CacheProvider> : app;
}
