import { useContext, type ReactNode } from 'react';
import { applyTrailingSlash, useSite } from '../../../runtime/SiteContext.ts';
import { PageHeadContext } from '../../../runtime/pageHead.ts';

/**
 * `@docusaurus/Link` in MDX: `to` is a route of the site (the base URL is added, as
 * Docusaurus does, and `trailingSlash: false` takes its slash off), `href` is kept as written. The client router follows it like any link.
 */
// `node` is the hast element content rendering passes to every component: not an attribute.
export function Link({ to, href, children, node: _node, noBrokenLinkCheck, ...rest }: { to?: string; href?: string; children?: ReactNode; node?: unknown; noBrokenLinkCheck?: boolean; [attribute: string]: unknown }) {
  const site = useSite();
  const target = to !== undefined && to.startsWith('/') && !to.startsWith('//') ? applyTrailingSlash(`${site.baseUrl.replace(/\/$/, '')}${to}`, site) : (to ?? href);
  const head = useContext(PageHeadContext);
  if (head) {
    // As Docusaurus: a link the router would follow (not one for another window) is checked, unless it opts out.
    const followed = rest.target === undefined || rest.target === '_self';
    if (typeof target === 'string' && followed && !noBrokenLinkCheck) head.links.push(target);
    if (typeof rest.id === 'string') head.anchors.push(rest.id);
  }
  return (
    <a {...rest} href={target}>
      {children}
    </a>
  );
}
