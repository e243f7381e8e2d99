// The Bengali face in two weights: the phone's own copy when it has one (src/app/fonts.css).
import './app/fonts.css';

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
void Promise.all([import('./boot'), import('./app/theme-in-steps')]).then(
  async ([{ boot }, { buildSystemInSteps }]) => {
    if (ordersHere) import('./features/ordering').catch(() => {});
    boot(root, path, await buildSystemInSteps());
  },
);
