import type { ReactNode } from 'react';

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

const TITLES: Record<string, string> = { note: 'Note', secondary: 'Note', tip: 'Tip', success: 'Tip', info: 'Info', important: 'Important', warning: 'Warning', caution: 'Caution', danger: 'Danger' };

/**
 * `:::tip[Title]` in Markdown and `<Admonition type="tip" title="…">` in MDX: a titled
 * box. A keyword the theme does not know (a site's own, configured) is drawn as a note.
 */
export function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const style = STYLES[type] ?? 'note';
  const heading = title ?? TITLES[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  return (
    <div className={`admonition admonition-${style}`} role="note" aria-label={typeof heading === 'string' ? heading : undefined}>
      <div className="admonition-heading">{heading}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
