/**
 * `firebase deploy` must work with the repository's configuration as it is. Deploying needs a real project and
 * the network, so this checks what firebase-tools itself checks first: firebase.json against firebase-tools' own
 * schema validator, the files it names, and a Cloud Functions runtime Google still accepts today.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));

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
  });

  it('deploys the functions on a Node.js runtime that is not decommissioned', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'functions/package.json'), 'utf8'));
    const runtime = `nodejs${pkg.engines.node}`;
    const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as {
      RUNTIMES: Record<string, { decommissionDate: string; status: string }>;
    };
    expect(RUNTIMES[runtime], runtime).toBeDefined();
    expect(new Date(RUNTIMES[runtime].decommissionDate).getTime()).toBeGreaterThan(Date.now());
    expect(pkg.main).toBe('lib/index.js');
    expect(pkg.scripts.build).toBeTruthy();
  });

  it('lists the indexes the shop’s queries need in production', () => {
    const indexes = JSON.parse(readFileSync(join(root, firebaseJson.firestore.indexes), 'utf8')) as {
      indexes: { collectionGroup: string; fields: { fieldPath: string }[] }[];
    };
    const fieldsOf = (collection: string) =>
      indexes.indexes
        .filter((i) => i.collectionGroup === collection)
        .map((i) => i.fields.map((f) => f.fieldPath));
    // Storefront: is_active == true, stock_quantity > 0, newest first.
    expect(fieldsOf('products')).toContainEqual(
      expect.arrayContaining(['is_active', 'created_at', 'stock_quantity']),
    );
    // My orders: user_id == uid, newest first.
    expect(fieldsOf('orders')).toContainEqual(expect.arrayContaining(['user_id', 'created_at']));
  });
});
