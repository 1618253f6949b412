import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * `<details>` (raw HTML in Markdown, or MDX): the browser's own disclosure, styled; its
 * `<summary>` leads, whatever its place among the children. Works without JavaScript.
 */
export function Details({ children, summary, open, className }: { children?: ReactNode; summary?: ReactNode; open?: boolean; className?: string }) {
  const items = Children.toArray(children);
  const isSummary = (child: ReactNode): child is ReactElement<{ children?: ReactNode }> => isValidElement(child) && (child.type === 'summary' || (child.props as { node?: { tagName?: string } }).node?.tagName === 'summary');
  const found = items.find(isSummary);
  const rest = items.filter((child) => child !== found);
  return (
    <details className={['details', className].filter(Boolean).join(' ')} open={open}>
      <summary>{summary ?? (found ? found.props.children : 'Details')}</summary>
      <div className="details__content">{rest}</div>
    </details>
  );
}
