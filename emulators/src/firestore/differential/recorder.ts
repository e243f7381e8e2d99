/**
 * Runs the corpus against a fresh emulator of ours and returns its answers. Commit times need no normalising:
 * Date.now is frozen during the run, so the commit clock counts microseconds from a fixed instant and every
 * timestamp is reproducible.
 */
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import { startFirestoreEmulator } from '../server.js';
import { runCorpusAt, type RecordedAnswer } from './run.js';

/** 2026-01-01T00:00:00Z: every commit time is this plus a count of microseconds. */
export const FROZEN_NOW = Date.UTC(2026, 0, 1);

/** The shop's rules, as deployed (the repository's firestore.rules). */
export const shopRules = (): string =>
  readFileSync(new URL('../../../../firestore.rules', import.meta.url), 'utf8');

export async function recordAnswers(): Promise<RecordedAnswer[]> {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(FROZEN_NOW);
  const emulator = await startFirestoreEmulator({ port: 0 });
  try {
    return await runCorpusAt(emulator.port, shopRules());
  } finally {
    await emulator.stop();
    clock.mockRestore();
  }
}

/** The golden file's text: one answer per entry, stable formatting. */
export const goldenText = (answers: RecordedAnswer[]): string => `${JSON.stringify(answers, null, 1)}\n`;
