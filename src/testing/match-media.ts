/**
 * jsdom has no matchMedia; Chakra asks it which layout to use. This one answers `min-width` queries for a
 * screen of the given width, so tests see the phone layout unless a test widens the screen.
 */
export function installMatchMedia(width: number) {
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
