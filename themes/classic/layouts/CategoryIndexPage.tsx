import type { CategoryPageData } from '../../../runtime/pageData.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { DocCards } from '../components/DocCards.tsx';
import { DocVersionBanner } from '../components/DocVersionBanner.tsx';

/** A generated category page: title, description, one card per item of the category. */
export function CategoryIndexPage({ page }: { page: CategoryPageData }) {
  return (
    <div className="doc-page row">
      <div className="doc-page__main">
        <DocVersionBanner page={page} />
        <Breadcrumbs items={page.breadcrumbs} />
        <header>
          <h1>{page.title}</h1>
          {page.description && <p className="generated-index__description">{page.description}</p>}
        </header>
        <DocCards items={page.items} />
        <Pagination previous={page.previous} next={page.next} />
      </div>
    </div>
  );
}
