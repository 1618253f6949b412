import type { Breadcrumb } from '../../../runtime/pageData.ts';
import { useBaseUrl, useSite } from '../../../runtime/SiteContext.ts';

/**
 * Home icon (only when the site has a page at `/`, as in Docusaurus), then the categories
 * above the page, then the page (not a link).
 */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const { baseUrl, homePath } = useSite();
  const href = useBaseUrl();
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs-nav" aria-label="Breadcrumbs">
      <ul className="breadcrumbs">
        {homePath === '/' && (
          <li className="breadcrumbs__item">
            <a aria-label="Home page" className="breadcrumbs__link" href={baseUrl}>
              <svg viewBox="0 0 24 24" className="breadcrumbs__home" width="16" height="16" aria-hidden="true">
                <path d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" fill="currentColor" />
              </svg>
            </a>
          </li>
        )}
        {items.map((crumb, i) => {
          const last = i === items.length - 1;
          return (
            <li key={i} className={`breadcrumbs__item${last ? ' breadcrumbs__item--active' : ''}`} aria-current={last ? 'page' : undefined}>
              {crumb.href && !last ? (
                <a className="breadcrumbs__link" href={href(crumb.href)}>
                  {crumb.label}
                </a>
              ) : (
                <span className="breadcrumbs__link">{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
