import { createContext, type ReactElement } from 'react';

/**
 * What a React page says about itself through `<Layout title description>` and
 * `<Head>`: collected while the server renders it, for the document's `<head>`. No
 * provider in the browser: the head is already right there.
 */
export interface PageHead {
  title?: string;
  description?: string;
  /** Other tags `<Head>` gives (meta, link, script), in order. */
  tags?: ReactElement[];
}

export const PageHeadContext = createContext<PageHead | null>(null);
