import { useSite } from '../../../runtime/SiteContext.ts';

/** The navbar search entry (placeholder 'Search docs', name 'Search'); leads to the search page. */
export function SearchButton() {
  const { baseUrl } = useSite();
  return (
    <a className="navbar__search" href={`${baseUrl}search/`} aria-label="Search">
      <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z" stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" />
      </svg>
      <span className="navbar__search-placeholder">Search docs</span>
      <kbd className="navbar__search-key">/</kbd>
    </a>
  );
}
