import { Children, isValidElement, type ReactNode, type SVGProps } from 'react';

type Style = 'note' | 'tip' | 'info' | 'warning' | 'danger';

/**
 * The admonition types Docusaurus knows: the style each is drawn in and its default title.
 * `secondary`, `important` and `success` are its legacy aliases of note, info and tip
 * (drawn as those, titled with their own name); `caution` is a type of its own drawn as a
 * warning.
 */
const TYPES: Record<string, { type: string; style: Style; title: string }> = {
  note: { type: 'note', style: 'note', title: 'Note' },
  secondary: { type: 'note', style: 'note', title: 'Secondary' },
  tip: { type: 'tip', style: 'tip', title: 'Tip' },
  success: { type: 'tip', style: 'tip', title: 'Success' },
  info: { type: 'info', style: 'info', title: 'Info' },
  important: { type: 'info', style: 'info', title: 'Important' },
  warning: { type: 'warning', style: 'warning', title: 'Warning' },
  caution: { type: 'caution', style: 'warning', title: 'Caution' },
  danger: { type: 'danger', style: 'danger', title: 'Danger' },
};

/** Infima's alert variant of each style: Docusaurus's admonitions carry `alert alert--<variant>`, which a site's CSS may target. */
const ALERT_VARIANTS: Record<Style, string> = { note: 'secondary', tip: 'success', info: 'info', warning: 'warning', danger: 'danger' };

/**
 * `:::tip[Title]` in Markdown and `<Admonition type="tip" title="…" icon={…}>` in MDX: a
 * titled box with its style's mark. Its classes are those Docusaurus 3 gives it
 * (`theme-admonition theme-admonition-<type> alert alert--<variant>`; its parts'
 * `admonitionHeading`, `admonitionIcon`, `admonitionContent` are the names its CSS modules
 * hash), so a stylesheet written for Docusaurus 3 reaches it, and one left from Docusaurus
 * 2 (`.admonition.admonition-tip`, `.admonition-heading h5`), which Docusaurus 3 no longer
 * applies, is not applied here either. A type the theme does not know (a keyword the site
 * configured) is drawn as Docusaurus draws it: as info, titled Info, keeping its own
 * `theme-admonition-<type>`.
 */
export function Admonition({ type = 'note', title, icon, className, children }: { type?: string; title?: ReactNode; icon?: ReactNode; className?: string; children?: ReactNode }) {
  const known = Object.hasOwn(TYPES, type) ? TYPES[type]! : { ...TYPES.info!, type };
  const { style } = known;
  // A `:::tip[Label *with* markup]` label arrives as an AdmonitionTitle child; its markup wins over the plain title.
  const parts = Children.toArray(children);
  const label = parts.find((part) => isValidElement(part) && part.type === AdmonitionTitle);
  const body = label ? parts.filter((part) => part !== label) : children;
  const heading = label ?? title ?? known.title;
  const name = typeof title === 'string' ? title : typeof heading === 'string' ? heading : undefined;
  const Icon = ICONS[style];
  // `icon={null}` or `icon=""` draws no mark, as in Docusaurus; leaving it out draws the style's.
  return (
    <AdmonitionLayout type={known.type} title={heading} name={name} icon={icon === undefined ? <Icon /> : icon} className={['alert', `alert--${ALERT_VARIANTS[style]}`, className].filter(Boolean).join(' ')}>
      {body}
    </AdmonitionLayout>
  );
}

/**
 * The box every admonition is drawn in (`@theme/Admonition/Layout`, for a site's own
 * types): its mark, its title, its content; the type's classes come with `className`.
 */
export function AdmonitionLayout({ type, title, icon, className, name, children }: { type: string; title?: ReactNode; icon?: ReactNode; className?: string; name?: string; children?: ReactNode }) {
  return (
    <div className={['theme-admonition', `theme-admonition-${type}`, className].filter(Boolean).join(' ')} role="note" aria-label={name ?? (typeof title === 'string' ? title : undefined)}>
      <div className="admonitionHeading">
        {icon ? <span className="admonitionIcon">{icon}</span> : null}
        {title}
      </div>
      <div className="admonitionContent">{children}</div>
    </div>
  );
}

/** The label of a `:::type[Label]` admonition, with its markup (Docusaurus's `mdxAdmonitionTitle`). */
export function AdmonitionTitle({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/**
 * The marks, filled in the heading's colour (as Docusaurus's are: a site's stylesheet that
 * sets `fill` on them keeps them whole); each is also `@theme/Admonition/Icon/<Name>`, for
 * a site's own admonitions. Outlines are even-odd rings in a 24-unit box.
 */
function Mark({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" {...props}>
      <path fill="currentColor" fillRule="evenodd" d={d} />
    </svg>
  );
}

/** A circled "i": notes and information. */
export function IconInfo(props: SVGProps<SVGSVGElement>) {
  return <Mark {...props} d="M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 1 1 0-16zM11 10.5h2v6.5h-2zM12 6.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 1 0 0-2.5z" />;
}

/** A light bulb: tips. */
export function IconTip(props: SVGProps<SVGSVGElement>) {
  return <Mark {...props} d="M12 2.5A7 7 0 0 0 8 15.25V18h8v-2.75A7 7 0 0 0 12 2.5zm0 2a5 5 0 0 0-2 9.58V16h4v-1.92A5 5 0 0 0 12 4.5zM9.5 19.5h5v2h-5z" />;
}

/** A triangle with an exclamation mark: warnings and cautions. */
export function IconWarning(props: SVGProps<SVGSVGElement>) {
  return <Mark {...props} d="M12 2 1 21h22zm0 4L4.47 19h15.06zM11 9.5h2v5h-2zM11 15.5h2v2h-2z" />;
}

/** An octagon with an exclamation mark, as a stop sign: dangers. */
export function IconDanger(props: SVGProps<SVGSVGElement>) {
  return <Mark {...props} d="M7.86 2h8.28L22 7.86v8.28L16.14 22H7.86L2 16.14V7.86zm.83 2L4 8.69v6.63L8.69 20h6.63L20 15.31V8.69L15.31 4zM11 7h2v6.5h-2zM11 15h2v2h-2z" />;
}

const ICONS: Record<Style, (props: SVGProps<SVGSVGElement>) => ReactNode> = { note: IconInfo, tip: IconTip, info: IconInfo, warning: IconWarning, danger: IconDanger };
