import type { Nodes, Root } from 'hast';
import type { Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import { evaluate, type ContentImports, type Scope } from '../../runtime/contentScope.ts';
import { HIGHLIGHT_BUDGET, highlightedCodeBlock } from '../content/markdown/codeBlock.ts';
import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from '../content/markdown/magicComments.ts';
import { attribute as jsxAttribute } from '../content/markdown/jsxElement.ts';

/**
 * Docusaurus sites write code in MDX as `<CodeBlock language="js" title="a.js">{`…`}</CodeBlock>`
 * or `<CodeBlock className="language-ts">{Example}</CodeBlock>` (Example imported through
 * raw-loader), and Docusaurus draws them exactly as the fenced block ` ```js title="a.js" `:
 * its CodeBlock takes a string child for the code. Only here, at render, are the values such
 * a child names known (`export const`s, raw-loader files), so here each becomes the fenced
 * block's tree, highlighted by the same function (codeBlock.ts), before React sees it:
 * - the element is a flow `<CodeBlock>` (or the local name `@theme/CodeBlock` is imported
 *   as; not a `CodeBlock` the page imports from elsewhere) with no spread attribute;
 * - its children, evaluated as the render evaluates them, are strings and numbers only
 *   (a JSX text, `{`…`}`, `{'…'}`, a name whose value is a string), joined as Docusaurus's
 *   CodeBlock joins them; anything else (an element, a value only the browser knows) leaves
 *   the element to the theme's CodeBlock, which draws the text plain in a `<pre>`;
 * - as Docusaurus's CodeBlockString reads its props: the language from `language`, else
 *   the `language-x` class; `metastring` read as a fence's meta (`{1,3} title=x`), its title
 *   over `title`, `showLineNumbers` (any truthy value; a number's start line is not drawn) over
 *   its `showLineNumbers`; other classes kept; one trailing newline of the code dropped.
 * The page's blocks share one HIGHLIGHT_BUDGET of their own. Pure; the tree is not changed:
 * nodes on the way to a change are copied, the rest is shared with the document.
 */
export function stringCodeBlocks(tree: Root, imports: ContentImports | undefined, options: { frontMatter?: Record<string, unknown>; magicComments?: readonly MagicComment[] }): Root {
  if (!imports) return tree;
  const names = codeBlockNames(imports);
  // What the render's evaluation sees of plain values (runtime/entry-server.tsx contentElement).
  const scope: Scope = { ...(options.frontMatter ? { frontMatter: options.frontMatter } : {}), ...imports.values };
  const magicComments = options.magicComments ?? DEFAULT_MAGIC_COMMENTS;
  let budget = HIGHLIGHT_BUDGET;

  const codeBlockOf = (element: MdxJsxFlowElementHast): MdxJsxFlowElementHast | undefined => {
    const value = stringChild(element.children, scope);
    if (value === undefined) return undefined;
    const props: Record<string, unknown> = {};
    for (const attribute of element.attributes) {
      if (attribute.type !== 'mdxJsxAttribute') return undefined;
      props[attribute.name] = attributeValue(attribute, scope);
    }
    const className = typeof props.className === 'string' ? props.className : '';
    const language = typeof props.language === 'string' ? props.language : /(?:^|\s)language-(\S+)/.exec(className)?.[1];
    const block = highlightedCodeBlock(
      {
        lang: language?.toLowerCase(),
        meta: typeof props.metastring === 'string' ? props.metastring : undefined,
        value: value.replace(/\n$/, ''),
        title: typeof props.title === 'string' ? props.title : undefined,
        showLineNumbers: props.showLineNumbers === undefined ? undefined : Boolean(props.showLineNumbers),
      },
      { magicComments, budget },
    );
    budget -= block.highlighted;
    // The theme's CodeBlock adds the language's class itself.
    const classes = className.split(/\s+/).filter((name) => name && !name.startsWith('language-'));
    const attributes = [...block.element.attributes, ...(classes.length ? [jsxAttribute('className', classes.join(' '))] : [])];
    return { ...block.element, name: element.name, attributes, position: element.position };
  };

  const visit = (node: Nodes): Nodes => {
    if (!('children' in node) || (node.type === 'element' && node.tagName === 'pre')) return node;
    if (node.type === 'mdxJsxFlowElement' && node.name !== null && names.has(node.name)) {
      const block = codeBlockOf(node);
      if (block) return block;
    }
    let children: Nodes[] | undefined;
    node.children.forEach((child, i) => {
      const next = visit(child);
      if (next !== child) (children ??= node.children.slice())[i] = next;
    });
    return children ? ({ ...node, children } as Nodes) : node;
  };
  return visit(tree) as Root;
}

/** The names the theme's CodeBlock goes by on the page: as imported from `@theme/CodeBlock`, and `CodeBlock` itself unless imported from elsewhere. */
function codeBlockNames(imports: ContentImports): Set<string> {
  const bindings = imports.bindings ?? {};
  const names = new Set(Object.entries(bindings).flatMap(([local, binding]) => (binding.kind === 'theme' && binding.name === 'CodeBlock' ? [local] : [])));
  if (!Object.hasOwn(bindings, 'CodeBlock')) names.add('CodeBlock');
  return names;
}

/** The children's text, when every child is known to be a string or a number; undefined otherwise. */
function stringChild(children: MdxJsxFlowElementHast['children'], scope: Scope): string | undefined {
  let text = '';
  let any = false;
  for (const child of children) {
    let value: unknown;
    if (child.type === 'text') value = child.value;
    else if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
      const program = child.data?.estree as Program | null | undefined;
      const statement = program?.body[0];
      // A comment (`{/* … */}`) draws nothing.
      if (program && program.body.length === 0) continue;
      if (statement?.type !== 'ExpressionStatement') return undefined;
      value = evaluate(statement.expression, scope);
    } else return undefined;
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return undefined;
    text += String(value);
    any = true;
  }
  return any ? text : undefined;
}

/** An attribute's value as the component gets it: `true` when written bare, an expression's value when the render can evaluate it. */
function attributeValue(attribute: MdxJsxAttribute, scope: Scope): unknown {
  if (attribute.value === null || attribute.value === undefined) return true;
  if (typeof attribute.value === 'string') return attribute.value;
  const statement = (attribute.value.data?.estree as Program | null | undefined)?.body[0];
  return statement?.type === 'ExpressionStatement' ? evaluate(statement.expression, scope) : undefined;
}
