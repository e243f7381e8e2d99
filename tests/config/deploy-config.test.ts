/**
 * `firebase deploy` must work with the repository's configuration as it is. Deploying needs a real project and
 * the network, so this checks what firebase-tools itself checks first: firebase.json against firebase-tools' own
 * schema validator, the files it names, a Cloud Functions runtime Google accepts, and the indexes the queries need.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));

/**
 * Cloud Functions runtimes this repository may deploy to: those firebase-tools 15.34.2 lists as generally
 * available whose decommission date (firebase-tools' RUNTIMES) is not yet near — nodejs20 left on 2026-10-30.
 * Pinned instead of compared with today's date, so the suite never fails one morning with no change to the code.
 * Revisit when firebase-tools is upgraded.
 */
const SUPPORTED_RUNTIMES = ['nodejs22', 'nodejs24'];

interface Validator {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

describe('the deploy configuration', () => {
  it('passes firebase-tools’ own firebase.json validation', () => {
    const { getValidator } = require('firebase-tools/lib/firebaseConfigValidate.js') as {
      getValidator(): Validator;
    };
    const validate = getValidator();
    const valid = validate(firebaseJson);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('sends /, product pages and the sitemap to the pages function and CSP reports to theirs, before the app shell’s catch-all', () => {
    const rewrites = firebaseJson.hosting.rewrites as {
      source: string;
      function?: unknown;
      destination?: string;
    }[];
    const pages = { functionId: 'pages', region: 'us-central1' };
    expect(rewrites).toEqual([
      { source: '/', function: pages },
      { source: '/p/**', function: pages },
      { source: '/sitemap.xml', function: pages },
      { source: '/csp-report', function: { functionId: 'cspReport', region: 'us-central1' } },
      { source: '**', destination: '/shell.html' },
    ]);
    expect(readFileSync(join(root, 'functions/src/index.ts'), 'utf8')).toMatch(
      /export const pages = onRequest\(/,
    );
    // The HTML rule's `no-cache` must not reach the function's answers, whose s-maxage lets Hosting's CDN keep them.
    const html = firebaseJson.hosting.headers.find((rule: { regex?: string }) => rule.regex);
    const noCache = new RegExp(html.regex);
    for (const path of ['/auth', '/orders', '/products', '/p', '/shell.html'])
      expect(noCache.test(path), path).toBe(true);
    for (const path of ['/', '/p/x', '/p/%E0%A6%86', '/sitemap.xml', '/assets/a.js'])
      expect(noCache.test(path), path).toBe(false);
  });

  it('names rules, indexes and sources that exist', () => {
    const storage = Array.isArray(firebaseJson.storage) ? firebaseJson.storage : [firebaseJson.storage];
    const functions = Array.isArray(firebaseJson.functions)
      ? firebaseJson.functions
      : [firebaseJson.functions];
    const files = [
      firebaseJson.firestore.rules,
      firebaseJson.firestore.indexes,
      ...storage.map((s: { rules: string }) => s.rules),
      ...functions.map((f: { source: string }) => join(f.source, 'package.json')),
    ];
    for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
    expect(firebaseJson.hosting.public).toBe('dist');
    // `firebase deploy` builds what it publishes: dist/ is never deployed stale or missing.
    expect(firebaseJson.hosting.predeploy).toEqual(['npm run build']);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.build).toBe('vite build');
  });

  it('deploys the functions on a Node.js runtime Google accepts, and bundles them for it', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'functions/package.json'), 'utf8'));
    const runtime = `nodejs${pkg.engines.node}`;
    expect(SUPPORTED_RUNTIMES, runtime).toContain(runtime);
    // The allow-list agrees with the firebase-tools this repository pins: a firebase-tools upgrade that drops
    // one of these runtimes from GA fails here, on the day of the upgrade rather than on a calendar date.
    const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as {
      RUNTIMES: Record<string, { status: string }>;
    };
    for (const supported of SUPPORTED_RUNTIMES) expect(RUNTIMES[supported]?.status, supported).toBe('GA');
    expect(pkg.main).toBe('lib/index.js');
    expect(pkg.scripts.build).toBeTruthy();
    // esbuild's target is the same Node.js major, so the bundle uses nothing the runtime lacks.
    const build = readFileSync(join(root, 'functions/build.mjs'), 'utf8');
    expect(build).toMatch(new RegExp(`target: 'node${pkg.engines.node}'`));
  });

  it('lists the indexes the shop’s queries need in production, field by field in order', () => {
    const { indexes } = JSON.parse(readFileSync(join(root, firebaseJson.firestore.indexes), 'utf8')) as {
      indexes: {
        collectionGroup: string;
        queryScope: string;
        fields: { fieldPath: string; order: string }[];
      }[];
    };
    const asc = (fieldPath: string) => ({ fieldPath, order: 'ASCENDING' });
    const desc = (fieldPath: string) => ({ fieldPath, order: 'DESCENDING' });
    const needed = {
      // Storefront: is_active == true, stock_quantity > 0, orderBy created_at desc. Equality fields come first,
      // then the explicit order, then the inequality field, which Firestore orders in the last order's direction.
      products: [asc('is_active'), desc('created_at'), desc('stock_quantity')],
      // My orders: user_id == uid, orderBy created_at desc.
      orders: [asc('user_id'), desc('created_at')],
    };
    for (const [collectionGroup, fields] of Object.entries(needed))
      expect(indexes).toContainEqual({ collectionGroup, queryScope: 'COLLECTION', fields });
  });
});
