import type { BlogSidebarItem, PostSummary, Route, SidebarItem, TagLink } from './types.ts';
import { permalinkOf } from './paths.ts';

/**
 * The URL the site writes for a route, as Docusaurus writes it: its permalink ("/docs/intro")
 * when `trailingSlash` is unset or `false` (then the page is the file docs/intro.html, see
 * routeFile), its path ("/docs/intro/") when `true`.
 * Page data, the head (canonical, og:url), the sitemap and search records read this.
 */
export function urlOf(route: { path: string; permalink?: string }, trailingSlash: boolean | undefined): string {
  return trailingSlash === true ? route.path : (route.permalink ?? route.path);
}

/** What links across the graph hold, besides routes: rewritten in place with the routes' URLs. */
export interface LinkHolders {
  sidebars: Record<string, SidebarItem[]>;
  blogSidebar: BlogSidebarItem[];
  posts: PostSummary[];
}

/**
 * Gives each route its permalink (see permalinkOf; `folders` are the routes that stand
 * for a folder) and, unless `trailingSlash` is `true`, writes every link the graph holds to a
 * route as that route's URL, as Docusaurus's plugins do: sidebar items, breadcrumbs,
 * prev/next, category and tag listings, post permalinks, version twins, mirrors'
 * canonical. Links authors wrote (sidebar `link` items) stay as written, except with
 * `trailingSlash: false`, where Docusaurus's `<Link>` takes the slash off them too (a
 * host has no folder there: "/docs/b/" would be its 404). Run once, last:
 * the graph is keyed by path before this and links are compared as routes after it
 * (a URL without its slash is the same route, see sameRoute in runtime/router.ts).
 */
export function applyPermalinks(routes: Route[], holders: LinkHolders, folders: ReadonlySet<string>, trailingSlash: boolean | undefined): void {
  const urls = new Map<string, string>();
  for (const route of routes) {
    const permalink = permalinkOf(route.path, folders.has(route.path), trailingSlash);
    if (permalink !== route.path) route.permalink = permalink;
    if (route.permalink) urls.set(route.path, route.permalink);
  }
  if (urls.size === 0) return;
  const url = (href: string) => urls.get(href) ?? href;
  const nav = <T extends { href?: string } | undefined>(link: T): T => (link?.href ? { ...link, href: url(link.href) } : link);
  // Tags and posts are shared between routes: each object is rewritten once.
  const seen = new Set<object>();
  const tag = (t: TagLink) => {
    if (!seen.has(t)) (seen.add(t), (t.permalink = url(t.permalink)));
  };
  const post = (p: PostSummary) => {
    if (seen.has(p)) return;
    seen.add(p);
    p.permalink = url(p.permalink);
    p.tags.forEach(tag);
    for (const author of p.authors) if (author.page) author.page = url(author.page);
  };
  const sidebar = (items: SidebarItem[]): SidebarItem[] =>
    items.map((item) => {
      if (item.type === 'category') return { ...item, href: item.href && url(item.href), items: sidebar(item.items) };
      return item.type === 'link' && (item.docId || trailingSlash === false) ? { ...item, href: url(item.href) } : item;
    });

  for (const [id, items] of Object.entries(holders.sidebars)) holders.sidebars[id] = sidebar(items);
  holders.blogSidebar.forEach((link, i) => (holders.blogSidebar[i] = nav(link)));
  holders.posts.forEach(post);
  for (const route of routes) {
    if (route.canonical) route.canonical = url(route.canonical);
    switch (route.kind) {
      case 'doc':
        route.tags.forEach(tag);
        if (route.versionLinks) route.versionLinks = Object.fromEntries(Object.entries(route.versionLinks).map(([v, p]) => [v, url(p)]));
      // falls through: docs and category pages both have breadcrumbs and prev/next
      case 'category-index':
        route.breadcrumbs = route.breadcrumbs.map(nav);
        route.previous = nav(route.previous);
        route.next = nav(route.next);
        if (route.kind === 'category-index') route.items = route.items.map(nav);
        break;
      case 'docs-tags':
      case 'blog-tags':
        route.tags.forEach(tag);
        break;
      case 'docs-tag':
        tag(route.tag);
        route.items = route.items.map(nav);
        route.allTagsPath = url(route.allTagsPath);
        break;
      case 'blog-post':
        post(route.post);
        route.previous = nav(route.previous);
        route.next = nav(route.next);
        break;
      case 'blog-list':
      case 'blog-tag':
      case 'blog-author':
        route.posts.forEach(post);
        if (route.previousPage) route.previousPage = url(route.previousPage);
        if (route.nextPage) route.nextPage = url(route.nextPage);
        if (route.kind === 'blog-tag') (tag(route.tag), (route.allTagsPath = url(route.allTagsPath)));
        if (route.kind === 'blog-author') {
          route.authorsPath = url(route.authorsPath);
          // The author is shared by the pages of their list: rewritten once.
          if (!seen.has(route.author)) (seen.add(route.author), (route.author.page = route.author.page && url(route.author.page)));
        }
        break;
      case 'blog-authors':
        for (const author of route.authors) if (author.page) author.page = url(author.page);
        break;
      case 'blog-archive':
        route.years.forEach((y) => y.posts.forEach(post));
        break;
    }
  }
}
