import { createContext, useContext } from 'react';
import type { CategoryPageData, TocItem } from './pageData.ts';

/**
 * What content components (the theme's MDX components and a site's own) may read about
 * the page they are rendered into, on the server, where content is rendered.
 */
export interface ContentContextValue {
  /** The page's front matter, as MDX's `frontMatter`. */
  frontMatter: Record<string, unknown>;
  /** The page's table of contents, as MDX's `toc` (TOCInline's default). */
  toc: TocItem[];
  /** The cards DocCardList shows by default: the items of the page's sidebar category. */
  docCards: CategoryPageData['items'];
  /** An id unique within the page, the same on every render of it (islands get theirs as props). */
  nextId(prefix: string): string;
}

export const ContentContext = createContext<ContentContextValue | null>(null);

/** The page's content context; content is only rendered inside one. */
export function useContent(): ContentContextValue {
  const value = useContext(ContentContext);
  if (!value) throw new Error('useContent() was called outside the content of a page: ContentContext has no provider.');
  return value;
}

/** A fresh context for one render of a page's content. */
export function contentContext(values: Omit<ContentContextValue, 'nextId'>): ContentContextValue {
  const counters = new Map<string, number>();
  // The values' getters stay getters: `docCards` is computed only if content reads it (the
  // build records what each page looks up in the route graph, see cli/render/pageInputs.ts).
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(values)) as Omit<ContentContextValue, 'nextId'>, {
    nextId(prefix: string) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}-${n}`;
    },
  });
}
