/**
 * What makes `npm start` ready in under 5 s: firebase-tools (the slowest to start) is launched before this process
 * loads the heavy code, so the two load side by side. The shop's module itself must stay light.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The npm packages loaded (CommonJS ones, in require.cache) by importing `module` in a fresh Node process. */
function packagesLoadedBy(module: string): string[] {
  const code = `
    await import(${JSON.stringify(module)});
    const { createRequire } = await import('node:module');
    const files = Object.keys(createRequire(import.meta.url).cache);
    const names = files.map((file) => file.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1]).filter(Boolean);
    console.log(JSON.stringify([...new Set(names)]));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', code], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

describe("the local shop's module", () => {
  it("loads neither firebase-admin nor gRPC until firebase-tools is launched (they load in start's steps)", () => {
    const loaded = packagesLoadedBy('./scripts/stack/shop.ts');
    expect(loaded).not.toContain('firebase-admin');
    expect(loaded).not.toContain('@grpc/grpc-js');
    expect(loaded).not.toContain('@google-cloud/firestore');
  });

  it('sees them where they are loaded: the seed module', () => {
    expect(packagesLoadedBy('./scripts/seed/seed-demo-data.ts')).toEqual(
      expect.arrayContaining(['firebase-admin', '@google-cloud/firestore']),
    );
  });
});
