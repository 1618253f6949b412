import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal, type DocSearchHit, type DocSearchTransformClient } from '@docsearch/react';
import docSearchCss from '@docsearch/css/dist/style.css' with { type: 'text' };
import type { SiteData } from '../pageData.ts';
import { contextualFacetFilters, localSearchClient, missingResultsUrl } from './searchClient.ts';
import { SEARCH_QUERY_EVENT, searchPagePath, searchPageUrl } from './searchEvents.ts';

export interface SearchModalProps {
  site: SiteData;
  onClose: () => void;
  /** A first character typed before the modal was ready. */
  initialQuery?: string;
}

/**
 * DocSearch's modal over either provider. Loaded on demand (hover, focus or shortcut on
 * the navbar button), with its stylesheet, so none of it is in a page's first load.
 */
export default function SearchModal({ site, onClose, initialQuery }: SearchModalProps) {
  addStylesOnce();
  const local = site.search.provider === 'local';
  const filters = useMemo(() => contextualFacetFilters(site), [site]);
  const missing = site.search.missingResultsUrl;
  const [failed, setFailed] = useState(false);
  const [dropdown, setDropdown] = useState<Element | null>(null);
  useEffect(() => setDropdown(document.querySelector('.DocSearch-Dropdown')), []);
  const watch = (client: DocSearchTransformClient): DocSearchTransformClient => ({
    ...client,
    search: ((...args: Parameters<DocSearchTransformClient['search']>) =>
      client.search(...args).then(
        (response) => {
          setFailed(false);
          return response;
        },
        (error: unknown) => {
          setFailed(true);
          throw error;
        },
      )) as DocSearchTransformClient['search'],
  });
  return createPortal(
    <>
    <DocSearchModal
      appId={local ? 'local' : (site.search.appId ?? '')}
      apiKey={local ? 'local' : (site.search.apiKey ?? '')}
      indexName={site.search.indexName}
      placeholder="Search docs"
      initialScrollY={window.scrollY}
      initialQuery={initialQuery}
      onClose={onClose}
      searchParameters={filters ? { facetFilters: filters } : undefined}
      transformSearchClient={(client) => watch(local ? (localSearchClient(site) as unknown as DocSearchTransformClient) : client)}
      transformItems={(items) => items.map((item) => ({ ...item, url: sameSitePath(item.url, site) }))}
      navigator={{
        navigate: ({ itemUrl }) => followLink(itemUrl),
        navigateNewTab: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
        navigateNewWindow: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
      }}
      // No search page (search.pagePath false): no 'See all results' link, as in Docusaurus.
      resultsFooterComponent={searchPagePath(site) ? ({ state }) => <ResultsFooter site={site} query={state.query} count={Number(state.context.nbHits ?? 0)} onClose={onClose} /> : undefined}
      getMissingResultsUrl={missing ? ({ query }) => missingResultsUrl(site, query) ?? '' : undefined}
    />
    {failed && dropdown && createPortal(<ErrorScreen />, dropdown)}
    {/* The local index is not Algolia's: no 'Search by Algolia' in the footer. */}
    {local && <style>{'.DocSearch-Logo{display:none}'}</style>}
    </>,
    document.body,
  );
}

/**
 * DocSearch's own error screen cannot stay up: autocomplete resets the status to idle once
 * a failed request settles. This one, in DocSearch's markup, is shown while the last
 * search failed (the stylesheet hides the dropdown's other content meanwhile).
 */
function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen search-error" role="alert">
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>
  );
}

/** 'See all {count} results': the search page for this query. */
function ResultsFooter({ site, query, count, onClose }: { site: SiteData; query: string; count: number; onClose: () => void }) {
  const onClick = (event: React.MouseEvent) => {
    onClose();
    // Already on the search page: same route, so the router would not re-render it.
    if (window.location.pathname === searchPagePath(site)) {
      event.preventDefault();
      window.dispatchEvent(new CustomEvent(SEARCH_QUERY_EVENT, { detail: query }));
    }
  };
  return (
    <a href={searchPageUrl(site, query)} onClick={onClick}>
      See all {count} results
    </a>
  );
}

/** Absolute URLs of this site (Algolia's records) become paths, so the client router takes them. */
function sameSitePath(url: string, site: SiteData): string {
  if (site.url && url.startsWith(`${site.url}/`)) return url.slice(site.url.length);
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search + parsed.hash : url;
  } catch {
    return url;
  }
}

/**
 * Follows a result chosen with Enter the way a click would: the router listens for link
 * clicks, so a synthetic one keeps the navigation client-side (and falls back to a normal
 * page load for anything the router does not take).
 */
function followLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** DocSearch's stylesheet, added once, when the modal first opens. */
function addStylesOnce(): void {
  if (document.querySelector('style[data-docsearch]')) return;
  const style = document.createElement('style');
  style.dataset.docsearch = '';
  style.textContent = docSearchCss;
  document.head.append(style);
}

export type { DocSearchHit };

/** Starts loading the local index ahead of the first keystroke (hover or focus of the button). */
export function preloadIndex(site: SiteData): void {
  if (site.search.provider === 'local') localSearchClient(site).preload().catch(() => undefined);
}
