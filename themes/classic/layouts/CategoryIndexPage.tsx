import type { CategoryPageData } from '../../../runtime/pageData.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Pagination } from '../components/Pagination.tsx';

/** A generated category page: title, description, one card per item of the category. */
export function CategoryIndexPage({ page }: { page: CategoryPageData }) {
  return (
    <div className="doc-page row">
      <div className="doc-page__main">
        <Breadcrumbs items={page.breadcrumbs} />
        <header>
          <h1>{page.title}</h1>
          {page.description && <p className="generated-index__description">{page.description}</p>}
        </header>
        <section className="card-grid">
          {page.items.map((item) => (
            <a key={item.href} className="card" href={item.href}>
              <h2 className="card__title" title={item.label}>
                <span aria-hidden="true">{item.type === 'category' ? '🗃️ ' : '📄️ '}</span>
                {item.label}
              </h2>
              {item.description && <p className="card__description">{item.description}</p>}
            </a>
          ))}
        </section>
        <Pagination previous={page.previous} next={page.next} />
      </div>
    </div>
  );
}
