/**
 * Google's rules compiler has the last word on the shop's firestore.rules: no errors and no warnings; and the
 * warning it gave the rules before (a function given null where it reads a map's field) our emulator's upload
 * answers the same way, word for word.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { useFirestoreEmulator } from '../../emulators/src/testing/firestore-emulator.js';
import { loadGoogleRules } from '../support/google-firestore';

const google = inject('googleFirestore');
const [host, port] = (google ?? ':').split(':');
const referee = { host: host!, port: Number(port) };

// What firestore.rules said before: a product's create passed null where the function reads a map's field.
const NULL_FOR_A_MAP = [
  "rules_version = '2';",
  'service cloud.firestore {',
  '  match /databases/{database}/documents {',
  '    function isValid(product, before) {',
  '      return product.stock <= 100 || (before != null && product.stock <= before.stock);',
  '    }',
  '    match /products/{id} {',
  '      allow create: if isValid(request.resource.data, null);',
  '      allow update: if isValid(request.resource.data, resource.data);',
  '    }',
  '  }',
  '}',
].join('\n');

/** The body of a rules upload's answer. */
async function upload(address: { host: string; port: number }, project: string, content: string) {
  const response = await fetch(
    `http://${address.host}:${address.port}/emulator/v1/projects/${project}:securityRules`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: 'f.rules', content }] } }),
    },
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

describe.skipIf(!google)("Google's rules compiler", () => {
  const ours = useFirestoreEmulator();

  it('compiles firestore.rules with no warnings and no errors', async () => {
    const source = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    expect(await loadGoogleRules(referee, 'demo-rules-compiler', 'firestore.rules', source)).toEqual([]);
  });

  it("warns where the shop's rules once gave null for a map, and our emulator answers the upload the same", async () => {
    expect(await loadGoogleRules(referee, 'demo-rules-warning', 'f.rules', NULL_FOR_A_MAP)).toEqual([
      {
        line: 8,
        column: 55,
        description: 'Invalid type. Received one of [null]. Expected one of [map].',
        severity: 'WARNING',
      },
    ]);
    const theirs = await upload(referee, 'demo-rules-warning', NULL_FOR_A_MAP);
    expect(
      await upload({ host: '127.0.0.1', port: ours().port }, 'demo-rules-warning', NULL_FOR_A_MAP),
    ).toEqual(theirs);
  });
});
