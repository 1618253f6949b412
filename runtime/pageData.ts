/**
 * The one contract between the build (cli/render) and the browser (runtime, themes):
 * what a page is given to render. Plain JSON: it is serialised into each page and into
 * the per-route payloads the client router fetches.
 */

export interface NavLink {
  label: string;
  href: string;
}

/** A post in the blog sidebar: with its year when the sidebar groups posts by year (`blog.sidebarGroupByYear`). */
export interface BlogSidebarItem extends NavLink {
  year?: string;
}

export type SidebarItem =
  | {
      type: 'link';
      label: string;
      href: string;
      docId?: string;
      className?: string;
      external?: boolean;
      /** A Docusaurus `ref` item: links to a doc without making it part of this sidebar (no prev/next, no sidebar shown from it). */
      ref?: boolean;
      customProps?: Record<string, unknown>;
    }
  | {
      type: 'category';
      label: string;
      href?: string;
      items: SidebarItem[];
      /** The category's default state. */
      collapsed: boolean;
      /** False: always open, no toggle. @default true */
      collapsible?: boolean;
      className?: string;
      customProps?: Record<string, unknown>;
      /** Set when `items` were left out of this page's data (the category is closed). */
      itemCount?: number;
    }
  | {
      /** Raw HTML from the sidebars file (a section title, a divider). */
      type: 'html';
      value: string;
      /** Give it the menu item's padding. */
      defaultStyle?: boolean;
      className?: string;
      label?: undefined;
      href?: undefined;
    };

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface TagLink {
  label: string;
  permalink: string;
  count?: number;
}

export interface TocItem {
  id: string;
  /** The heading's text. */
  value: string;
  /** Its content as HTML, when it has markup (inline code, emphasis, a badge): safe tags only (cli/content/markdown/tocEntries.ts). */
  html?: string;
  level: number;
}

/** A link of an author's `socials`: the platform's name (lower case), the profile's URL, and the platform's mark (an SVG path in a 24×24 box) when it has one. */
export interface AuthorSocial {
  platform: string;
  url: string;
  icon?: string;
}

export interface AuthorData {
  key?: string;
  name: string;
  title?: string;
  url?: string;
  image_url?: string;
  socials?: AuthorSocial[];
  /** The author's own page (authors.yml `page`), which their name links to. */
  page?: string;
}

export interface PostSummary {
  title: string;
  permalink: string;
  date: string;
  description: string;
  excerptHtml: string;
  hasTruncate: boolean;
  readingMinutes: number;
  authors: AuthorData[];
  tags: TagLink[];
}

interface PageBase {
  /** The route: the folder whose index.html holds the page ("/docs/intro/"; docs/intro.html with trailingSlash false). */
  path: string;
  /** The page's URL as the site writes it, when it is not `path` ("/docs/intro": trailingSlash unset or false). */
  permalink?: string;
  title: string;
  description: string;
  canonical?: string;
  /** Front matter `keywords`, for `<meta name="keywords">`. */
  keywords?: string[];
  /** Front matter `image`: the page's social card instead of the site's. */
  image?: string;
  /** The docs version a docs page belongs to; only on sites with more than one. */
  version?: string;
  /** The docs instance a docs page belongs to, when it is not the default one (`SiteData.docsPlugins`). */
  docsPluginId?: string;
  /** This doc in the other versions that have it (by version name), for the dropdown and banner. */
  versionLinks?: Record<string, string>;
  /** Set when the page shows math (markdown.math): it links KaTeX's stylesheet (`SiteData.math`). */
  math?: true;
}

/** A docs version as every page knows it (SPEC §3), for the dropdown, the badge and the banner. */
export interface VersionData {
  name: string;
  label: string;
  /** Its base path (`/docs/`, `/docs/1.0/`). */
  path: string;
  /** Its main doc: where the dropdown leads when a page has no twin in this version. */
  mainDocPath: string;
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  className: string;
}

export interface DocPageData extends PageBase {
  kind: 'doc';
  docId: string;
  /** Rendered Markdown. Left out of the HTML's embedded data (read from the DOM instead). */
  html: string | null;
  toc: TocItem[];
  hideTitle: boolean;
  hideToc: boolean;
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
  tags: TagLink[];
  sidebarId?: string;
  sidebar?: SidebarItem[];
  lastUpdate?: { date?: string; author?: string };
  /** Where the doc's source can be edited. */
  editUrl?: string;
}

