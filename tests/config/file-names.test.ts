/**
 * One naming rule for the web app and the emulator console (ARCHITECTURE.md): kebab-case modules named for what they
 * hold, so `UserList.tsx` beside `user-list.ts` cannot happen, and a file's name says the same on every system.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const misnamed = (dir: string) =>
  sourceFiles(join(root, dir)).filter((path) => !KEBAB.test(path.split('/').pop() ?? ''));

describe('file names', () => {
  it('tell a misnamed file apart (the check itself)', () => {
    expect(
      ['ErrorNote.tsx', 'use_live.ts', 'error-note.tsx', 'use-live.test.ts'].map((n) => KEBAB.test(n)),
    ).toEqual([false, false, true, true]);
  });

  it('are kebab-case in the web app and in the emulator console', () => {
    expect(sourceFiles(join(root, 'emulators/console-app/src')).length).toBeGreaterThan(10);
    expect([...misnamed('src'), ...misnamed('emulators/console-app/src')]).toEqual([]);
  });
});
