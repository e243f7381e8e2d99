import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateProtoTypes } from './generate.js';

describe('the Firestore message types', () => {
  it('are what the protos the server loads generate today (else run npm run generate:proto-types -w emulators)', async () => {
    const regenerated = await generateProtoTypes();
    expect(regenerated).toContain('export interface CommitRequest {');
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(regenerated);
  });
});
