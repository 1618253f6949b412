import type { ReactNode } from 'react';
import type { Expression, Node, Program } from 'estree';

/**
 * MDX content names components (`<Tabs>`) and values (`{frontMatter.title}`, `style={{…}}`)
 * in JavaScript. Content is never run as code: what a page may name is looked up here, in
 * a scope of plain values (the components, the page's front matter and toc, its
 * `export const`s), and only expressions made of literals, names, member access, operators
 * on plain values and conditions are evaluated. The load stage reports everything else with its place in the file; should
 * anything else still arrive here it renders as nothing, never as text.
 */
export type Scope = Record<string, unknown>;

/** Where an import is written (line and column in the file), for messages about what it names. */
type Place = { line: number; column: number };
/** What a name an MDX file imports stands for. Files are relative to the site folder. */
/** A component's `file` is relative to the site folder, or a package's name as imported (`package: true`: from the site's node_modules). */
/**
 * A `file` is imported for its URL (an image, a video, a download), as Docusaurus's file
 * loaders give it: the name is that URL, or with `namespace` (`import * as x`, `require(…)`)
 * a module whose `default` is. `source` is the path as the content writes it. A `raw` file
 * is imported for its text (`import Source from '!!raw-loader!./example.js'`, as Docusaurus
 * sites show code from files): the name is the text, or with `namespace` a module whose
 * `default` is.
 */
export type Binding =
  | { kind: 'theme'; name: string }
  | ({ kind: 'partial'; file: string } & Place)
  | ({ kind: 'component'; file: string; exportName: string; package?: true; /** Defined by the page itself (`file` is the page): its module is MdxData.module. */ inline?: true } & Place)
  | ({ kind: 'file'; file: string; source: string; namespace?: true } & Place)
  | ({ kind: 'raw'; file: string; namespace?: true } & Place);

/** What a page's content imports and exports, as the render stage gets it (partials loaded, their links resolved). */
export interface ContentImports {
  /** `export const` values. */
  values?: Record<string, unknown>;
  bindings?: Record<string, Binding>;
  /** The partials it imports, by the local name each is imported as. */
  partials?: Record<string, ContentImports & { tree: import('hast').Root }>;
}

/** An evaluater for hast-util-to-jsx-runtime over a scope. */
export function scopeEvaluater(scope: Scope): () => { evaluateExpression(expression: Expression): unknown; evaluateProgram(program: Program): unknown } {
  return () => ({
    evaluateExpression: (expression) => evaluate(expression, scope),
    // `import` and `export` statements were read by the load stage; nothing to do here.
    evaluateProgram: () => undefined,
  });
}

/** A component the page names that nobody provides: its children, shown as they are. */
export function MissingComponent({ children }: { children?: ReactNode }): ReactNode {
  return children ?? null;
}

/** Functions content may call: helpers the theme provides, pure by construction. */
const PURE_HELPERS = new WeakSet<object>();

/** Marks a function content may call in its expressions (it must have no effects). */
export function pureHelper<T extends (...args: never[]) => unknown>(fn: T): T {
  PURE_HELPERS.add(fn);
  return fn;
}

/** Operators of two values, on strings, numbers, booleans, null and undefined only (an object's would run its valueOf or toString). */
const BINARY: Record<string, (a: never, b: never) => unknown> = {
  '+': (a, b) => (a as number) + (b as number),
  '-': (a, b) => (a as number) - (b as number),
  '*': (a, b) => (a as number) * (b as number),
  '/': (a, b) => (a as number) / (b as number),
  '%': (a, b) => (a as number) % (b as number),
  '**': (a, b) => (a as number) ** (b as number),
  '==': (a, b) => a == b,
  '!=': (a, b) => a != b,
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};
const UNARY = new Set(['-', '+', '!', 'typeof']);
const isPrimitive = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol' && typeof value !== 'bigint');

const PURE_ARRAY_METHODS = new Set(['slice', 'concat', 'at', 'join', 'includes', 'indexOf']);
const PURE_STRING_METHODS = new Set(['slice', 'toUpperCase', 'toLowerCase', 'trim', 'at', 'includes', 'startsWith', 'endsWith', 'padStart', 'padEnd', 'replace']);

