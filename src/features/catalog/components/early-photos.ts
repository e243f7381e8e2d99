import { EARLY_PHOTO_TIMING } from './early-cards';

// The storefront's entry starts loading the app's code once the first photos are on screen, not merely
// downloaded: between a photo's arrival and its paint, a request for ~200 KB of code would share a slow
// phone's bandwidth with the page's largest paint. A photo's `load` event comes before its paint, so the
// entry waits for Element Timing's report of the paint (the early cards' eager photos carry `elementtiming`),
// where the browser has it; elsewhere it waits for the next frame after the photos are decoded. A photo
// outside the screen is never reported, so the wait has a bound.

/** The part of an Element Timing entry read here (lib.dom has no type for it yet). */
interface ElementTiming extends PerformanceEntry {
  identifier: string;
  element: Element | null;
}

/** Resolves after the browser's next frame (and its paint). */
export const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** At most this long after the photos have loaded is their paint waited for. */
export const PAINT_WAIT_MS = 300;

/**
 * Resolves once one of `photos`, loaded, has been painted, or `PAINT_WAIT_MS` later; at once if none of
 * them loaded.
 */
export function photosPainted(photos: readonly HTMLImageElement[]): Promise<void> {
  const shown = photos.filter((photo) => photo.complete && photo.naturalWidth > 0);
  if (shown.length === 0) return Promise.resolve();
  const bound = new Promise<void>((resolve) => setTimeout(resolve, PAINT_WAIT_MS));
  if (!PerformanceObserver.supportedEntryTypes.includes('element')) {
    const decoded = Promise.all(shown.map((photo) => photo.decode().catch(() => undefined)));
    return Promise.race([decoded.then(nextFrame), bound]);
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const painted = list
        .getEntries()
        .some(
          (entry) =>
            (entry as ElementTiming).identifier === EARLY_PHOTO_TIMING &&
            shown.some((photo) => photo === (entry as ElementTiming).element),
        );
      if (!painted) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'element', buffered: true });
    void bound.then(() => {
      observer.disconnect();
      resolve();
    });
  });
}
