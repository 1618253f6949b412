import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import type { PageData, SiteData } from './pageData.ts';
import { App } from './App.tsx';
import { SiteContext } from './SiteContext.ts';
import { ContentContext, type ContentContextValue } from './contentContext.ts';
import { classicComponents } from '../themes/classic/content/index.ts';
import { scopeEvaluater, type Scope } from './contentScope.ts';

/** Server render of one page's body; cli/render wraps it in the HTML document. */
export function renderPage(site: SiteData, page: PageData): string {
  return renderToString(<App site={site} page={page} router={{ path: page.path, loading: false }} />);
}

/**
 * Server render of a page's content (its Markdown as hast, links already resolved) with
 * the theme's content components, and the site's own by name on top of them (a site
 * replaces a theme component by giving one of the same name). The result is static HTML
 * in which only islands are hydrated in the browser.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function renderContent(tree: Root, context: { site: SiteData; content: ContentContextValue; components?: Record<string, ComponentType<any>>; scope?: Scope }): string {
  const components = { ...classicComponents, ...context.components };
  const element = toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    createEvaluater: scopeEvaluater({ ...components, frontMatter: context.content.frontMatter, toc: context.content.toc, ...context.scope }),
    passNode: true,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
  });
  return renderToString(
    <SiteContext.Provider value={context.site}>
      <ContentContext.Provider value={context.content}>{element}</ContentContext.Provider>
    </SiteContext.Provider>,
  );
}