export interface CategoryPageData extends PageBase {
  kind: 'category-index';
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
  items: { label: string; href: string; description: string; type: 'link' | 'category'; count?: number }[];
  sidebarId?: string;
  sidebar?: SidebarItem[];
}

export interface BlogListPageData extends PageBase {
  kind: 'blog-list' | 'blog-tag' | 'blog-author';
  posts: PostSummary[];
  page: number;
  totalPages: number;
  previousPage?: string;
  nextPage?: string;
  tag?: TagLink;
  allTagsPath?: string;
  /** An author's page: who, with how many listed posts, and the page of all authors. */
  author?: AuthorData & { count: number };
  authorsPath?: string;
  blogSidebar: BlogSidebarItem[];
}

export interface BlogPostPageData extends PageBase {
  kind: 'blog-post';
  post: PostSummary;
  html: string | null;
  toc: TocItem[];
  previous?: NavLink;
  next?: NavLink;
  editUrl?: string;
  blogSidebar: BlogSidebarItem[];
}

export interface TagsPageData extends PageBase {
  kind: 'blog-tags' | 'docs-tags';
  tags: TagLink[];
  blogSidebar?: BlogSidebarItem[];
}

export interface BlogAuthorsPageData extends PageBase {
  kind: 'blog-authors';
  authors: (AuthorData & { count: number })[];
}

export interface DocsTagPageData extends PageBase {
  kind: 'docs-tag';
  tag: TagLink;
  items: { title: string; href: string; description: string }[];
  allTagsPath: string;
}

export interface BlogArchivePageData extends PageBase {
  kind: 'blog-archive';
  years: { year: string; posts: { title: string; permalink: string; date: string }[] }[];
}

export interface PlainPageData extends PageBase {
  kind: 'page';
  html: string | null;
  toc: TocItem[];
  /** Front matter `hide_table_of_contents`: no table of contents beside the page. */
  hideToc?: boolean;
  /** A site's React page (src/pages/x.tsx): `html` is all of it, title included. */
  react?: true;
  /** Tags a React page's `<Head>` gives, as HTML, for the document's head when it is built. */
  headTags?: string;
}

export interface SimplePageData extends PageBase {
  kind: 'search' | 'not-found';
}

export type PageData =
  | DocPageData
  | CategoryPageData
  | BlogListPageData
  | BlogPostPageData
  | TagsPageData
  | DocsTagPageData
  | BlogAuthorsPageData
  | BlogArchivePageData
  | PlainPageData
  | SimplePageData;

export interface LinkData {
  label?: string;
  to?: string;
  href?: string;
  html?: string;
  /** Where it opens (a navbar link's `target`); outside links open in a new tab without it. */
  target?: string;
}

export interface LogoData {
  src: string;
  srcDark?: string;
  alt: string;
  width?: number | string;
  height?: number | string;
  href?: string;
  target?: string;
}

export type NavbarItemData =
  | { type: 'default' | 'doc' | 'docSidebar'; label?: string; to?: string; href?: string; position: 'left' | 'right'; className?: string; html?: string; ariaLabel?: string }
  | { type: 'dropdown'; label: string; items: LinkData[]; position: 'left' | 'right'; className?: string }
  | { type: 'localeDropdown' | 'docsVersionDropdown'; label?: string; position: 'left' | 'right'; className?: string; docsPluginId?: string; dropdownItemsBefore?: LinkData[]; dropdownItemsAfter?: LinkData[] }
  | { type: 'search'; position: 'left' | 'right'; className?: string }
  | { type: 'html'; value: string; position: 'left' | 'right'; className?: string };

/** One docs instance as the browser sees it: its id, versions and how the chosen version is kept. */
export interface DocsData {
  pluginId: string;
  versionPersistence: 'localStorage' | 'none';
  versionLabel: string;
  releaseLabel?: string;
  versionPath: string;
  /** Every docs version built, newest first (one, `current`, on a site without versions.json). */
  versions: VersionData[];
}

