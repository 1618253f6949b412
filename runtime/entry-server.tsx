import { renderToString } from 'react-dom/server';
import type { PageData, SiteData } from './pageData.ts';
import { App } from './App.tsx';

/** Server render of one page's body; cli/render wraps it in the HTML document. */
export function renderPage(site: SiteData, page: PageData): string {
  return renderToString(<App site={site} page={page} router={{ path: page.path, loading: false }} />);
}
