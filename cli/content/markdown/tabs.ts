import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { walk, PHRASING_PARENTS } from './walk.ts';
import { attribute, toJsxElement } from './jsxElement.ts';

/**
 * `::::tabs{groupId="lang"}` holding `:::tab{label="curl" value="curl" default}` blocks →
 * the theme's `<Tabs groupId>` with a `<TabItem value label default>` each: the same
 * elements MDX authors write. Without JavaScript every panel shows, one under the other.
 */
export function remarkTabs() {
  return (tree: Root, file: VFile) => {
    walk(tree as never, (any) => {
      if (PHRASING_PARENTS.has(any.type)) return false;
      if (any.type !== 'containerDirective') return;
      const node = any as unknown as ContainerDirective;
      if (node.name !== 'tabs') return;
      const tabs = node.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
      if (tabs.length === 0 || tabs.length !== node.children.length) {
        file.message('A ":::tabs" block must hold only ":::tab" blocks (at least one).', node).ruleId = 'invalid-tabs';
        return;
      }
      tabs.forEach((tab, i) => {
        const a = tab.attributes ?? {};
        const value = a.value || a.label || `tab-${i + 1}`;
        toJsxElement(tab, 'TabItem', [attribute('value', value), attribute('label', a.label || value), ...('default' in a ? [attribute('default', null)] : [])], tab.children);
      });
      const groupId = node.attributes?.groupId;
      toJsxElement(node, 'Tabs', groupId ? [attribute('groupId', groupId)] : [], node.children);
    });
  };
}
