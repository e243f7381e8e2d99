/**
 * Synthetic documents for the engine's scale tests and benches: ~15 fields each (strings, integers, timestamps)
 * and a `terms` array of up to 15 short strings, as a search field holds them. Deterministic: every run makes
 * the same documents.
 */
import type { DocumentJson, Value } from '../firestore/types.js';

const STATES = ['new', 'open', 'held', 'done', 'closed'];
const PLACES = ['north', 'south', 'east', 'west', 'centre', 'harbour', 'hill', 'river'];
const WORDS = ['amber', 'basil', 'cedar', 'delta', 'ember', 'fable', 'grove', 'haven', 'iris', 'juniper'];
const BASE_MS = Date.UTC(2026, 0, 1);

/** Deterministic pseudo-random numbers, so every run makes the same documents. */
export function random(seed: number): () => number {
  // Small seeds (a document's number) would start xorshift on tiny outputs: mix the seed first, then skip a few.
  let s = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0 || 1;
  for (let i = 0; i < 4; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
  }
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

/** Document `i` of `count` in `collection`: created one minute apart, by 500 owners (or count/20, if fewer). */
export function syntheticDocument(
  database: string,
  i: number,
  count: number,
  collection = 'records',
): DocumentJson {
  const next = random(i + 1);
  const owners = Math.max(1, Math.min(500, Math.floor(count / 20)));
  const owner = Math.floor(next() * owners);
  const title = `${WORDS[owner % WORDS.length]} ${WORDS[(owner * 7) % WORDS.length]}`;
  const place = PLACES[owner % PLACES.length];
  const created = new Date(BASE_MS + i * 60_000 + Math.floor(next() * 1000)).toISOString();
  const amount = 200 + Math.floor(next() * 2000);
  const str = (stringValue: string): Value => ({ stringValue });
  const int = (n: number): Value => ({ integerValue: String(n) });
  const terms = new Set<string>();
  for (const word of [...title.split(' '), place, `item${i}`])
    for (let k = 2; k <= Math.min(word.length, 4); k++) terms.add(word.slice(0, k));
  return {
    name: `${database}/documents/${collection}/doc${String(i).padStart(7, '0')}`,
    fields: {
      owner: str(`owner${String(owner).padStart(5, '0')}`),
      state: str(STATES[Math.floor(next() * STATES.length)]),
      created_at: { timestampValue: created },
      updated_at: { timestampValue: created },
      title: str(title),
      code: str(String(10_000_000 + owner * 7919)),
      note: str(`Row ${1 + Math.floor(next() * 99)}, shelf ${1 + Math.floor(next() * 30)}, ${place}`),
      place: str(place),
      kind: str(WORDS[Math.floor(next() * WORDS.length)]),
      count: int(1 + Math.floor(next() * 5)),
      amount: int(amount),
      extra: int(60),
      total: int(amount + 60),
      flag: { booleanValue: next() < 0.7 },
      terms: { arrayValue: { values: [...terms].slice(0, 15).map(str) } },
    },
    createTime: created,
    updateTime: created,
  };
}
