/**
 * What JSX an MDX document's finished content tree holds: its elements' names (each once;
 * null for a fragment) and whether it holds an expression, in text or in an attribute.
 * Read where the tree is made (loadDocument.ts), so later stages that ask (may a page show
 * its category's doc cards? pageInputs.ts) do not read the tree again: a big site's trees
 * are parsed at each read (compactTree.ts), and a build with a build cache asked of every
 * document (2,000 docs: 0.5 s on the main thread before the first page rendered).
 */
export interface ContentJsx {
  elements: (string | null)[];
  expressions: boolean;
}

type JsxNode = { type: string; name?: unknown; attributes?: { value?: unknown }[]; children?: unknown[] };

export function contentJsx(tree: { type: string; children?: unknown[] }): ContentJsx {
  const elements = new Set<string | null>();
  let expressions = false;
  const walk = (node: JsxNode): void => {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') expressions = true;
    // An attribute's expression may hold an element too.
    else if (node.attributes?.some((a) => a.value !== null && a.value !== undefined && typeof a.value !== 'string')) expressions = true;
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') elements.add(typeof node.name === 'string' ? node.name : null);
    for (const child of node.children ?? []) walk(child as JsxNode);
  };
  walk(tree);
  return { elements: [...elements], expressions };
}
