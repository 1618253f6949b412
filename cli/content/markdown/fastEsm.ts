import type { Program } from 'estree';
import type { Point } from 'unist';
import { MdxCodeParser } from './acornParser.ts';

/**
 * An MDX import/export block's program as micromark-extension-mdxjs-esm 3.0.0 and
 * micromark-util-events-to-acorn make it, for the fast parser: parsed by the same acorn
 * (acornParser.ts) with the same options, names imported by earlier blocks declared first
 * (`var a,b`, then dropped), parentheses unwrapped, and every node and comment placed in the
 * file. The block is one run of lines at the document's top level, so the file's offsets map
 * straight to its points. Undefined for code micromark would reject or read otherwise (its
 * message and place are micromark's to give).
 */
export function esmProgram(text: string, start: number, end: number, moduleSpecifiers: string[], point: (offset: number) => Point): Program | undefined {
  const source = text.slice(start, end);
  const prefix = moduleSpecifiers.length > 0 ? 'var ' + moduleSpecifiers.join(',') + '\n' : '';
  const comments: unknown[] = [];
  let estree: Program & { comments?: unknown[] };
  try {
    estree = MdxCodeParser.parse(prefix + source, { ecmaVersion: 2024, sourceType: 'module', locations: true, onComment: comments as never, preserveParens: true }) as unknown as Program;
  } catch {
    return undefined;
  }
  estree.comments = comments as never;
  const place = (acornOffset: number) => point(start + Math.min(Math.max(acornOffset - prefix.length, 0), source.length));
  fixPositions(estree, place);
  if (prefix) estree.body.shift();
  for (const node of estree.body) {
    if (!ALLOWED.has(node.type)) return undefined;
    if (node.type === 'ImportDeclaration') for (const specifier of node.specifiers) moduleSpecifiers.push(specifier.local.name);
  }
  return estree;
}

const ALLOWED = new Set(['ExportAllDeclaration', 'ExportDefaultDeclaration', 'ExportNamedDeclaration', 'ImportDeclaration']);

type EsNode = { type: string; start: number; end: number; loc?: unknown; range?: unknown; expression?: EsNode } & Record<string, unknown>;

/**
 * An MDX expression's program (`{…}` in text or on its own line, or an attribute's value), as
 * micromark-factory-mdx-expression makes it through events-to-acorn: `source` runs from `start`
 * (after the `{`) on one line. Undefined where acorn does not read it as one expression (then
 * micromark goes on to the next `}`).
 */
export function expressionProgram(text: string, start: number, end: number, allowEmpty: boolean, point: (offset: number) => Point): Program | undefined {
  const source = text.slice(start, end);
  if (!mayBeWhole(source)) return undefined;
  const comments: unknown[] = [];
  const options = { ecmaVersion: 2024 as const, sourceType: 'module' as const, onComment: comments as never, preserveParens: true };
  let estree: Program & { comments?: unknown[] };
  try {
    if (isEmpty(source)) {
      if (!allowEmpty) return undefined;
      estree = MdxCodeParser.parse(source, options) as unknown as Program;
    } else {
      const expression = MdxCodeParser.parseExpressionAt(source, 0, options) as unknown as { end: number };
      if (!isEmpty(source.slice(expression.end))) return undefined;
      estree = { type: 'Program', start: 0, end: source.length, body: [{ type: 'ExpressionStatement', expression, start: 0, end: source.length }], sourceType: 'module', comments: [] } as unknown as Program;
    }
  } catch {
    return undefined;
  }
  estree.comments = comments as never;
  fixPositions(estree, (offset) => point(start + Math.min(Math.max(offset, 0), source.length)));
  return estree;
}

/**
 * False where acorn surely fails `code`: it ends in a string, or with a `{` not closed. Only
 * code without `/`, `` ` `` and `<` is judged (regular expressions, comments, templates and JSX
 * text read quotes and braces otherwise); other code may be whole. micromark tries acorn at
 * each `}` in turn, and a failed parse costs as much as a good one (an error with its stack):
 * `{"}}}…"}` tried it at every `}` in the string (512 KB of such attributes: 5.8 s of CPU).
 */
function mayBeWhole(code: string): boolean {
  if (/[/`<]/.test(code)) return true;
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 123) depth++;
    else if (c === 125) depth--;
  }
  return quote === 0 && depth <= 0;
}

/** Only whitespace and comments (events-to-acorn's `empty`). */
function isEmpty(value: string): boolean {
  return /^\s*$/.test(value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ''));
}

/** estree-util-visit's walk (own fields but `data` and `position`, arrays of nodes), as events-to-acorn fixes each node on it. */
function fixPositions(root: unknown, place: (offset: number) => Point): void {
  const stack: { node: EsNode; parent?: Record<string, unknown> | unknown[]; key?: string | number }[] = [{ node: root as EsNode }];
  while (stack.length > 0) {
    const { node, parent, key } = stack.pop()!;
    if (node.type === 'ParenthesizedExpression' && parent && key !== undefined) (parent as Record<string | number, unknown>)[key] = node.expression;
    const start = place(node.start);
    const end = place(node.end);
    node.start = start.offset!;
    node.end = end.offset!;
    node.loc = { start: { line: start.line, column: start.column - 1, offset: start.offset }, end: { line: end.line, column: end.column - 1, offset: end.offset } };
    node.range = [node.start, node.end];
    const children: typeof stack = [];
    for (const field in node) {
      if (!Object.hasOwn(node, field) || field === 'data' || field === 'position') continue;
      const value = node[field];
      if (!value || typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (isNode(item)) children.push({ node: item, parent: value, key: index });
        });
      } else if (isNode(value)) children.push({ node: value, parent: node, key: field });
    }
    // Depth first, in field order (the order does not change the result, only keeps the walk's).
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

function isNode(value: unknown): value is EsNode {
  return !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' && (value as { type: string }).type.length > 0;
}
