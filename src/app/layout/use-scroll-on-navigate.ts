import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to `#products`, `#about`… after a navigation inside the app, and to the top of a new page without a
 * hash. Not when the app first runs: the page came from the server, and the browser has put it where it belongs
 * (its hash, or where the shopper scrolled meanwhile: on a slow phone the jars are on screen seconds before the
 * app, and the shopper is among them by then).
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const place = `${pathname}${hash}`;
  const scrolledFor = useRef(place);
  useEffect(() => {
    if (scrolledFor.current === place) return;
    scrolledFor.current = place;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    } else {
      window.scrollTo({ top: 0 });
    }
  }, [place, hash]);
}
