import type { PlainPageData } from '../../../runtime/pageData.ts';
import { Markdown } from '../components/Markdown.tsx';

/** A Markdown page outside the docs and the blog; or a site's React page, which is all its own. */
export function PlainPage({ page }: { page: PlainPageData }) {
  // Not `.markdown`: the page is the site's design, not content typography.
  if (page.react) return <Markdown html={page.html} className="site-page-content" />;
  return (
    <div className="container container--narrow">
      <h1>{page.title}</h1>
      <Markdown html={page.html} />
    </div>
  );
}
