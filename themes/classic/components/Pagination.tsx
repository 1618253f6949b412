import type { NavLink } from '../../../runtime/pageData.ts';
import { useBaseUrl } from '../../../runtime/SiteContext.ts';

/** Previous / next page in reading order. */
export function Pagination({ previous, next, label = 'Docs pages' }: { previous?: NavLink; next?: NavLink; label?: string }) {
  const href = useBaseUrl();
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {previous ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={href(previous.href)}>
          <div className="pagination-nav__sublabel">Previous</div>
          <div className="pagination-nav__label">{previous.label}</div>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-nav__link pagination-nav__link--next" href={href(next.href)}>
          <div className="pagination-nav__sublabel">Next</div>
          <div className="pagination-nav__label">{next.label}</div>
        </a>
      )}
    </nav>
  );
}
