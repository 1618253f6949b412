import type { ReactElement } from 'react';
import type { TocItem } from '../../../runtime/pageData.ts';
import { useContent } from '../../../runtime/contentContext.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { TocLink } from '../components/Toc.tsx';

/**
 * `<TOCInline toc={toc} />`: the page's table of contents inside its content, nested by
 * level. Without `toc` it shows the page's own (MDX's `toc`).
 */
export function TOCInline({ toc, minHeadingLevel, maxHeadingLevel }: { toc?: TocItem[]; minHeadingLevel?: number; maxHeadingLevel?: number }) {
  const content = useContent();
  // Without its own levels, the site's (config `tableOfContents`), as Docusaurus's TOCInline.
  const levels = useSite().tableOfContents;
  minHeadingLevel ??= levels?.minHeadingLevel ?? 2;
  maxHeadingLevel ??= levels?.maxHeadingLevel ?? 3;
  const items = (toc ?? content.toc).filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  if (items.length === 0) return null;
  return <div className="toc-inline">{list(items, 0)}</div>;
}

/** The items from `start` at the first one's level, with deeper ones nested under each. */
function list(items: TocItem[], start: number): ReactElement {
  const level = items[start]!.level;
  const out: ReactElement[] = [];
  for (let i = start; i < items.length && items[i]!.level >= level; i++) {
    const item = items[i]!;
    if (item.level > level) continue;
    const child = items[i + 1] && items[i + 1]!.level > level ? list(items, i + 1) : null;
    out.push(
      <li key={item.id}>
        <TocLink item={item} />
        {child}
      </li>,
    );
  }
  return <ul>{out}</ul>;
}
