import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { system } from '@/app/theme';
import { Toaster } from '@/components/ui/toaster';
import { installMatchMedia } from './match-media';

interface RenderWithShopOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the memory router starts at. */
  route?: string;
  /** Extra routes rendered next to the one under test, e.g. { '/auth': <p>auth page</p> }. */
  otherRoutes?: Record<string, ReactNode>;
  /** The screen's width in CSS pixels, for Chakra's responsive layouts; a phone's unless given. */
  screenWidth?: number;
}

/** Renders UI the way the app does: Chakra theme, a router, and the toaster (so toasts can be asserted). */
export function renderWithShop(
  ui: ReactElement,
  { route = '/', otherRoutes = {}, screenWidth = 360, ...options }: RenderWithShopOptions = {},
) {
  installMatchMedia(screenWidth);
  const path = route.split(/[?#]/)[0];
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {Object.entries(otherRoutes).map(([otherPath, element]) => (
            <Route key={otherPath} path={otherPath} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
      <Toaster />
    </ChakraProvider>,
    options,
  );
}
