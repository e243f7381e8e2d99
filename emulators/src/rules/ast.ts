/**
 * The syntax tree produced by rules.peggy. Literal nodes already carry runtime values
 * (see values.ts), so the interpreter never looks at source text again.
 */
import type { Value } from './values.js';

export type MatchSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'var'; name: string }
  /** `{name=**}`: binds the rest of the path (zero or more segments in v2, one or more in v1). */
  | { kind: 'rest'; name: string };

export type RuleMethod = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowNode {
  kind: 'allow';
  methods: RuleMethod[];
  /** null for a bare `allow read;`, which always grants. */
  condition: Expr | null;
  line: number;
}

export interface LetNode {
  name: string;
  value: Expr;
}

export interface FunctionNode {
  kind: 'function';
  name: string;
  params: string[];
  lets: LetNode[];
  body: Expr;
  line: number;
}

export interface MatchNode {
  kind: 'match';
  path: MatchSegment[];
  items: BlockItem[];
  line: number;
}

export type BlockItem = MatchNode | AllowNode | FunctionNode;

export interface ServiceNode {
  name: string;
  items: BlockItem[];
  line: number;
}

export interface RulesFileNode {
  version: '1' | '2';
  service: ServiceNode;
}

/** A place in the source: 1-based line and column, 0-based offsets of its first and last character. */
export interface SourcePosition {
  line: number;
  column: number;
  offset: number;
  end: number;
}

/** A path literal segment: text and `$(expr)` parts that are concatenated. */
export type PathSegmentNode = Array<string | Expr>;

export type Expr =
  /** `at`: where a `null` literal stands (type-warnings.ts names it, as Google's compiler does). */
  | { k: 'lit'; v: Value; at?: SourcePosition }
  | { k: 'id'; name: string }
  | { k: 'list'; items: Expr[] }
  | { k: 'map'; entries: Array<{ key: Expr; value: Expr }> }
  | { k: 'path'; segments: PathSegmentNode[] }
  | { k: 'member'; target: Expr; name: string }
  | { k: 'index'; target: Expr; index: Expr }
  | { k: 'slice'; target: Expr; from: Expr | null; to: Expr | null }
  | { k: 'call'; name: string; args: Expr[]; line: number }
  | { k: 'method'; target: Expr; name: string; args: Expr[]; line: number }
  | { k: 'not'; operand: Expr }
  | { k: 'neg'; operand: Expr }
  | { k: 'and'; left: Expr; right: Expr }
  | { k: 'or'; left: Expr; right: Expr }
  | { k: 'binary'; op: BinaryOp; left: Expr; right: Expr; line: number }
  | { k: 'is'; value: Expr; type: string }
  | { k: 'cond'; test: Expr; then: Expr; otherwise: Expr; line: number };

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%' | 'in';
