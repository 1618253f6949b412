import type { Root, Nodes, Parent, Text } from 'mdast';
import type { VFile } from 'vfile';
import { walk } from './walk.ts';

/**
 * Container directives the theme renders as admonitions: Docusaurus's default keywords,
 * `secondary`, `success` and `important` included (its theme still draws them, as note,
 * tip and info).
 */
export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'] as const;
const CONTAINERS = new Set<string>([...ADMONITIONS, 'tabs', 'tab', 'details']);

/**
 * remark-directive reads `:name` anywhere in text ("Status:pending" would vanish).
 * Only container directives mean something here, so every text or leaf directive is put
 * back as the text the author wrote, and an unknown container is reported.
 */
export function remarkRestoreDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    // Without a directive marker in the source there is nothing to restore or report.
    if (!source.includes(':')) return;
    const restoredIn = new Set<Parent>();
    walk(tree as never, (any, index, anyParent) => {
      const node = any as unknown as Nodes;
      const parent = anyParent as unknown as Parent;
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        const value = start !== undefined && end !== undefined ? source.slice(start, end) : `:${node.name}`;
        const text: Text = { type: 'text', value };
        const replacement = node.type === 'leafDirective' ? { type: 'paragraph' as const, children: [text] } : text;
        parent.children.splice(index, 1, replacement as never);
        restoredIn.add(parent);
        return false;
      }
      if (node.type === 'containerDirective' && !CONTAINERS.has(node.name)) {
        const message = file.message(
          `Unknown block ":::${node.name}"; the theme renders ${[...CONTAINERS].map((n) => `:::${n}`).join(', ')}.`,
          node,
        );
        message.ruleId = 'unknown-directive';
      }
      return undefined;
    });
    // "Status" + ":pending" + " and…" are one text again (as three, each would be a node of its own on the page).
    for (const parent of restoredIn) mergeTexts(parent);
  };
}

function mergeTexts(parent: Parent): void {
  const merged: Parent['children'] = [];
  for (const child of parent.children) {
    const last = merged[merged.length - 1];
    if (child.type === 'text' && last?.type === 'text') {
      last.value += child.value;
      if (last.position && child.position) last.position = { start: last.position.start, end: child.position.end };
    } else merged.push(child);
  }
  parent.children = merged;
}
