import { useEffect, useRef, useState } from 'react';
import type { SimplePageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { SEARCH_QUERY_EVENT, searchPagePath, searchPageUrl } from '../../../runtime/search/searchEvents.ts';
import type { PageResult } from '../../../runtime/search/searchPageResults.ts';

interface Results {
  query: string;
  results: PageResult[];
  nbHits: number;
  nbPages: number;
  /** Pages loaded so far. */
  pages: number;
  status: 'loading' | 'done' | 'error';
}

const loadResults = (...args: Parameters<typeof import('../../../runtime/search/searchPageResults.ts').searchPageResults>) =>
  import('../../../runtime/search/searchPageResults.ts').then((m) => m.searchPageResults(...args));

/**
 * The search page (`/search/?q=`, SPEC §2). Without JavaScript the form submits here with
 * `q`. Once hydrated it reads `q`, searches as the reader types (keeping the URL in step
 * with `history.replaceState`), shows the count and each result with its breadcrumb and
 * snippet, and loads more on scroll or with the button. The search code loads on demand.
 */
export function SearchPage({ page }: { page: SimplePageData }) {
  const site = useSite();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const more = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const fromUrl = () => setQuery(new URLSearchParams(window.location.search).get('q') ?? '');
    const fromModal = (event: Event) => setQuery(String((event as CustomEvent<string>).detail));
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    window.addEventListener(SEARCH_QUERY_EVENT, fromModal);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      window.removeEventListener(SEARCH_QUERY_EVENT, fromModal);
    };
  }, []);

  useEffect(() => {
    const url = query ? searchPageUrl(site, query) : searchPagePath(site);
    if (url !== window.location.pathname + window.location.search) history.replaceState(history.state, '', url);
    if (!query.trim()) {
      setResults(null);
      return;
    }
    let current = true;
    setResults((r) => ({ query, results: r?.results ?? [], nbHits: r?.nbHits ?? 0, nbPages: 0, pages: 0, status: 'loading' }));
    const timer = setTimeout(() => {
      loadResults(site, query, 0).then(
        (first) => current && setResults({ query, ...first, pages: 1, status: 'done' }),
        (error) => {
          console.error('Search failed.', error);
          if (current) setResults({ query, results: [], nbHits: 0, nbPages: 0, pages: 0, status: 'error' });
        },
      );
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, site]);

  const canLoadMore = results?.status === 'done' && results.pages < results.nbPages;
  const loadMore = () => {
    if (!results || !canLoadMore) return;
    const { query: q, pages } = results;
    setResults({ ...results, status: 'loading' });
    loadResults(site, q, pages).then(
      (next) => setResults((r) => (r && r.query === q ? { ...r, results: [...r.results, ...next.results], pages: pages + 1, status: 'done' } : r)),
      () => setResults((r) => (r && r.query === q ? { ...r, status: 'error' } : r)),
    );
  };
  // Scrolling the button into view loads the next page, as a click would.
  useEffect(() => {
    if (!canLoadMore || !more.current || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current?.click());
    observer.observe(more.current);
    return () => observer.disconnect();
  });

  return (
    <div className="container container--narrow search-page">
      <h1>{results?.query ? `Search results for "${results.query}"` : page.title}</h1>
      <form role="search" action={searchPagePath(site)} method="get" className="search-page__form" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="search-page-input" className="sr-only">
          Search docs
        </label>
        <input id="search-page-input" name="q" type="search" placeholder="Search docs" className="search-page__input" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <p className="search-page__count" aria-live="polite">
        {results?.status === 'error'
          ? 'Unable to fetch results. You might want to check your network connection.'
          : results && results.pages > 0
            ? results.nbHits === 0
              ? `No results for "${results.query}".`
              : `${results.nbHits} ${results.nbHits === 1 ? 'result' : 'results'}`
            : results
              ? 'Searching…'
              : ''}
      </p>
      <ol className="search-page__results">
        {results?.results.map((r) => (
          <li key={r.url} className="search-page__result">
            <p className="search-page__breadcrumb">{r.breadcrumb.join(' › ')}</p>
            <h2 className="search-page__title">
              <a href={r.url} dangerouslySetInnerHTML={{ __html: r.titleHtml }} />
            </h2>
            {r.snippetHtml && <p className="search-page__snippet" dangerouslySetInnerHTML={{ __html: r.snippetHtml }} />}
          </li>
        ))}
      </ol>
      {canLoadMore && (
        <button ref={more} type="button" className="button button--secondary search-page__more" onClick={loadMore}>
          Load more results
        </button>
      )}
    </div>
  );
}
