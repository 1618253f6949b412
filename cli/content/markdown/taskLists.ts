import type { Root, Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk, isComponent } from './walk.ts';

/**
 * GFM task lists render read-only checkboxes with no label, which screen readers announce
 * as an unnamed control: each one is named after its item's text.
 */
export function rehypeTaskListLabels() {
  return (tree: Root) => {
    walk(tree as never, (any) => {
      if (any.type !== 'element') return isComponent(any);
      const li = any as unknown as Element;
      if (li.tagName === 'pre') return false;
      if (li.tagName !== 'li' || !(li.properties.className as string[] | undefined)?.includes('task-list-item')) return;
      const box = li.children.find((c): c is Element => c.type === 'element' && c.tagName === 'input') ??
        li.children.flatMap((c) => (c.type === 'element' && c.tagName === 'p' ? c.children : [])).find((c): c is Element => c.type === 'element' && c.tagName === 'input');
      if (!box) return;
      const text = toString({ ...li, children: li.children.filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol'))) }).trim();
      box.properties.ariaLabel = text || 'Task';
    });
  };
}
