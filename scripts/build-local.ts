/**
 * `npm run build:emulators`: the web app built for the local emulators into dist-local, the one way npm start
 * and npm test build it too (scripts/stack/builds.ts), only when an input changed since; `--force` builds anyway.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildWebIfStale, LOCAL_WEB_DIR } from './stack/builds.js';

const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const built = await buildWebIfStale(root, console.log, { force: values.force });
if (!built) console.log(`› ${LOCAL_WEB_DIR}/ is up to date with its sources`);
