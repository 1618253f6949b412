import type { LinkData } from '../../../runtime/pageData.ts';
import { sameRoute, useRouter } from '../../../runtime/router.ts';
import { applyTrailingSlash, useSite } from '../../../runtime/SiteContext.ts';

/**
 * A link from the config: internal (`to`, active when it leads to the current route) or
 * outside (`href`, marked). Its `html` replaces the link (a footer's), or with `htmlInside`
 * is the link's content (a navbar's icon), as in Docusaurus.
 */
export function NavLinkItem({ link, className, activeClassName = `${className}--active`, htmlInside = false }: { link: LinkData & { ariaLabel?: string }; className: string; activeClassName?: string; htmlInside?: boolean }) {
  const { path } = useRouter();
  const site = useSite();
  const { baseUrl } = site;
  if (link.html && !htmlInside) return <span className={className} dangerouslySetInnerHTML={{ __html: link.html }} />;
  const content = link.html ? { dangerouslySetInnerHTML: { __html: link.html } } : undefined;
  if (link.href && /^[a-z]+:/i.test(link.href)) {
    return (
      <a className={className} href={link.href} target={link.target ?? '_blank'} rel={(link.target ?? '_blank') === '_blank' ? 'noopener noreferrer' : undefined} aria-label={link.ariaLabel} {...content}>
        {content ? undefined : (
          <>
            {link.label}
            {/* Not on a link without a label (an icon its className draws), as Docusaurus. */}
            {link.label !== undefined && <ExternalLinkIcon />}
          </>
        )}
      </a>
    );
  }
  const to = link.to ?? link.href ?? '/';
  const href = applyTrailingSlash(to.startsWith('/') ? baseUrl + to.slice(1) : to, site);
  const active = to !== '/' && path.startsWith(to);
  return (
    <a className={`${className}${active ? ` ${activeClassName}` : ''}`} href={href} target={link.target} aria-current={sameRoute(to, path) ? 'page' : undefined} aria-label={link.ariaLabel} {...content}>
      {content ? undefined : link.label}
    </a>
  );
}

/** The mark of a link that leaves the site (a box with an arrow out of it), in a 24×24 box. */
export const EXTERNAL_LINK_MARK = 'M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z';

export function ExternalLinkIcon() {
  return (
    <svg className="external-link-icon" width="13.5" height="13.5" aria-label="(opens in a new tab)" role="img" viewBox="0 0 24 24">
      <path fill="currentColor" d={EXTERNAL_LINK_MARK} />
    </svg>
  );
}
