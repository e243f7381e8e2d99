/**
 * What firebase-tools-fast-start.mjs changes in firebase-tools' process, checked in a Node process that preloads
 * it as firebase-tools' does (FIREBASE_TOOLS_PRELOADS' second file).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PRELOAD = pathToFileURL(
  fileURLToPath(new URL('./firebase-tools-fast-start.mjs', import.meta.url)),
).href;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs CommonJS `code` in a Node process with the preload, from the repository's root; returns its stdout. */
function withPreload(code: string): string {
  return execFileSync(process.execPath, ['--import', PRELOAD, '--eval', code], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

// An API whose one response schema ajv cannot compile ("strin" is no type): exegesis throws while building the
// middleware when it compiles every schema up front, and only on a request when it compiles on first use.
const UNCOMPILABLE_SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/x': {
      get: {
        'x-exegesis-controller': 'c',
        operationId: 'x',
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'strin' } } } },
        },
      },
    },
  },
});

describe("firebase-tools' faster start", () => {
  it("has the Auth emulator's API compile each schema when a request needs it, not all at start", () => {
    const built = withPreload(`
      const req = require('node:module').createRequire(require.resolve('firebase-tools/package.json'));
      req('exegesis-express')
        .middleware(${UNCOMPILABLE_SPEC}, { controllers: { c: { x: () => ({}) } }, validateDefaultResponses: true })
        .then(() => console.log('built'), (error) => console.log('compiled at start: ' + error.message));
    `);
    expect(built.trim()).toBe('built');
  });

  it('asks the npm registry for no newer firebase-functions before loading the functions', () => {
    const latest = withPreload(`
      const versioning = require('firebase-tools/lib/deploy/functions/runtimes/node/versioning.js');
      console.log(JSON.stringify({ latest: versioning.getLatestSDKVersion() ?? null }));
    `);
    expect(JSON.parse(latest)).toEqual({ latest: null });
  });
});
