import { useContext } from 'react';
import { PageHeadContext } from '../../../runtime/pageHead.ts';

/**
 * `@docusaurus/useBrokenLinks`: what a site's own component adds to the broken-link check,
 * as Link and Heading add theirs: a link it draws (a URL, the base URL included, as Link
 * resolves it) and an id it gives an element. Collected only while the build renders a
 * React page; in the browser, and in content, a no-op (content's links are read from its
 * Markdown, which the check already has).
 */
export default function useBrokenLinks(): { collectLink(link: string | undefined): void; collectAnchor(anchor: string | undefined): void } {
  const head = useContext(PageHeadContext);
  return {
    collectLink(link) {
      if (head && typeof link === 'string' && link !== '') head.links.push(link);
    },
    collectAnchor(anchor) {
      if (head && typeof anchor === 'string' && anchor !== '') head.anchors.push(anchor);
    },
  };
}
