import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import npmToYarn from 'npm-to-yarn';
import type { Npm2YarnOptions } from '../scan.ts';
import { walk, PHRASING_PARENTS } from './walk.ts';
import { attribute } from './jsxElement.ts';

/** npm-to-yarn's types describe a CommonJS module (its package.json has no "type"); Node and esbuild load its ES module, whose default is the function. */
const convert = npmToYarn as unknown as (command: string, to: 'yarn' | 'pnpm' | 'bun') => string;

/** What a converter's tab is called, as Docusaurus's plugin labels it (npm and the others by their names). */
const LABELS: Record<string, string> = { yarn: 'Yarn' };

/**
 * Docusaurus's @docusaurus/remark-plugin-npm2yarn, done here (markdown.npm2yarn, which a
 * Docusaurus config's remarkPlugins turn on, installed or not): a code block whose meta is
 * `npm2yarn` (```bash npm2yarn) becomes the theme's `<Tabs>` (`groupId="npm2yarn"` with
 * `sync`, so one choice holds for every such block and is remembered) with a `<TabItem>`
 * for npm, holding the block as written, then one per converter holding the command as
 * npm-to-yarn writes it for that package manager (the library the plugin uses). The
 * elements are the ones `:::tabs` makes (tabs.ts); each block keeps the fence's place.
 */
export function remarkNpm2Yarn() {
  return (tree: Root, file: VFile) => {
    const options = file.data.npm2yarn as Npm2YarnOptions | undefined;
    if (!options) return;
    walk(tree as never, (any, index, parent) => {
      if (PHRASING_PARENTS.has(any.type)) return false;
      const node = any as unknown as Code;
      if (node.type !== 'code' || node.meta?.trim() !== 'npm2yarn') return;
      const tab = (value: string, code: string): MdxJsxFlowElement => ({
        type: 'mdxJsxFlowElement',
        name: 'TabItem',
        attributes: [attribute('value', value), attribute('label', LABELS[value] ?? value)],
        children: [{ type: 'code', lang: node.lang, value: code, position: node.position }],
        position: node.position,
      });
      const tabs: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'Tabs',
        attributes: options.sync ? [attribute('groupId', 'npm2yarn')] : [],
        children: [tab('npm', node.value), ...options.converters.map((to) => tab(to, convert(node.value, to)))],
        position: node.position,
      };
      (parent as unknown as { children: unknown[] }).children[index] = tabs;
    });
  };
}
