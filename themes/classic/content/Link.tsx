import { useContext, type ReactNode } from 'react';
import { applyTrailingSlash, useSite } from '../../../runtime/SiteContext.ts';
import { PageHeadContext } from '../../../runtime/pageHead.ts';
import { useBaseUrlUtils } from '../docusaurus/hooks.ts';

/** What Docusaurus's isInternalUrl calls external: a URL with a scheme, or a protocol-relative one. */
const EXTERNAL_URL = /^(?:\w*:|\/\/)/;

interface LinkProps {
  to?: string;
  href?: string;
  children?: ReactNode;
  /** The hast element content rendering passes to every component: not an attribute. */
  node?: unknown;
  noBrokenLinkCheck?: boolean;
  'data-noBrokenLinkCheck'?: boolean;
  autoAddBaseUrl?: boolean;
  /** NavLink's props: the page is drawn once per route, so an active class is the theme's to set. */
  isNavLink?: boolean;
  activeClassName?: string;
  isActive?: unknown;
  [attribute: string]: unknown;
}

/**
 * `@docusaurus/Link`, as Docusaurus's: `to` and `href` mean the same; a path from the site's
 * root gets the base URL (unless it has it) and, on a route, the `trailingSlash` rule; a
 * `pathname://` URL is its escape hatch, the path as written without the rule; an external
 * link (that one too) opens a new tab unless a target is given. The client router follows
 * the rest like any link; those the page follows are link-checked unless they opt out.
 */
export function Link({ to, href, children, node: _node, noBrokenLinkCheck, 'data-noBrokenLinkCheck': dataNoBrokenLinkCheck, autoAddBaseUrl = true, isNavLink: _isNavLink, activeClassName: _activeClassName, isActive: _isActive, ...rest }: LinkProps) {
  const site = useSite();
  const { withBaseUrl } = useBaseUrlUtils();
  const written = to || href;
  const internal = written !== undefined && !EXTERNAL_URL.test(written);
  const path = written?.replace('pathname://', '');
  let target = autoAddBaseUrl && path?.startsWith('/') ? withBaseUrl(path) : path;
  if (target && internal) target = applyTrailingSlash(target, site);
  const head = useContext(PageHeadContext);
  if (head) {
    // A link the router would follow (not one for another window) is checked.
    const followed = rest.target === undefined || rest.target === '_self';
    if (target && internal && followed && !noBrokenLinkCheck && !dataNoBrokenLinkCheck) head.links.push(target);
    if (typeof rest.id === 'string') head.anchors.push(rest.id);
  }
  const newTab = written && !internal && rest.target === undefined ? { target: '_blank', rel: 'noopener noreferrer' } : undefined;
  return (
    <a {...newTab} {...rest} href={target}>
      {children}
    </a>
  );
}
