import { Parser, type Node as AcornNode, type Options } from 'acorn';
import acornJsx from 'acorn-jsx';
import { IndexedList } from './linearLookups.ts';

/** Levels of estree a page's code may nest: far more than any real expression, far fewer than overflow the stack (a chain of 2,500 `.b` did). */
export const MAX_CODE_DEPTH = 500;

/** What the parser throws for code nested deeper than MAX_CODE_DEPTH: an acorn error, so micromark reports it at `pos`. */
export class CodeTooDeepError extends SyntaxError {
  readonly code = 'mdx-code-too-deep';
  constructor(
    readonly pos: number,
    readonly raisedAt = pos,
  ) {
    super('The code nests too deep');
  }
}

type Scope = { var: string[]; lexical: string[]; functions: string[] };

/**
 * The parser remark-mdx gives micromark for expressions, JSX attributes and imports/exports
 * (its own default: acorn with JSX), with two changes:
 * - each scope's lists of declared names are indexed (see linearLookups.ts): acorn asks
 *   them at every declaration, and an import/export block is one program, so 40,000
 *   `export const` took 14.7 s; acorn reads them only with `indexOf`, `push` and `[0]`;
 * - code nested deeper than MAX_CODE_DEPTH is an error at its place instead of a tree:
 *   every later step (micromark's position fix-up, the content checks, the copy into hast,
 *   the render) walks the tree recursively, and would overflow the stack with no place.
 *   Acorn itself running out of stack (a few thousand brackets) is the same error.
 */
export class MdxCodeParser extends Parser.extend(acornJsx()) {
  static override parse(input: string, options: Options) {
    return guarded(() => super.parse(input, options), 0);
  }

  static override parseExpressionAt(input: string, pos: number, options: Options) {
    return guarded(() => super.parseExpressionAt(input, pos, options), pos);
  }

  enterScope(flags: number): void {
    (Parser.prototype as unknown as { enterScope(this: unknown, flags: number): void }).enterScope.call(this, flags);
    const stack = (this as unknown as { scopeStack: Scope[] }).scopeStack;
    const scope = stack[stack.length - 1]!;
    scope.var = new IndexedList();
    scope.lexical = new IndexedList();
    scope.functions = new IndexedList();
  }
}

function guarded<T extends AcornNode>(parse: () => T, start: number): T {
  let tree: T;
  try {
    tree = parse();
  } catch (error) {
    // Acorn reports its own overflow ("Not enough stack space…", at the place it got to);
    // a RangeError is one it did not catch.
    if (error instanceof RangeError) throw new CodeTooDeepError(start);
    if (error instanceof SyntaxError && /^Not enough stack space/.test(error.message)) throw new CodeTooDeepError((error as SyntaxError & { pos?: number }).pos ?? start);
    throw error;
  }
  const deep = deeperThan(tree, MAX_CODE_DEPTH);
  if (deep) throw new CodeTooDeepError(deep.start);
  return tree;
}

/** The first node deeper than `max` levels below `root`, found without recursion. */
function deeperThan(root: AcornNode, max: number): AcornNode | undefined {
  const stack: [AcornNode, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return node;
    for (const key in node) {
      if (key === 'loc' || key === 'range') continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const item of value) if (item && typeof (item as AcornNode).type === 'string') stack.push([item as AcornNode, depth + 1]);
      } else if (value && typeof value === 'object' && typeof (value as AcornNode).type === 'string') stack.push([value as AcornNode, depth + 1]);
    }
  }
  return undefined;
}
