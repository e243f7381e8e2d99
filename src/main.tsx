const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

// The page is on screen already (rendered on the server); a tap meanwhile is kept by the inline script at the top
// of its HTML (src/lib/tap-replay.ts) and replayed once the page is hydrated (src/boot.tsx). The app's code and
// the theme are asked for together, so that their round trips overlap on a slow link. On the pages with an order
// button the order form is asked for once they have arrived: it downloads while the theme is built and the page
// hydrates (work for the processor, not the network), instead of sharing a slow link with the app's own code.
// (Its HTML is in the page already, a native <dialog> the browser opens: boot waits for it before hydrating.)
const ordersHere = path === '/' || path.startsWith('/p/');

/**
 * Resolves once the server's page has been painted (its first contentful paint), at once for the empty app
 * shell. Asked for before that paint, the app's ~200 KB of code is, to Lighthouse's simulation of a slow phone,
 * something the first paint waited for: its FCP went from ~1.0 to ~2.1 s in the runs where the requests began
 * before the paint (docs/performance.md, "The first paint's spread"). A page kept in the background paints
 * nothing, a browser may not report paints: after 3 s the code is asked for anyway.
 */
function afterFirstPaint(): Promise<unknown> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (root!.dataset.prerendered === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    new PerformanceObserver((_, observer) => {
      if (painted()) resolve(observer.disconnect());
    }).observe({ type: 'paint', buffered: true }); // buffered: a paint before this line counts too
    setTimeout(resolve, 3000);
  });
}

void afterFirstPaint()
  .then(() => Promise.all([import('./boot'), import('./app/theme-in-steps')]))
  .then(async ([{ boot }, { buildSystemInSteps }]) => {
    if (ordersHere) import('./features/ordering').catch(() => {});
    boot(root, path, await buildSystemInSteps());
  });
