import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';

/**
 * An SVG file as site code imports it: a React component, as Docusaurus's SVGR loader
 * makes it (`import Logo from './logo.svg'`, `require('./x.svg').default`, and the older
 * `{ ReactComponent }`), drawing the file's `<svg>` with the props it is given on top of
 * the file's own attributes, and SVGR's `title` and `titleId`.
 *
 * The file is parsed as HTML parses an inline `<svg>` (parse5, which gives SVG attributes
 * their case: `viewBox`); the root's attributes become React props as content's do
 * (hast-util-to-jsx-runtime), and what is inside it is kept as markup: the same bytes on
 * the server and in the browser, so the island hydrates without comparing it.
 * Returns the module's code, or undefined when the file holds no `<svg>` element.
 */
export function svgComponentModule(text: string): string | undefined {
  const tree = fromHtml(text, { fragment: true, space: 'svg' });
  const svg = findSvg(tree);
  if (!svg) return undefined;
  const props = rootProps(svg);
  const inner = toHtml({ type: 'root', children: svg.children }, { space: 'svg' });
  return [
    "import { createElement } from 'react';",
    `const props = ${JSON.stringify(props)};`,
    `const inner = ${JSON.stringify(inner)};`,
    "const escape = (value) => String(value).replace(/[&<>\"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\"': '&quot;' })[c]);",
    'function Svg({ title, titleId, children, ...rest }) {',
    "  const heading = title === undefined || title === null ? '' : `<title${titleId ? ` id=\"${escape(titleId)}\"` : ''}>${escape(title)}</title>`;",
    "  return createElement('svg', { ...props, ...(titleId ? { 'aria-labelledby': titleId } : {}), ...rest, dangerouslySetInnerHTML: { __html: heading + inner } });",
    '}',
    'export default Svg;',
    'export { Svg as ReactComponent };',
    '',
  ].join('\n');
}

function findSvg(tree: Root): Element | undefined {
  for (const node of tree.children) if (node.type === 'element' && node.tagName === 'svg') return node;
  return undefined;
}

/** The root element's attributes as React props (`stroke-width` → `strokeWidth`, `class` → `className`, a style string → an object). */
function rootProps(svg: Element): Record<string, unknown> {
  let props: Record<string, unknown> = {};
  // (It wraps what it made in a Fragment last: only the element's own call is the one.)
  const capture = (type: unknown, given: Record<string, unknown>) => {
    if (type === 'svg') props = given;
    return null;
  };
  toJsxRuntime({ ...svg, children: [] }, { Fragment: 'fragment', jsx: capture as never, jsxs: capture as never, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom', space: 'svg' });
  const { children: _children, ...attributes } = props;
  return attributes;
}
