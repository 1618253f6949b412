import { createContext, type ReactElement } from 'react';

/**
 * What a React page says about itself, collected while the server renders it: its title
 * and description through `<Layout title description>` and its other tags through
 * `<Head>`, for the document's `<head>`; and, as Docusaurus collects them for its
 * broken-link check, the internal links its `Link`s lead to and the ids its `Heading`s and
 * `Link`s give. No provider in the browser (nor in Markdown content, whose links the
 * check stage reads from the tree).
 */
export interface PageHead {
  title?: string;
  description?: string;
  /** Other tags `<Head>` gives (meta, link, script), in order. */
  tags?: ReactElement[];
  links: string[];
  anchors: string[];
}

export const PageHeadContext = createContext<PageHead | null>(null);