/** What every page shares: built into the client bundle once, not repeated per page. */
export interface SiteData {
  title: string;
  tagline: string;
  /** The config's customFields, for the site's own React code (useDocusaurusContext). */
  customFields?: Record<string, unknown>;
  titleDelimiter: string;
  url: string;
  baseUrl: string;
  /**
   * Present (false) when the site's `trailingSlash` is false: its pages are "x.html" files,
   * linked and shown at "/x" (applyTrailingSlash in SiteContext.ts).
   */
  trailingSlash?: false;
  locale: string;
  locales: string[];
  navbar: { title?: string; logo?: LogoData; items: NavbarItemData[]; hideOnScroll: boolean; style: 'dark' | 'primary' | 'plain' };
  footer: {
    style: 'dark' | 'light';
    columns: { title?: string; items: LinkData[] }[];
    links: LinkData[];
    logo?: LogoData;
    copyright?: string;
  };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  /**
   * The code colours (config `prism`) as theme objects, for site code's `usePrismTheme`
   * (a live-code playground colours its editor with them); only on a site with code of its
   * own, the one thing that can ask for them. The theme's code blocks take theirs from CSS.
   */
  prismThemes?: { light?: CodeTheme; dark?: CodeTheme };
  /** The heading levels tables of contents list (config `tableOfContents`); absent for the default, 2 to 3. */
  tableOfContents?: { minHeadingLevel: number; maxHeadingLevel: number };
  /** Mermaid diagrams (markdown.mermaid): its module's path from the site's root, its theme in each colour mode and its options; absent when off. */
  mermaid?: { script: string; theme: { light: string; dark: string }; options: Record<string, unknown> };
  /** Math (markdown.math): KaTeX's stylesheet, from the site's root, which pages that show math link; absent when off. */
  math?: { stylesheet: string };
  /** The docs sidebar's options (config `docsSidebar`); absent when neither is on. */
  docsSidebar?: { hideable: boolean; autoCollapseCategories: boolean };
  docs: DocsData;
  /** The other docs instances (Docusaurus's second docs plugin), each as `docs`; absent when there is none. */
  docsPlugins?: DocsData[];
  /** The blog's title, base path, and its sidebar's title (`blog.sidebarTitle`). */
  blog: { title: string; path: string; sidebarTitle: string };
  /**
   * Where home links (logo, not-found page) lead: `/` when the site has a page there,
   * else the docs' first page (else the blog), so no link leads to a page that is not there.
   */
  homePath: string;
  /** Click-to-zoom on content images; false: none. */
  zoom: { selector: string; background: { light: string; dark: string }; config: { margin: number; background: string; scrollOffset: number } } | false;
  search: {
    provider: 'local' | 'algolia';
    appId?: string;
    apiKey?: string;
    /** The Algolia index; for the local index, the name recent searches are stored under. */
    indexName: string;
    /** Filter results by `language` and `docusaurus_tag` (always on for the local index). */
    contextualSearch: boolean;
    /** Target of 'Let us know.' when nothing is found; `{query}` is replaced by the query. */
    missingResultsUrl?: string;
    /** The `docusaurus_tag` values of this site's pages: plain pages, the docs version, the blog. */
    tags: string[];
    /** The search page's path under the base URL ("search"); false: the site has none. */
    pagePath: string | false;
  };
  /** Content hash of this build, to tell payloads of an older build apart. */
  buildId: string;
}

/** Where the client router fetches a route's payload. */
export function pageDataUrl(baseUrl: string, path: string): string {
  return `${baseUrl}page-data${path === '/' ? '/' : path}data.json`;
}

/** Where a sidebar's full item tree is fetched (pages carry only their open branch). */
export function sidebarDataUrl(baseUrl: string, sidebarId: string): string {
  return `${baseUrl}page-data/sidebars/${encodeURIComponent(sidebarId)}.json`;
}

/**
 * Whether a link leads to a route: links are written as the route's URL, which has no
 * trailing slash when `trailingSlash` is unset ("/docs/b" for the route "/docs/b/").
 */
export function sameRoute(href: string | undefined, route: string): boolean {
  return href !== undefined && (href === route || `${href}/` === route);
}

/** A Prism theme as prism-react-renderer writes one: the code's own colours, then styles by token type (and language). */
export interface CodeTheme {
  plain: Record<string, string | number>;
  styles: { types: string[]; languages?: string[]; style: Record<string, string | number> }[];
}
