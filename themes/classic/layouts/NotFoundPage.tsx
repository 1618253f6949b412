import { applyTrailingSlash, useSite } from '../../../runtime/SiteContext.ts';

/** Any unknown path (SPEC §2). */
export function NotFoundPage() {
  const site = useSite();
  const { baseUrl, homePath } = site;
  return (
    <div className="container container--narrow not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved. Try the <a href={applyTrailingSlash(`${baseUrl}search/`, site)}>search</a>, or start from the <a href={baseUrl + homePath.slice(1)}>documentation home</a>.
      </p>
    </div>
  );
}
