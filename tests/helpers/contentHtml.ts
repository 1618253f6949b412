import type { ContentRenderer } from '../../cli/render/toPageData.ts';
import type { Root } from 'hast';
import { renderContent } from '../../runtime/entry-server.tsx';
import { contentContext } from '../../runtime/contentContext.ts';
import type { SiteData } from '../../runtime/pageData.ts';

/** What a reader's browser receives for a content tree: the tree rendered through the theme's components. */
export function contentHtml(tree: Root, frontMatter: Record<string, unknown> = {}): string {
  const site = { baseUrl: '/', title: 'T' } as SiteData;
  return renderContent(tree, { site, content: contentContext({ frontMatter, toc: [], docCards: [] }) });
}

/** The content renderer `renderRoute` gives toPageData, for tests that make page data directly. */
export const renderForPage: ContentRenderer = (tree, page, imports) => renderContent(tree, { site: { baseUrl: '/', title: 'T' } as SiteData, content: contentContext(page), imports });
