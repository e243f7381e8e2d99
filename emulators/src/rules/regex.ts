/**
 * Regular expressions for string.matches/split/replace with RE2's semantics, as production evaluates them:
 * re2js is a pure-JavaScript port of RE2, so a pattern RE2 rejects (backreferences, lookaround, possessive
 * quantifiers) is an error in `matches()` here too, and the rest match exactly as they will after deploy.
 */
import { RE2JS } from 're2js';
import { fail } from './errors.js';

const cache = new Map<string, RE2JS>();

function compile(pattern: string): RE2JS {
  let re = cache.get(pattern);
  if (!re) {
    try {
      re = RE2JS.compile(pattern);
    } catch (error) {
      return fail(
        `Invalid regular expression: ${pattern} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (cache.size > 1_000) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

/** `matches()`: RE2 FullMatch, the whole string. */
export function fullMatch(pattern: string, text: string): boolean {
  return compile(pattern).matcher(text).matches();
}

/** `split()`: every piece, empty ones included. */
export function splitAll(pattern: string, text: string): string[] {
  return compile(pattern).split(text, -1);
}

/**
 * `replace()`: every match, the replacement in RE2's rewrite syntax (`\1`…`\9` a group, `\0` the match,
 * `\\` a backslash); `$` has no special meaning.
 */
export function replaceAll(pattern: string, text: string, rewrite: string): string {
  return compile(pattern)
    .matcher(text)
    .replaceAll((...args: unknown[]) => expandRewrite(rewrite, args));
}

function expandRewrite(rewrite: string, args: unknown[]): string {
  // The replacer gets (match, group1, …, groupN, offset, input) like String.prototype.replace.
  const groups = args.slice(
    0,
    args.findIndex((a) => typeof a === 'number'),
  );
  return rewrite.replace(/\\(\d|\\)/g, (_m, ref: string) => {
    if (ref === '\\') return '\\';
    const index = Number(ref);
    if (index >= groups.length) fail(`Invalid rewrite: \\${ref} names a group the pattern does not have`);
    return typeof groups[index] === 'string' ? groups[index] : '';
  });
}
