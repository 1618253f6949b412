import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import type { PageData, SiteData } from './pageData.ts';
import { App } from './App.tsx';
import { SiteContext } from './SiteContext.ts';
import { ContentContext, type ContentContextValue } from './contentContext.ts';
import { classicComponents } from '../themes/classic/content/index.ts';
import { BlockParagraph } from '../themes/classic/content/BlockParagraph.tsx';
import { MissingComponent, pureHelper, scopeEvaluater, type ContentImports, type Scope } from './contentScope.ts';
import { siteComponentKey, siteIsland } from './islands/siteIsland.tsx';
import { PageHeadContext, type PageHead } from './pageHead.ts';
import { ServerLocationContext } from '../themes/classic/docusaurus/router.ts';
import { asSitePage } from '../themes/classic/docusaurus/hooks.ts';
import { provideLayouts } from '../themes/classic/pageLayouts.ts';
import * as blog from '../themes/classic/layouts/BlogPages.tsx';
import * as search from '../themes/classic/layouts/SearchPage.tsx';
import * as docsTag from '../themes/classic/layouts/DocsTagPage.tsx';
import * as notFound from '../themes/classic/layouts/NotFoundPage.tsx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Components = Record<string, ComponentType<any>>;

/** The theme's modules site code imports (`@theme-original/Tabs`…), from this render's own copy of the theme. */
export { siteModules, fallbackModules } from '../themes/classic/siteModules.ts';

// The browser loads these when a page needs one; a render on the server has them all at hand.
provideLayouts({ blog, search, docsTag, notFound });

/** Server render of one page's body; cli/render wraps it in the HTML document. */
export function renderPage(site: SiteData, page: PageData): string {
  return renderToString(<App site={site} page={page} router={{ path: page.path, loading: false }} />);
}

/**
 * Server render of a page's content (its Markdown as hast, links already resolved) with
 * the theme's content components, and the site's own by name on top of them (a site
 * replaces a theme component by giving one of the same name). The result is static HTML
 * in which only islands are hydrated in the browser. `blockParagraphs`: paragraphs that
 * hold a component are drawn as blocks (see BlockParagraph). `siteComponents` are the modules'
 * exports content imports, by siteComponentKey: each renders as an island, as do the
 * components that replace the theme's (`componentKeys`).
 */
export function renderContent(tree: Root, context: { site: SiteData; content: ContentContextValue; components?: Components; componentKeys?: Record<string, string>; blockParagraphs?: boolean; siteComponents?: Components; siteValues?: Record<string, unknown>; scope?: Scope; imports?: ContentImports; location?: string }): string {
  const components = { ...classicComponents, ...(context.blockParagraphs ? { p: BlockParagraph } : {}), ...siteOverrides(context.components ?? {}, context.componentKeys ?? {}) };
  const scope = { frontMatter: context.content.frontMatter, toc: context.content.toc, ...context.scope };
  const element = contentElement(tree, context.imports, { components, site: context.siteComponents ?? {}, values: context.siteValues ?? {}, helpers: contentHelpers(context.site) }, scope, 0);
  return renderToString(
    <SiteContext.Provider value={context.site}>
      <ServerLocationContext.Provider value={context.location ?? context.site.baseUrl}>
        <ContentContext.Provider value={context.content}>{element}</ContentContext.Provider>
      </ServerLocationContext.Provider>
    </SiteContext.Provider>,
  );
}

/**
 * The site's replacements of theme components, each an island (`keys`: its island key) so
 * that it hydrates with its state, its children kept one by one for it to read (a Details
 * looks for its summary). A map entry that is the theme's own (`{ ...MDXComponents }`) has
 * no key and stays as it is.
 */
function siteOverrides(components: Components, keys: Record<string, string>): Components {
  return Object.fromEntries(Object.entries(components).map(([name, Component]) => [name, keys[name] ? siteIsland(keys[name], Component, { structured: true }) : Component]));
}

/** The functions content may call, as `@docusaurus/*` modules give them. */
function contentHelpers(site: SiteData): Scope {
  return {
    // As Docusaurus's useBaseUrl: site paths get the base URL, full URLs stay as written.
    useBaseUrl: pureHelper((url: unknown) => (typeof url !== 'string' || /^([a-z][a-z\d+.-]*:|\/\/|#)/i.test(url) ? url : `${site.baseUrl.replace(/\/$/, '')}/${url.replace(/^\//, '')}`)),
  };
}

/**
 * Server render of a site's React page (src/pages/x.tsx) as one island, so it hydrates in
 * the browser with its state, and what it said about itself through `@theme/Layout` and
 * `@docusaurus/Head`. `location` is the page's address (with the base URL), for useLocation.
 * `render: 'client'`: the browser renders the page afresh rather than hydrating it (its
 * markup does not survive the HTML parser: cli/render/misnesting.ts).
 */
export function renderSitePage(site: SiteData, key: string, Page: ComponentType, location = site.baseUrl, options: { render?: 'client' } = {}): { html: string; title?: string; description?: string; headTags: string } & Pick<PageHead, 'links' | 'anchors'> {
  const head: PageHead = { links: [], anchors: [] };
  const Island = siteIsland(key, asSitePage(Page), { render: options.render });
  const html = renderToString(
    <SiteContext.Provider value={site}>
      <ServerLocationContext.Provider value={location}>
        <PageHeadContext.Provider value={head}>
          <Island />
        </PageHeadContext.Provider>
      </ServerLocationContext.Provider>
    </SiteContext.Provider>,
  );
  const headTags = (head.tags ?? []).map((tag) => `${renderToStaticMarkup(tag)}\n`).join('');
  return { html, title: head.title, description: head.description, headTags, links: head.links, anchors: head.anchors };
}

/** Partials inside partials end somewhere, even when two import each other. */
const MAX_PARTIAL_DEPTH = 8;

/**
 * A content tree as React elements. Names the content imported are bound first: theme
 * components by their theme name, partials as components that render their own tree (with
 * their own imports), site components by name from the components the site gives.
 */
function contentElement(tree: Root, imports: ContentImports | undefined, available: { components: Components; site: Components; values: Record<string, unknown>; helpers: Scope }, pageScope: Scope, depth: number): ReactNode {
  const { components, helpers } = available;
  const bound: Scope = {};
  for (const [local, binding] of Object.entries(imports?.bindings ?? {})) {
    if (binding.kind === 'theme') bound[local] = components[binding.name] ?? helpers[binding.name] ?? MissingComponent;
    // Its URL is among the values (cli/render/toPageData.ts).
    else if (binding.kind === 'file' || binding.kind === 'raw') continue;
    else if (binding.kind === 'partial') {
      const partial = imports?.partials?.[local];
      bound[local] = partial && depth < MAX_PARTIAL_DEPTH ? () => contentElement(partial.tree, partial, available, pageScope, depth + 1) : MissingComponent;
    } else {
      // A module that could not be found or built was reported; its element shows its children.
      const key = siteComponentKey(binding.file, binding.exportName);
      const Component = available.site[key];
      bound[local] = Component ? siteIsland(key, Component) : Object.hasOwn(available.values, key) ? available.values[key] : MissingComponent;
    }
  }
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    createEvaluater: scopeEvaluater({ ...components, ...pageScope, ...imports?.values, ...bound }),
    passNode: true,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
  });
}
