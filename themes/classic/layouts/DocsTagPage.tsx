import type { DocsTagPageData } from '../../../runtime/pageData.ts';
import { useBaseUrl } from '../../../runtime/SiteContext.ts';

/** The docs carrying one tag. */
export function DocsTagPage({ page }: { page: DocsTagPageData }) {
  const href = useBaseUrl();
  return (
    <div className="container container--narrow">
      <header>
        <h1>{page.title}</h1>
        <a href={href(page.allTagsPath)}>View all tags</a>
      </header>
      <section className="doc-tag-list">
        {page.items.map((doc) => (
          <article key={doc.href} className="doc-tag-list__item">
            <h2>
              <a href={href(doc.href)}>{doc.title}</a>
            </h2>
            {doc.description && <p>{doc.description}</p>}
          </article>
        ))}
      </section>
    </div>
  );
}
