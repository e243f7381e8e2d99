/**
 * Shares repeated values among a database's stored documents: one frozen object per short string, integer,
 * boolean and null, so a million orders with the same status hold one "pending" between them.
 */
import type { Value } from './types.js';

const MAX_INTERNED_LENGTH = 64;
export const NULL_VALUE: Value = Object.freeze({ nullValue: null });
export const TRUE_VALUE: Value = Object.freeze({ booleanValue: true });
export const FALSE_VALUE: Value = Object.freeze({ booleanValue: false });

/**
 * Shares the leaf values many documents repeat (a status, a district, a customer id, a search term), so 100,000
 * orders hold each once instead of once per order. Shared values are frozen: stored values are never changed in
 * place (a write clones the fields it changes), and a frozen one would throw rather than change every document.
 * Up to `capacity` distinct strings and integers are kept; past that, new values are stored unshared.
 */
export class ValueInterner {
  private readonly strings = new Map<string, Value>();
  private readonly integers = new Map<string, Value>();

  constructor(private readonly capacity = 500_000) {}

  string(text: string): Value {
    const shared = this.strings.get(text);
    if (shared) return shared;
    const value: Value = { stringValue: text };
    if (text.length <= MAX_INTERNED_LENGTH && this.room()) this.strings.set(text, Object.freeze(value));
    return value;
  }

  /** `text`: a canonical integerValue. */
  integer(text: string): Value {
    const shared = this.integers.get(text);
    if (shared) return shared;
    const value: Value = { integerValue: text };
    if (this.room()) this.integers.set(text, Object.freeze(value));
    return value;
  }

  /**
   * The fields with every shareable leaf replaced by its shared copy; the same object when every leaf already is
   * (fields normalized with this interner), so storing them again allocates nothing.
   */
  fields(fields: Record<string, Value>): Record<string, Value> {
    let out: Record<string, Value> | undefined;
    const names = Object.keys(fields);
    for (let i = 0; i < names.length; i++) {
      const value = fields[names[i]];
      const shared = this.value(value);
      if (shared !== value && !out) {
        out = {};
        for (let j = 0; j < i; j++) out[names[j]] = fields[names[j]];
      }
      if (out) out[names[i]] = shared;
    }
    return out ?? fields;
  }

  value(value: Value): Value {
    if ('stringValue' in value) return this.strings.get(value.stringValue) ?? this.string(value.stringValue);
    if ('integerValue' in value) {
      const text = String(value.integerValue);
      return this.integers.get(text) ?? this.integer(text);
    }
    if ('booleanValue' in value) return value.booleanValue ? TRUE_VALUE : FALSE_VALUE;
    if ('nullValue' in value) return NULL_VALUE;
    if ('arrayValue' in value) {
      const values = value.arrayValue.values;
      if (values === undefined) return value;
      let out: Value[] | undefined;
      for (let i = 0; i < values.length; i++) {
        const shared = this.value(values[i]);
        if (shared !== values[i] && !out) out = values.slice(0, i);
        if (out) out.push(shared);
      }
      return out ? { arrayValue: { values: out } } : value;
    }
    if ('mapValue' in value) {
      const fields = value.mapValue.fields;
      if (fields === undefined) return value;
      const shared = this.fields(fields);
      return shared === fields ? value : { mapValue: { fields: shared } };
    }
    return value;
  }

  clear(): void {
    this.strings.clear();
    this.integers.clear();
  }

  /** The shared values, as a start snapshot saves them (./persistence/start-snapshot.ts). */
  shared(): { strings: Value[]; integers: Value[] } {
    return { strings: [...this.strings.values()], integers: [...this.integers.values()] };
  }

  /**
   * Takes `shared()` of a saved interner back, the documents restored with it still pointing at these very
   * objects, so storing them needs no lookups (DatabaseState.putShared).
   */
  adopt({ strings, integers }: { strings: Value[]; integers: Value[] }): void {
    for (const value of strings) {
      if (!this.room()) break;
      this.strings.set((value as { stringValue: string }).stringValue, Object.freeze(value));
    }
    for (const value of integers) {
      if (!this.room()) break;
      this.integers.set(String((value as { integerValue: string }).integerValue), Object.freeze(value));
    }
  }

  private room(): boolean {
    return this.strings.size + this.integers.size < this.capacity;
  }
}
