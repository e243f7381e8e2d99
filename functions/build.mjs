// Bundles the callables into lib/index.js. The shared models under ../src (and yup) are bundled in, so the
// deployed package needs only firebase-functions and firebase-admin, which stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*'],
  logLevel: 'warning',
});
