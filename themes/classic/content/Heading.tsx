import type { ReactNode } from 'react';
import type { Element } from 'hast';
import { toString } from 'hast-util-to-string';

type Level = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * h2–h6 with their id and the classic theme's "Direct link" anchor, whose name is the
 * heading's text. (The page's h1 is its title: no anchor, as in Docusaurus.)
 */
export function heading(level: Level) {
  function Heading({ id, children, node, ...rest }: { id?: string; children?: ReactNode; node?: Element; className?: string }) {
    const Tag = level;
    if (!id) return <Tag {...rest}>{children}</Tag>;
    const label = `Direct link to ${node ? toString(node).trim() : id}`;
    return (
      <Tag {...rest} id={id} className={['anchor', rest.className].filter(Boolean).join(' ')}>
        {children}
        <a href={`#${id}`} className="hash-link" aria-label={label} title={label}>
          {'\u200b'}
        </a>
      </Tag>
    );
  }
  Heading.displayName = `Heading(${level})`;
  return Heading;
}
