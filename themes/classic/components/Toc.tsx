import { useEffect, useState } from 'react';
import type { TocItem } from '../../../runtime/pageData.ts';

type Node = TocItem & { children: Node[] };

function nest(items: TocItem[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const item of items) {
    const node: Node = { ...item, children: [] };
    while (stack.length && stack[stack.length - 1]!.level >= node.level) stack.pop();
    (stack.length ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

/** The heading in view: the last one above a line just below the navbar. */
function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    const update = () => {
      let current: string | undefined;
      for (const item of items) {
        const el = document.getElementById(item.id);
        if (el && el.getBoundingClientRect().top < 120) current = item.id;
      }
      setActive(current ?? items[0]?.id);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return active;
}

/** An entry's link: its heading's markup where it has some (inline code, emphasis: safe tags only, made at build), else its text. */
export function TocLink({ item, className }: { item: TocItem; className?: string }) {
  if (item.html !== undefined) return <a href={`#${item.id}`} className={className} dangerouslySetInnerHTML={{ __html: item.html }} />;
  return (
    <a href={`#${item.id}`} className={className}>
      {item.value}
    </a>
  );
}

function TocList({ nodes, active, className }: { nodes: Node[]; active?: string; className: string }) {
  return (
    <ul className={className}>
      {nodes.map((n) => (
        <li key={n.id}>
          <TocLink item={n} className={`table-of-contents__link${n.id === active ? ' table-of-contents__link--active' : ''}`} />
          {n.children.length > 0 && <TocList nodes={n.children} active={active} className="" />}
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the page (desktop), highlighting the heading in view. */
export function Toc({ items }: { items: TocItem[] }) {
  const active = useActiveHeading(items);
  return (
    <div className="table-of-contents-wrapper">
      <TocList nodes={nest(items)} active={active} className="table-of-contents" />
    </div>
  );
}

/** The collapsible table of contents above the content (mobile). */
export function TocCollapsible({ items }: { items: TocItem[] }) {
  return (
    <details className="toc-collapsible">
      <summary>On this page</summary>
      <TocList nodes={nest(items)} className="table-of-contents" />
    </details>
  );
}