/** The value of an expression made of literals, names in `scope` and pure methods; `undefined` for anything else. */
export function evaluate(node: Node, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal':
      return 'regex' in node && node.regex ? undefined : node.value;
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      // An unknown capitalised name is a component nobody provides.
      return Object.hasOwn(scope, node.name) ? scope[node.name] : /^[A-Z]/.test(node.name) ? MissingComponent : undefined;
    case 'TemplateLiteral':
      return node.quasis.map((q, i) => (q.value.cooked ?? '') + (i < node.expressions.length ? String(evaluate(node.expressions[i]!, scope) ?? '') : '')).join('');
    case 'ArrayExpression':
      return node.elements.map((e) => (e && e.type !== 'SpreadElement' ? evaluate(e, scope) : undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const prop of node.properties) {
        if (prop.type !== 'Property' || prop.kind !== 'init') continue;
        const key = prop.computed ? evaluate(prop.key, scope) : prop.key.type === 'Identifier' ? prop.key.name : (prop.key as { value?: unknown }).value;
        out[String(key)] = evaluate(prop.value, scope);
      }
      return out;
    }
    case 'MemberExpression': {
      const object = evaluate(node.object, scope);
      const key = node.computed ? evaluate(node.property, scope) : node.property.type === 'Identifier' ? node.property.name : undefined;
      if (object === null || object === undefined || (typeof object !== 'object' && typeof object !== 'function')) return undefined;
      return Object.hasOwn(object, String(key)) ? (object as Record<string, unknown>)[String(key)] : undefined;
    }
    case 'UnaryExpression': {
      const value = evaluate(node.argument, scope);
      if (node.operator === '-') return -(value as number);
      if (node.operator === '+') return +(value as number);
      if (node.operator === '!') return !value;
      if (node.operator === 'typeof') return typeof value;
      return undefined;
    }
    case 'BinaryExpression': {
      const operate = Object.hasOwn(BINARY, node.operator) ? BINARY[node.operator]! : undefined;
      if (!operate || node.left.type === 'PrivateIdentifier') return undefined;
      const [left, right] = [evaluate(node.left, scope), evaluate(node.right, scope)];
      return isPrimitive(left) && isPrimitive(right) ? operate(left as never, right as never) : undefined;
    }
    case 'LogicalExpression': {
      const left = evaluate(node.left, scope);
      if (node.operator === '&&') return left ? evaluate(node.right, scope) : left;
      if (node.operator === '||') return left ? left : evaluate(node.right, scope);
      return left ?? evaluate(node.right, scope);
    }
    case 'ConditionalExpression':
      return evaluate(node.test, scope) ? evaluate(node.consequent, scope) : evaluate(node.alternate, scope);
    case 'ChainExpression':
      return evaluate(node.expression, scope);
    case 'CallExpression': {
      // A helper the theme provides as a pure function (`useBaseUrl('/img/x.png')`).
      if (node.callee.type === 'Identifier') {
        const helper = Object.hasOwn(scope, node.callee.name) ? scope[node.callee.name] : undefined;
        if (typeof helper !== 'function' || !PURE_HELPERS.has(helper)) return undefined;
        return (helper as (...a: unknown[]) => unknown)(...node.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : evaluate(a, scope))));
      }
      // Pure methods of arrays and strings only (`toc.slice(1)`, `title.toUpperCase()`).
      if (node.callee.type !== 'MemberExpression' || node.callee.computed || node.callee.property.type !== 'Identifier') return undefined;
      const target = evaluate(node.callee.object, scope);
      const method = node.callee.property.name;
      const args = node.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : evaluate(a, scope)));
      if (Array.isArray(target) && PURE_ARRAY_METHODS.has(method)) return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
      if (typeof target === 'string' && PURE_STRING_METHODS.has(method)) return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
      return undefined;
    }
    case 'JSXEmptyExpression' as never:
      return undefined;
    default:
      return undefined;
  }
}

/**
 * The first part of an expression `evaluate` would not compute (a function, an operator it
 * does not know, a name not in `names`), for the load stage to report with its place; or
 * undefined when the whole expression is computable. Mirrors `evaluate` case by case.
 */
export function unsupportedPart(node: Node, names: ReadonlySet<string>, helpers: ReadonlySet<string> = new Set()): Node | undefined {
  const first = (nodes: (Node | null | undefined)[]) => {
    for (const n of nodes) {
      const bad = n ? unsupportedPart(n, names, helpers) : undefined;
      if (bad) return bad;
    }
    return undefined;
  };
  switch (node.type) {
    case 'Literal':
      return 'regex' in node && node.regex ? node : undefined;
    case 'Identifier':
      return node.name === 'undefined' || names.has(node.name) ? undefined : node;
    case 'TemplateLiteral':
      return first(node.expressions);
    case 'ArrayExpression':
      return node.elements.find((e) => e?.type === 'SpreadElement') ?? first(node.elements as Node[]);
    case 'ObjectExpression':
      for (const prop of node.properties) {
        if (prop.type !== 'Property' || prop.kind !== 'init') return prop;
        const bad = (prop.computed ? unsupportedPart(prop.key, names, helpers) : undefined) ?? unsupportedPart(prop.value, names, helpers);
        if (bad) return bad;
      }
      return undefined;
    case 'MemberExpression':
      return unsupportedPart(node.object, names, helpers) ?? (node.computed ? unsupportedPart(node.property, names, helpers) : undefined);
    case 'UnaryExpression':
      return UNARY.has(node.operator) ? unsupportedPart(node.argument, names, helpers) : node;
    case 'BinaryExpression':
      return Object.hasOwn(BINARY, node.operator) && node.left.type !== 'PrivateIdentifier' ? first([node.left, node.right]) : node;
    case 'LogicalExpression':
      return first([node.left, node.right]);
    case 'ConditionalExpression':
      return first([node.test, node.consequent, node.alternate]);
    case 'ChainExpression':
      return unsupportedPart(node.expression, names, helpers);
    case 'CallExpression': {
      const callee = node.callee;
      if (callee.type === 'Identifier') return helpers.has(callee.name) ? (node.arguments.find((a) => a.type === 'SpreadElement') ?? first(node.arguments as Node[])) : node;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return node;
      if (!PURE_ARRAY_METHODS.has(callee.property.name) && !PURE_STRING_METHODS.has(callee.property.name)) return node;
      return unsupportedPart(callee.object, names, helpers) ?? node.arguments.find((a) => a.type === 'SpreadElement') ?? first(node.arguments as Node[]);
    }
    default:
      return node;
  }
}
