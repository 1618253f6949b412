import type { PlainPageData } from '../../../runtime/pageData.ts';
import { Markdown } from '../components/Markdown.tsx';
import { Toc, TocCollapsible } from '../components/Toc.tsx';

/**
 * A Markdown page outside the docs and the blog, with its table of contents beside it as
 * Docusaurus's MDX page has one (unless `hide_table_of_contents`); or a site's React page,
 * which is all its own.
 */
export function PlainPage({ page }: { page: PlainPageData }) {
  // Not `.markdown`: the page is the site's design, not content typography.
  if (page.react) return <Markdown html={page.html} className="site-page-content" />;
  if (page.hideToc || page.toc.length === 0) {
    return (
      <div className="container container--narrow">
        <h1>{page.title}</h1>
        <Markdown html={page.html} />
      </div>
    );
  }
  return (
    <div className="doc-page row">
      <div className="doc-page__main doc-page__main--with-toc">
        <article>
          <TocCollapsible items={page.toc} />
          <h1>{page.title}</h1>
          <Markdown html={page.html} />
        </article>
      </div>
      <div className="doc-page__toc">
        <Toc items={page.toc} />
      </div>
    </div>
  );
}
