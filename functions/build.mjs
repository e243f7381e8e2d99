// Bundles the functions into lib/: index.js (the callables and the `pages` handler) and pages.js (what `pages`
// renders with: the storefront's components, React, Chakra), which index.js loads on the first page request
// only, so a callable's cold start never reads it. The shared models under ../src (and yup) are bundled in,
// so the deployed package needs only firebase-functions, firebase-admin and sharp, which stay external.
// `--outfile <path>` builds elsewhere, e.g. into a test run's private copy of this package (pages.js beside it).
// `firebase deploy` runs this before uploading (firebase.json predeploy); the empty "gcp-build" script in
// package.json stops Cloud Build from running it again in the cloud, where ../src and esbuild are absent.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const outfile = values.outfile ?? fileURLToPath(new URL('lib/index.js', import.meta.url));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22', // the Cloud Functions runtime: package.json's engines.node
  format: 'cjs',
  sourcemap: true,
  // sharp is native (libvips): installed from package.json in the cloud, never bundled.
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', 'sharp'],
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: [fileURLToPath(new URL('src/index.ts', import.meta.url))],
  outfile,
});

await build({
  ...common,
  entryPoints: [fileURLToPath(new URL('src/pages.ts', import.meta.url))],
  outfile: join(dirname(outfile), 'pages.js'),
  // The storefront's components (src/app/server.tsx) are written for Vite: their `import.meta.env` is this
  // build's (production; Firebase's web config is not used by a server render), and `import.meta.url` only
  // names the catalog's Web Worker, which a server render never starts.
  define: {
    'import.meta.env': JSON.stringify({ MODE: 'production', DEV: false, PROD: true, SSR: true }),
    'import.meta.url': JSON.stringify('file:///server-render/'),
  },
});
