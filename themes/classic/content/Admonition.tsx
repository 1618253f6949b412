import { Children, isValidElement, type ReactNode } from 'react';

/** The admonition keywords Docusaurus knows, by the style each is drawn in. */
const STYLES: Record<string, string> = {
  note: 'note',
  secondary: 'note',
  tip: 'tip',
  success: 'tip',
  info: 'info',
  important: 'info',
  warning: 'warning',
  caution: 'warning',
  danger: 'danger',
};

// The legacy keywords keep their own name as title, as in Docusaurus's Admonition/Types.
const TITLES: Record<string, string> = { note: 'Note', secondary: 'Secondary', tip: 'Tip', success: 'Success', info: 'Info', important: 'Important', warning: 'Warning', caution: 'Caution', danger: 'Danger' };

/**
 * `:::tip[Title]` in Markdown and `<Admonition type="tip" title="…">` in MDX: a titled
 * box. A keyword the theme does not know (a site's own, configured) is drawn as a note.
 */
export function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const style = STYLES[type] ?? 'note';
  // A `:::tip[Label *with* markup]` label arrives as an AdmonitionTitle child; its markup wins over the plain title.
  const parts = Children.toArray(children);
  const label = parts.find((part) => isValidElement(part) && part.type === AdmonitionTitle);
  const body = label ? parts.filter((part) => part !== label) : children;
  const heading = label ?? title ?? TITLES[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  const name = typeof title === 'string' ? title : typeof heading === 'string' ? heading : undefined;
  return (
    <div className={`admonition admonition-${style}`} role="note" aria-label={name}>
      <div className="admonition-heading">{heading}</div>
      <div className="admonition-content">{body}</div>
    </div>
  );
}

/** The label of a `:::type[Label]` admonition, with its markup (Docusaurus's `mdxAdmonitionTitle`). */
export function AdmonitionTitle({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
