/**
 * Regular expressions for string.matches/split/replace. Rules use RE2 syntax; JavaScript's engine
 * accepts the subset people write in rules (classes, groups, quantifiers, anchors), so patterns are
 * compiled once and cached rather than pulling in an RE2 binding.
 */
import { fail } from './errors.js';

const cache = new Map<string, RegExp>();

export function compileRegex(pattern: string, wholeString: boolean, flags = ''): RegExp {
  const key = `${wholeString ? 'F' : 'P'}${flags}:${pattern}`;
  let re = cache.get(key);
  if (!re) {
    try {
      // matches() must match the entire string, as RE2 FullMatch does.
      re = new RegExp(wholeString ? `^(?:${pattern})$` : pattern, `u${flags}`);
    } catch {
      return fail(`Invalid regular expression: ${pattern}`);
    }
    cache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}
