import type { DocPageData } from '../../../runtime/pageData.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Markdown } from '../components/Markdown.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { Toc, TocCollapsible } from '../components/Toc.tsx';
import { TagsList } from '../components/TagsList.tsx';
import { EditThisPage } from '../components/EditThisPage.tsx';
import { useSite } from '../../../runtime/SiteContext.ts';
import { DocVersionBanner } from '../components/DocVersionBanner.tsx';
import { pageVersion } from '../components/docsVersions.ts';

/** A docs page: breadcrumbs, title, content, tags, prev/next; TOC on the right (above the content on mobile). */
export function DocPage({ page }: { page: DocPageData }) {
  const version = pageVersion(useSite(), page);
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className="doc-page row">
      {/* Front matter that hides the TOC gives the content its room, as Docusaurus's DocItem does (a page with no headings keeps the reading width). */}
      <div className={`doc-page__main${showToc ? ' doc-page__main--with-toc' : ''}${page.hideToc ? ' doc-page__main--full' : ''}`}>
        <article>
          <DocVersionBanner page={page} />
          <Breadcrumbs items={page.breadcrumbs} />
          {/* A versioned page always shows its version; a site's one version only beside the sidebar (as before versions). */}
          {version.badge && (page.version || page.sidebarId) && <span className="badge badge--version theme-doc-version-badge">Version: {version.label}</span>}
          {showToc && <TocCollapsible items={page.toc} />}
          {!page.hideTitle && (
            <header>
              <h1>{page.title}</h1>
            </header>
          )}
          {/* Docusaurus's class for a doc's content: a site's CSS may style it (ThemeClassNames.docs.docMarkdown). */}
          <Markdown html={page.html} className="theme-doc-markdown markdown" />
          <footer className="doc-page__footer">
            <TagsList tags={page.tags} />
            {page.editUrl && <EditThisPage href={page.editUrl} className="doc-page__edit" />}
            {(page.lastUpdate?.date || page.lastUpdate?.author) && (
              <p className="doc-page__last-update">
                Last updated
                {page.lastUpdate.date && (
                  <>
                    {' on '}
                    <time dateTime={page.lastUpdate.date}>{page.lastUpdate.date.slice(0, 10)}</time>
                  </>
                )}
                {page.lastUpdate.author ? ` by ${page.lastUpdate.author}` : ''}
              </p>
            )}
          </footer>
        </article>
        <Pagination previous={page.previous} next={page.next} />
      </div>
      {showToc && (
        <div className="doc-page__toc">
          <Toc items={page.toc} />
        </div>
      )}
    </div>
  );
}
