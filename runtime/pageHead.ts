import { createContext } from 'react';

/**
 * What a React page says about itself through `<Layout title description>`: collected while
 * the server renders it, for the document's `<title>` and description. No provider in the
 * browser: the head is already right there.
 */
export interface PageHead {
  title?: string;
  description?: string;
}

export const PageHeadContext = createContext<PageHead | null>(null);
