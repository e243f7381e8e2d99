import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * jsdom has no matchMedia; the dashboard asks it which layout to use. Tests see the phone layout
 * (no media query matches) unless a test widens the screen with `screenWidth`.
 */
function installMatchMedia(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    const minPx = min ? Number(min[1]) * (min[2] === 'px' ? 1 : 16) : 0;
    return {
      matches: min !== null && width >= minPx,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/** Renders an admin component inside Chakra's provider, as the app shell does. */
export function renderWithChakra(
  ui: ReactElement,
  { screenWidth = 360, ...options }: Omit<RenderOptions, 'wrapper'> & { screenWidth?: number } = {},
) {
  installMatchMedia(screenWidth);
  return render(ui, {
    wrapper: ({ children }) => <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>,
    ...options,
  });
}
