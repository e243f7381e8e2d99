// @ts-check
/**
 * Preloaded into firebase-tools' process (`node --import`, by ./firebase-tools.ts) beside
 * ./firebase-tools-external-firestore.mjs. It takes out two waits of firebase-tools' start that a local, offline
 * shop does not need. `npm start -- --timings` and firebase-debug.log showed them:
 *
 * - Its Auth emulator has exegesis compile a validator for every request and response schema of the Identity
 *   Toolkit API before it listens: about 6 s of CPU. exegesis' `lazyCompileValidationSchemas` compiles each
 *   schema the first time a request needs it instead; the validation itself does not change.
 * - Before it loads the functions, it runs `npm show firebase-functions` (synchronously, about 1.1 s, and a
 *   registry request) only to print a hint when a newer SDK exists. The SDK's version is pinned in
 *   functions/package-lock.json; the hint is not shown.
 *
 * Each patch checks that what it replaces is there, so a firebase-tools upgrade that moves it fails loudly here.
 * What this relies on is written in emulators/docs/function-triggers.md.
 */
import { createRequire } from 'node:module';

const fromFirebaseTools = createRequire(
  createRequire(import.meta.url).resolve('firebase-tools/package.json'),
);

/** @param {Record<string, unknown>} exports @param {string} name @param {string} module */
function replaceable(exports, name, module) {
  if (typeof exports?.[name] !== 'function') {
    throw new Error(`firebase-tools-fast-start: ${module} no longer exports ${name}()`);
  }
  return /** @type {(...args: any[]) => any} */ (exports[name]);
}

const exegesisExpress = fromFirebaseTools('exegesis-express');
const middleware = replaceable(exegesisExpress, 'middleware', 'exegesis-express');
exegesisExpress.middleware = (/** @type {unknown} */ spec, /** @type {object} */ options, ...rest) =>
  middleware(spec, { lazyCompileValidationSchemas: true, ...options }, ...rest);

const versioning = fromFirebaseTools('./lib/deploy/functions/runtimes/node/versioning.js');
replaceable(versioning, 'getLatestSDKVersion', 'firebase-tools versioning.js');
versioning.getLatestSDKVersion = () => undefined;
