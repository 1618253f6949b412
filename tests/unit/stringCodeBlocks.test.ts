import { describe, expect, it } from 'vitest';
import { parse as parseJs } from 'acorn';
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { stringCodeBlocks } from '../../cli/render/stringCodeBlocks.ts';
import { HIGHLIGHT_BUDGET } from '../../cli/content/markdown/codeBlock.ts';
import type { ContentImports } from '../../runtime/contentScope.ts';

/** `{code}` as the MDX parser leaves it: its text and its estree. */
const expression = (code: string) => ({ type: 'mdxFlowExpression', value: code, data: { estree: parseJs(code, { ecmaVersion: 'latest', sourceType: 'module' }) } });
const attr = (name: string, value: string | null | { expression: string }) =>
  typeof value === 'object' && value !== null
    ? { type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: value.expression, data: { estree: parseJs(value.expression, { ecmaVersion: 'latest' }) } } }
    : { type: 'mdxJsxAttribute', name, value };
const element = (name: string, attributes: object[], children: object[]) => ({ type: 'mdxJsxFlowElement', name, attributes, children });
const root = (...children: object[]) => ({ type: 'root', children }) as Root;
const imports = (values: Record<string, unknown> = {}, bindings: ContentImports['bindings'] = {}): ContentImports => ({ values, bindings, partials: {} });
const pre = (tree: Root, at = 0) => (tree.children[at] as unknown as { children: Element[] }).children[0]!;
const codeOf = (tree: Root, at = 0) => pre(tree, at).children[0] as Element;
const textOf = (node: Element): string => node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? textOf(c) : '')).join('');

describe('stringCodeBlocks', () => {
  it('draws the local name @theme/CodeBlock is imported as, and leaves a CodeBlock the page imports from elsewhere', () => {
    const tree = root(element('Code', [attr('language', 'js')], [expression("'x()'")]), element('CodeBlock', [attr('language', 'js')], [expression("'y()'")]));
    const out = stringCodeBlocks(tree, imports({}, { Code: { kind: 'theme', name: 'CodeBlock' }, CodeBlock: { kind: 'component', file: 'src/CodeBlock.jsx', exportName: 'default', line: 1, column: 1 } }), {});
    expect(pre(out).tagName).toBe('pre');
    expect((out.children[0] as unknown as { name: string }).name).toBe('Code');
    expect(out.children[1]).toBe(tree.children[1]);
  });

  it('leaves the element, and the tree, as they are when a child is not known to be a string', () => {
    for (const child of [expression('unknownName'), expression('Component'), expression('{ a: 1 }'), { type: 'element', tagName: 'em', properties: {}, children: [] }]) {
      const tree = root(element('CodeBlock', [attr('language', 'js')], [child]));
      expect(stringCodeBlocks(tree, imports(), {})).toBe(tree);
    }
    // A spread attribute may say anything about the block.
    const spread = root(element('CodeBlock', [{ type: 'mdxJsxExpressionAttribute', value: '...p', data: {} }], [expression("'a'")]));
    expect(stringCodeBlocks(spread, imports(), {})).toBe(spread);
  });

  it('joins strings and numbers, reads evaluated attributes and drops one trailing newline', () => {
    const tree = root(element('CodeBlock', [attr('language', { expression: 'lang' }), attr('showLineNumbers', { expression: 'false' }), attr('className', 'language-ts wide')], [expression('head'), { type: 'text', value: ' = ' }, expression('2'), expression('`;\n\n`')]));
    const out = stringCodeBlocks(tree, imports({ lang: 'JS', head: 'const x' }), {});
    const code = codeOf(out);
    expect(code.properties.className).toEqual(['language-js']);
    // One newline dropped: the empty line the author wrote stays.
    expect(textOf(code)).toBe('const x = 2;\n');
    expect((out.children[0] as unknown as { attributes: unknown[] }).attributes).toEqual([attr('language', 'js'), attr('className', 'wide')]);
  });

  it('reads front matter, and shares one highlight budget among the page’s blocks', () => {
    // Two characters of the budget left after the first block (its last newline is dropped).
    const big = 'x;\n'.repeat(Math.floor(HIGHLIGHT_BUDGET / 3));
    const tree = root(element('CodeBlock', [attr('language', 'js')], [expression('big')]), element('CodeBlock', [attr('language', 'js')], [expression('frontMatter.code')]));
    const out = stringCodeBlocks(tree, imports({ big }), { frontMatter: { code: 'let a = 1;\nlet b = 2;' } });
    expect(toHtml(pre(out, 0))).toContain('class="token');
    // Past the budget: plain, each line still its own span.
    const second = codeOf(out, 1);
    expect(toHtml(second)).not.toContain('class="token ');
    expect(second.children).toHaveLength(2);
  });
});
