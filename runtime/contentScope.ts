import { Fragment } from 'react';
import type { Expression, Node, Program } from 'estree';

/**
 * MDX content names components (`<Tabs>`) and values (`{frontMatter.title}`, `style={{…}}`)
 * in JavaScript. Content is never run as code: what a page may name is looked up here, in
 * a scope of plain values (the components, the page's front matter and toc, its
 * `export const`s), and only expressions made of literals, names and member access are
 * evaluated. The load stage reports everything else with its place in the file; should
 * anything else still arrive here it renders as nothing, never as text.
 */
export type Scope = Record<string, unknown>;

/** An evaluater for hast-util-to-jsx-runtime over a scope. */
export function scopeEvaluater(scope: Scope): () => { evaluateExpression(expression: Expression): unknown; evaluateProgram(program: Program): unknown } {
  return () => ({
    evaluateExpression: (expression) => evaluate(expression, scope),
    // `import` and `export` statements were read by the load stage; nothing to do here.
    evaluateProgram: () => undefined,
  });
}

/** A component the page names that nobody provides: its children, shown as they are. */
export function MissingComponent({ children }: { children?: unknown }) {
  return Fragment({ children: children as never });
}

const PURE_ARRAY_METHODS = new Set(['slice', 'concat', 'at', 'join', 'includes', 'indexOf']);
const PURE_STRING_METHODS = new Set(['slice', 'toUpperCase', 'toLowerCase', 'trim', 'at', 'includes', 'startsWith', 'endsWith', 'padStart', 'padEnd', 'replace']);

function evaluate(node: Node, scope: Scope): unknown {
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
      return undefined;
    }
    case 'ChainExpression':
      return evaluate(node.expression, scope);
    case 'CallExpression': {
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
