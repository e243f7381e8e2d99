import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { useMemo, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth';
import { emotionCacheForPage, hasPrerenderedStyles } from './prerendered-styles';

/**
 * The theme the provider hands out. A prerendered page carries all the CSS the prerender wrote in its HTML
 * (./prerendered-styles.ts), the theme's global styles (reset, base, one CSS variable per token: ~50 KB) and the
 * order of Chakra's cascade layers included: there the provider is given neither to write, so the browser adds no
 * <style> while the page starts (Emotion's <Global> would insert the same ~50 KB again). `_global` and `_config`
 * are fields of Chakra's exported SystemContext type, which ChakraProvider reads; provider.test.tsx guards what
 * this relies on (docs/performance.md, "When an upgrade breaks a mechanism").
 */
export function themeForPage(page: Document | undefined, system: SystemContext): SystemContext {
  if (!hasPrerenderedStyles(page)) return system;
  return Object.create(system, {
    _global: { value: [] },
    // Read only by ChakraProvider, to write the layer order (`@layer reset, base, tokens, recipes;`).
    _config: { value: { ...system._config, disableLayers: true } },
  });
}

const page = typeof document === 'undefined' ? undefined : document;
const pageEmotionCache = emotionCacheForPage(page);

/**
 * Everything every page needs around it: the theme (`system`: ./theme.ts's), the signed-in user, and the
 * toaster. Emotion's cache is the page's
 * (./prerendered-styles.ts), or the prerender's own, or else Emotion's default.
 */
export function AppProvider({
  children,
  system,
  emotionCache = pageEmotionCache,
}: {
  children: ReactNode;
  system: SystemContext;
  emotionCache?: EmotionCache;
}) {
  const theme = useMemo(() => themeForPage(page, system), [system]);
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
