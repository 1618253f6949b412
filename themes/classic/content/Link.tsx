import type { ReactNode } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';

/**
 * `@docusaurus/Link` in MDX: `to` is a route of the site (the base URL is added, as
 * Docusaurus does), `href` is kept as written. The client router follows it like any link.
 */
// `node` is the hast element content rendering passes to every component: not an attribute.
export function Link({ to, href, children, node: _node, ...rest }: { to?: string; href?: string; children?: ReactNode; node?: unknown; [attribute: string]: unknown }) {
  const site = useSite();
  const target = to !== undefined && to.startsWith('/') && !to.startsWith('//') ? `${site.baseUrl.replace(/\/$/, '')}${to}` : (to ?? href);
  return (
    <a {...rest} href={target}>
      {children}
    </a>
  );
}
