// Bundles the callables into lib/index.js. The shared models under ../src (and yup) are bundled in, so the
// deployed package needs only firebase-functions, firebase-admin and sharp, which stay external.
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
  // sharp is native (libvips): installed from package.json in the cloud, never bundled.
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', 'sharp'],
  logLevel: 'warning',
});
