// Bundles the callables into lib/index.js. The shared models under ../src (and yup) are bundled in, so the
// deployed package needs only firebase-functions and firebase-admin, which stay external.
// `--outfile <path>` builds elsewhere, e.g. into a test run's private copy of this package.
// `firebase deploy` runs this before uploading (firebase.json predeploy); the empty "gcp-build" script in
// package.json stops Cloud Build from running it again in the cloud, where ../src and esbuild are absent.
import { build } from 'esbuild';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outfile: { type: 'string' } } });

await build({
  entryPoints: [fileURLToPath(new URL('src/index.ts', import.meta.url))],
  outfile: values.outfile ?? fileURLToPath(new URL('lib/index.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  target: 'node22', // the Cloud Functions runtime: package.json's engines.node
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*'],
  logLevel: 'warning',
  // The product pages render the storefront's own components (src/app/server.tsx), written for Vite: its
  // `import.meta.env` is this build's (production; Firebase's web config is not used by a server render).
  // (`import.meta.url` only names the catalog's Web Worker, which a server render never starts.)
  define: {
    'import.meta.env': JSON.stringify({ MODE: 'production', DEV: false, PROD: true, SSR: true }),
    'import.meta.url': JSON.stringify('file:///server-render/'),
  },
});
