import type { PageData } from '../../runtime/pageData.ts';

/**
 * Layouts a docs page never shows are chunks of their own, so a reader who lands on a doc
 * does not download the blog, search-page, tag-page and 404 layouts (first-load budget,
 * issue #12). The client loads a page's chunk before it renders the page (hydration and
 * navigation); the server gets every layout up front (`provideLayouts`) and renders as
 * before; the page's HTML preloads its chunk next to the entry (see `layoutFile`).
 */
const layoutChunks = {
  blog: { file: 'themes/classic/layouts/BlogPages.tsx', load: () => import('./layouts/BlogPages.tsx') },
  search: { file: 'themes/classic/layouts/SearchPage.tsx', load: () => import('./layouts/SearchPage.tsx') },
  docsTag: { file: 'themes/classic/layouts/DocsTagPage.tsx', load: () => import('./layouts/DocsTagPage.tsx') },
  notFound: { file: 'themes/classic/layouts/NotFoundPage.tsx', load: () => import('./layouts/NotFoundPage.tsx') },
};

type LayoutChunk = keyof typeof layoutChunks;
export type LayoutModules = { [K in LayoutChunk]: Awaited<ReturnType<(typeof layoutChunks)[K]['load']>> };

const loaded: Partial<LayoutModules> = {};

function chunkOf(kind: PageData['kind']): LayoutChunk | undefined {
  switch (kind) {
    case 'blog-list':
    case 'blog-tag':
    case 'blog-author':
    case 'blog-post':
    case 'blog-tags':
    case 'docs-tags':
    case 'blog-archive':
    case 'blog-authors':
      return 'blog';
    case 'search':
      return 'search';
    case 'docs-tag':
      return 'docsTag';
    case 'not-found':
      return 'notFound';
    default:
      return undefined;
  }
}

/** The source file of the chunk a page of this kind needs besides the entry (relative to the generator), if any. */
export function layoutFile(kind: PageData['kind']): string | undefined {
  const chunk = chunkOf(kind);
  return chunk && layoutChunks[chunk].file;
}

/** Every layout chunk's source file, for the bundle to find their outputs. */
export const LAYOUT_FILES: readonly string[] = Object.values(layoutChunks).map((c) => c.file);

/** Loads what a page of this kind needs to render; resolves at once when it is there. */
export async function loadLayout(kind: PageData['kind']): Promise<void> {
  const chunk = chunkOf(kind);
  if (chunk && !loaded[chunk]) Object.assign(loaded, { [chunk]: await layoutChunks[chunk].load() });
}

/** The server's render imports every layout statically and hands them over here. */
export function provideLayouts(modules: LayoutModules): void {
  Object.assign(loaded, modules);
}

/** A loaded layout chunk; rendering a page before `loadLayout` resolved is a bug in the caller. */
export function layoutModule<K extends LayoutChunk>(chunk: K): LayoutModules[K] {
  const module = loaded[chunk];
  if (!module) throw new Error(`The ${chunk} layout was rendered before it loaded.`);
  return module as LayoutModules[K];
}
