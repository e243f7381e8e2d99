// The Bengali face in two weights: the phone's own copy when it has one (src/app/fonts.css).
import './app/fonts.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

// The page is on screen already (rendered on the server); a tap meanwhile is kept by the inline script at the top
// of its HTML (src/lib/tap-replay.ts) and replayed once the page is hydrated (src/boot.tsx). The app's code and
// the theme are asked for together, so that their round trips overlap on a slow link; on the pages with an order
// button the order form too, so that a tap made meanwhile opens it without one more round trip.
if (path === '/' || path.startsWith('/p/')) import('./features/ordering').catch(() => {});
void Promise.all([import('./boot'), import('./app/theme-in-steps')]).then(
  async ([{ boot }, { buildSystemInSteps }]) => boot(root, path, await buildSystemInSteps()),
);
