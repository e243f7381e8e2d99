import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth';
import { system } from './theme';

/**
 * The theme the provider hands out. A prerendered page carries the theme's global styles (reset, base, one CSS
 * variable per token: ~50 KB of CSS) in its HTML already, and Emotion keeps that <style> for the page's life:
 * there the provider is given no global styles to write, so the browser never builds them (Chakra builds them
 * on first read: scripts/build/chakra-lazy-global-css.ts). The server, and the app shell, get them all.
 */
export function themeForPage(page: Document | undefined): typeof system {
  const prerenderedStyles = page?.querySelector('style[data-emotion^="css-global "]') != null;
  return prerenderedStyles ? Object.create(system, { _global: { value: [] } }) : system;
}

const theme = themeForPage(typeof document === 'undefined' ? undefined : document);

/** Everything every page needs around it: the theme, the signed-in user, and the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={theme}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </ChakraProvider>
  );
}
