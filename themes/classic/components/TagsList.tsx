import type { TagLink } from '../../../runtime/pageData.ts';
import { useBaseUrl } from '../../../runtime/SiteContext.ts';

/** A row of tag links. */
export function TagsList({ tags, label = 'Tags:' }: { tags: TagLink[]; label?: string }) {
  const href = useBaseUrl();
  if (tags.length === 0) return null;
  return (
    <div className="tags-row">
      <b>{label}</b>
      <ul className="tags">
        {tags.map((t) => (
          <li key={t.permalink}>
            <a className="tag-pill" href={href(t.permalink)} rel="tag">
              {t.label}
              {t.count !== undefined && <span className="tag-pill__count">{t.count}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
