import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { walk, PHRASING_PARENTS } from './walk.ts';

/**
 * `::::tabs{groupId="lang"}` holding `:::tab{label="curl" value="curl"}` blocks → an ARIA
 * tab list with one panel per tab. The first tab (or the one marked `default`) is
 * selected in the HTML; the runtime restores the reader's choice for the group.
 * Without JavaScript every panel shows, one under the other.
 */
export function remarkTabs() {
  return (tree: Root, file: VFile) => {
    let count = 0;
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
      const base = `tabs-${++count}`;
      const values = tabs.map((tab, i) => tab.attributes?.value || tab.attributes?.label || `tab-${i + 1}`);
      const selected = Math.max(0, tabs.findIndex((tab) => tab.attributes && 'default' in tab.attributes));
      const groupId = node.attributes?.groupId ?? undefined;
      const buttons = tabs.map((tab, i) => ({
        type: 'paragraph' as const,
        data: {
          hName: 'button',
          hProperties: {
            type: 'button',
            role: 'tab',
            id: `${base}-tab-${i}`,
            ariaControls: `${base}-panel-${i}`,
            ariaSelected: i === selected ? 'true' : 'false',
            tabIndex: i === selected ? 0 : -1,
            className: ['tabs__item'],
            dataValue: values[i],
          },
        },
        children: [{ type: 'text' as const, value: tab.attributes?.label || values[i]! }],
      }));
      const panels = tabs.map((tab, i) => {
        tab.data = {
          hName: 'div',
          hProperties: {
            role: 'tabpanel',
            id: `${base}-panel-${i}`,
            ariaLabelledBy: [`${base}-tab-${i}`],
            className: ['tabs__panel'],
            dataValue: values[i],
            hidden: i !== selected,
          },
        };
        return tab;
      });
      node.data = {
        hName: 'div',
        hProperties: { className: ['tabs-container'], dataGroupId: groupId },
      };
      node.children = [
        { type: 'paragraph', data: { hName: 'div', hProperties: { role: 'tablist', ariaOrientation: 'horizontal', className: ['tabs'] } }, children: buttons as never },
        ...panels,
      ] as ContainerDirective['children'];
    });
  };
}
