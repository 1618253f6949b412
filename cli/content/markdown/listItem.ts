import type { List, ListItem, Parents } from 'mdast';
import type { Element } from 'hast';
import type { State } from 'mdast-util-to-hast';
import { defaultHandlers } from 'remark-rehype';

const looseLists = new WeakMap<List, boolean>();

/**
 * mdast-util-to-hast's own list item handler, with the list's looseness computed once per
 * list. The default asks, for every item, whether any item of its list is loose, looking
 * at all of them: a tight list of n items costs n² (15,000 items: 3 s; 30,000: 12 s). A
 * stand-in parent with the answer in `spread` and no children gives the same result at
 * once (the handler reads nothing else of the parent).
 */
export function listItemHandler(state: State, node: ListItem, parent: Parents | undefined): Element {
  if (parent?.type !== 'list') return defaultHandlers.listItem(state, node, parent);
  let loose = looseLists.get(parent);
  if (loose === undefined) {
    loose = Boolean(parent.spread) || parent.children.some((item) => (item.spread ?? item.children.length > 1));
    looseLists.set(parent, loose);
  }
  return defaultHandlers.listItem(state, node, { type: 'list', spread: loose, children: [] });
}
