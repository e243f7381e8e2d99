/**
 * Match blocks compiled into a tree, and the walk that finds every block whose full path matches a
 * request path (production ORs the allows of all of them).
 */
import type { AllowNode, BlockItem, FunctionNode, MatchSegment } from './ast.js';
import { RulesSyntaxError } from './errors.js';
import { RulesPath, type Value } from './values.js';

export interface MatchTree {
  segments: MatchSegment[];
  allows: AllowNode[];
  functions: ReadonlyMap<string, FunctionNode> | null;
  children: MatchTree[];
}

export function buildMatchTree(segments: MatchSegment[], items: BlockItem[], fileName: string): MatchTree {
  const functions = new Map<string, FunctionNode>();
  const allows: AllowNode[] = [];
  const children: MatchTree[] = [];
  for (const item of items) {
    if (item.kind === 'allow') allows.push(item);
    else if (item.kind === 'match') {
      if (item.path.filter((s) => s.kind === 'rest').length > 1) {
        throw new RulesSyntaxError([
          {
            file: fileName,
            line: item.line,
            column: 1,
            message: 'A match path may contain at most one {name=**}.',
          },
        ]);
      }
      children.push(buildMatchTree(item.path, item.items, fileName));
    } else {
      if (functions.has(item.name)) {
        throw new RulesSyntaxError([
          {
            file: fileName,
            line: item.line,
            column: 1,
            message: `Function ${item.name}() is declared twice here.`,
          },
        ]);
      }
      functions.set(item.name, item);
    }
  }
  return { segments, allows, functions: functions.size ? functions : null, children };
}

/**
 * Stands for the unknown path above a collection-group query's collection: only a recursive wildcard
 * (`{path=**}`) can match it, so a group query is allowed only by rules written for the group.
 */
export const ANY_PARENT_SEGMENTS = '\u0000**';

/** Receives each way a block's pattern consumed the request path; returning true stops the search. */
export interface MatchVisitor {
  onMatch(end: number, bindings: Map<string, Value>): boolean;
}

/**
 * Calls `visitor.onMatch` for every way `pattern` can consume `path` from `start`, with the wildcards
 * it binds. Stops (and returns true) as soon as onMatch returns true.
 */
export function matchSegments(
  pattern: MatchSegment[],
  path: readonly string[],
  start: number,
  recursiveMatchesEmpty: boolean,
  visitor: MatchVisitor,
): boolean {
  return step(pattern, 0, path, start, recursiveMatchesEmpty, new Map(), visitor);
}

function step(
  pattern: MatchSegment[],
  i: number,
  path: readonly string[],
  pos: number,
  recursiveMatchesEmpty: boolean,
  bindings: Map<string, Value>,
  visitor: MatchVisitor,
): boolean {
  if (i === pattern.length) return visitor.onMatch(pos, new Map(bindings));
  const segment = pattern[i];
  if (segment.kind === 'rest') {
    // v2: {rest=**} matches zero or more segments; v1: one or more.
    for (let end = path.length; end >= pos + (recursiveMatchesEmpty ? 0 : 1); end--) {
      bindings.set(segment.name, new RulesPath(path.slice(pos, end)));
      if (step(pattern, i + 1, path, end, recursiveMatchesEmpty, bindings, visitor)) return true;
    }
    bindings.delete(segment.name);
    return false;
  }
  if (pos >= path.length || path[pos] === ANY_PARENT_SEGMENTS) return false;
  if (segment.kind === 'literal') {
    return (
      segment.text === path[pos] &&
      step(pattern, i + 1, path, pos + 1, recursiveMatchesEmpty, bindings, visitor)
    );
  }
  bindings.set(segment.name, path[pos]);
  return step(pattern, i + 1, path, pos + 1, recursiveMatchesEmpty, bindings, visitor);
}
