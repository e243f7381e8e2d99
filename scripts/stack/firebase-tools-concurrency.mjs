// @ts-check
/**
 * Preloaded into firebase-tools' process (`node --import`, by ./firebase-tools.ts) beside its other preloads.
 * It lets the Functions emulator serve a 2nd-gen function's concurrent calls in one worker, as production does.
 *
 * firebase-tools' Functions emulator gives every call its own worker (a Node process that loads the whole
 * functions bundle) and sends a worker one call at a time: calls that arrive together each start a process
 * (up to FUNCTIONS_EMULATOR_PARALLEL, default 50, at once; the rest queue). A live sale of 100 orders started
 * 50 processes on a 2-core machine and answered in 35 s (median). Production runs a 2nd-gen function (Cloud
 * Run) with a concurrency of 80 calls per instance by default; firebase-tools reads no concurrency setting.
 * Here a worker of a 2nd-gen function takes up to 80 calls at once (the runtime in the worker is an Express
 * server, which serves them side by side); a 1st-gen function keeps one call per worker, as in production.
 *
 * Each patch checks that what it wraps is there, so a firebase-tools upgrade that moves it fails loudly here.
 * ONE_CALL_PER_WORKER=1 in the environment leaves firebase-tools as it is (`npm run bench:sale -- --compare`
 * measures both). Findings and numbers: emulators/docs/functions-concurrency.md.
 */
import { createRequire } from 'node:module';
import process from 'node:process';

/** Production's default concurrency of a 2nd-gen function (Cloud Run, one vCPU or more). */
const GEN2_CONCURRENCY = 80;

if (process.env.ONE_CALL_PER_WORKER !== '1') allowConcurrentCalls();

function allowConcurrentCalls() {
  const fromFirebaseTools = createRequire(
    createRequire(import.meta.url).resolve('firebase-tools/package.json'),
  );
  const workers = fromFirebaseTools('./lib/emulator/functionsRuntimeWorker.js');
  const { RuntimeWorker, RuntimeWorkerPool, RuntimeWorkerState } = workers;

  /** @param {any} prototype @param {string} name @param {string} owner */
  function wrapped(prototype, name, owner) {
    if (typeof prototype?.[name] !== 'function') {
      throw new Error(`firebase-tools-concurrency: ${owner} no longer has ${name}()`);
    }
    return /** @type {(...args: any[]) => any} */ (prototype[name]);
  }

  if (RuntimeWorkerState?.BUSY !== 'BUSY' || RuntimeWorkerState?.IDLE !== 'IDLE') {
    throw new Error('firebase-tools-concurrency: RuntimeWorkerState no longer has IDLE and BUSY');
  }

  /** Calls in flight per worker, and how many it may take: kept beside the worker, not on it. */
  const inFlight = new WeakMap();
  const capacity = new WeakMap();

  const addWorker = wrapped(RuntimeWorkerPool.prototype, 'addWorker', 'RuntimeWorkerPool');
  RuntimeWorkerPool.prototype.addWorker = function (/** @type {any} */ trigger, ...rest) {
    const worker = addWorker.call(this, trigger, ...rest);
    capacity.set(worker, trigger?.platform === 'gcfv2' ? GEN2_CONCURRENCY : 1);
    return worker;
  };

  const request = wrapped(RuntimeWorker.prototype, 'request', 'RuntimeWorker');
  RuntimeWorker.prototype.request = function (...args) {
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    /** @type {Promise<void>} */
    const done = request.apply(this, args);
    return done.finally(() => {
      const left = inFlight.get(this) - 1;
      inFlight.set(this, left);
      // The first call to finish marks the worker IDLE while others still run: it stays BUSY until the last.
      if (left > 0 && this.state === RuntimeWorkerState.IDLE) this.state = RuntimeWorkerState.BUSY;
    });
  };

  const getIdleWorker = wrapped(RuntimeWorkerPool.prototype, 'getIdleWorker', 'RuntimeWorkerPool');
  const getTriggerWorkers = wrapped(RuntimeWorkerPool.prototype, 'getTriggerWorkers', 'RuntimeWorkerPool');
  RuntimeWorkerPool.prototype.getIdleWorker = function (
    /** @type {string} */ triggerId,
    /** @type {any} */ runtime,
  ) {
    const idle = getIdleWorker.call(this, triggerId, runtime);
    if (idle) return idle;
    // A busy worker with room for one more call serves it, as a Cloud Run instance below its concurrency does.
    return getTriggerWorkers
      .call(this, triggerId, runtime)
      .find(
        (/** @type {any} */ worker) =>
          worker.state === RuntimeWorkerState.BUSY &&
          (inFlight.get(worker) ?? 0) < (capacity.get(worker) ?? 1),
      );
  };
}
