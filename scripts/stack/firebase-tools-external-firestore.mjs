// @ts-check
/**
 * Preloaded into firebase-tools' process (`node --import`, by ./firebase-tools.ts) so that its Functions
 * emulator registers Firestore triggers with OUR Firestore emulator and the events reach the functions.
 *
 * firebase-tools registers a Firestore trigger only when its in-process emulator registry holds a Firestore
 * emulator (functionsEmulator.js: `EmulatorRegistry.isRunning(FIRESTORE)`); it has no way to adopt one that
 * another process runs (the hub's `/emulators` list is read only by `functions:shell`, and the
 * FIRESTORE_EMULATOR_BINARY_PATH override still launches `java -jar`). So this adds one entry to that registry:
 * our emulator, at FIRESTORE_EMULATOR_HOST, which firebase-tools neither starts nor stops. Its data is ours to
 * export (the data folder), so Firestore is also taken off the list of what firebase-tools' hub exports.
 * What this relies on is written in emulators/docs/function-triggers.md; a firebase-tools upgrade that moves
 * these modules fails loudly here and in tests/functions/triggers tests.
 */
import { createRequire } from 'node:module';
import process from 'node:process';

// firebase-tools is CommonJS: its own require() must see the same registry instance as this file.
const require = createRequire(import.meta.url);
const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
if (!hostPort) throw new Error('firebase-tools-external-firestore: FIRESTORE_EMULATOR_HOST is not set');
const at = hostPort.lastIndexOf(':');
const host = hostPort.slice(0, at);
const port = Number(hostPort.slice(at + 1));

const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry.js');
const { Emulators, IMPORT_EXPORT_EMULATORS } = require('firebase-tools/lib/emulator/types.js');
if (typeof EmulatorRegistry?.set !== 'function' || !Array.isArray(IMPORT_EXPORT_EMULATORS)) {
  throw new Error('firebase-tools-external-firestore: firebase-tools changed its emulator registry');
}

EmulatorRegistry.set(Emulators.FIRESTORE, {
  getName: () => Emulators.FIRESTORE,
  getInfo: () => ({ name: Emulators.FIRESTORE, host, port, pid: 0 }),
  start: async () => {},
  connect: async () => {},
  // Runs in another process, which stops it; firebase-tools' stopAll() must not fail on it.
  stop: async () => {},
});
const exported = IMPORT_EXPORT_EMULATORS.indexOf(Emulators.FIRESTORE);
if (exported >= 0) IMPORT_EXPORT_EMULATORS.splice(exported, 1);

// Started early (`npm start`), firebase-tools loads its emulators' code while the shop's own emulators load their
// data and the catalogue is seeded, then waits for the word to go on its stdin: its Functions emulator then
// registers its triggers with a Firestore that answers, and the catalogue's photos fire no function.
if (process.env.FIREBASE_TOOLS_WAIT_FOR_GO === '1') {
  require('firebase-tools/lib/emulator/controller.js');
  await new Promise((resolve) => {
    process.stdin.once('data', resolve);
    process.stdin.once('end', resolve);
  });
  process.stdin.destroy();
}
