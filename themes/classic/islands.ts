import { loadIslands, type IslandLoaders } from '../../runtime/islands/hydrateIslands.ts';
import type { PageData } from '../../runtime/pageData.ts';

/**
 * The classic theme's islands, by the name its content components give them, each loaded
 * (a chunk of its own) when a page first shows one.
 */
export const classicIslands: IslandLoaders = {
  Tabs: () => import('./content/TabsView.tsx').then((m) => m.TabsView as never),
  CodeBlockBody: () => import('./content/CodeBlockBody.tsx').then((m) => m.CodeBlockBody as never),
  Mermaid: () => import('./content/MermaidView.tsx').then((m) => m.MermaidView as never),
};

/** The theme's islands and the site's (which win on a shared name), as the content hydrates them. */
export function islandLoaders(siteIslands: IslandLoaders): IslandLoaders {
  return { ...classicIslands, ...siteIslands };
}

/** Loads the components of the islands a page's content shows: its body, or its posts' excerpts on a blog list. */
export function loadPageIslands(page: PageData, siteIslands: IslandLoaders): Promise<void> {
  const html = 'html' in page && page.html ? [page.html] : 'posts' in page ? page.posts.map((post) => post.excerptHtml) : [];
  return loadIslands(html, islandLoaders(siteIslands));
}
