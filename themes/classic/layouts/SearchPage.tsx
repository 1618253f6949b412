import type { SimplePageData } from '../../../runtime/pageData.ts';

/** The search page (`/search/?q=`). Results arrive with the search feature; the form works without JavaScript. */
export function SearchPage({ page }: { page: SimplePageData }) {
  return (
    <div className="container container--narrow search-page">
      <h1>{page.title}</h1>
      <form role="search" action="" method="get" className="search-page__form">
        <label htmlFor="search-page-input" className="sr-only">
          Search docs
        </label>
        <input id="search-page-input" name="q" type="search" placeholder="Search docs" className="search-page__input" autoComplete="off" />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
    </div>
  );
}
