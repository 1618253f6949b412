import type { CategoryPageData } from '../../../runtime/pageData.ts';
import { useBaseUrl } from '../../../runtime/SiteContext.ts';

/** A card per page or category: its title (with an icon for its kind) and its description. */
export function DocCards({ items }: { items: CategoryPageData['items'] }) {
  const href = useBaseUrl();
  return (
    <section className="card-grid">
      {items.map((item) => (
        <a key={item.href} className="card" href={href(item.href)}>
          <h2 className="card__title" title={item.label}>
            {item.type === 'category' ? <FolderIcon /> : <PageIcon />}
            {item.label}
          </h2>
          {item.description && <p className="card__description">{item.description}</p>}
        </a>
      ))}
    </section>
  );
}

function PageIcon() {
  return (
    <svg className="card__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5L13 3.5zM8 13h8v1.5H8V13zm0 3.5h8V18H8v-1.5z" />
    </svg>
  );
}

function FolderIcon() {
  return (
    <svg className="card__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M10 4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h6z" />
    </svg>
  );
}
