import type { Redirect } from './redirects.ts';
import type { Root as HastRoot } from 'hast';
import type { LoadedDocument } from '../content/loadDocument.ts';
import type { Diagnostic } from '../report/diagnostic.ts';

import type { AuthorData, BlogSidebarItem, NavLink, SidebarItem, Breadcrumb, TagLink, PostSummary as PostData } from '../../runtime/pageData.ts';

export type { BlogSidebarItem, NavLink, SidebarItem, Breadcrumb, TagLink };

/** A doc's identity within the docs version (SPEC §3). */
export interface DocMeta {
  id: string;
  /** Route of the doc. */
  path: string;
  /** The sidebar it appears in, if any. */
  sidebar?: string;
}

/** A docs version (SPEC §3): `current` (the docs folder) or one of versions.json's. */
export interface DocsVersion {
  name: string;
  label: string;
  /** Served at the docs base path. */
  isLast: boolean;
  /** The version's base path (`/docs/`, `/docs/1.0/`). */
  path: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  className: string;
  mainDocId: string;
  docs: DocMeta[];
  draftIds: string[];
  sidebars: string[];
}

/** One docs instance (Docusaurus's docs plugin) as built: its versions. */
export interface DocsPluginGraph {
  pluginId: string;
  /** Its base path (`/docs/`, `/community/`). */
  routeBasePath: string;
  /** The version at its base path. */
  version: DocsVersion;
  /** Every version built, newest first. */
  versions: DocsVersion[];
}

/** A post as the graph lists it: what pages show of it, its excerpt as a tree, and the file it comes from. */
export interface PostSummary extends Omit<PostData, 'excerptHtml'> {
  /** The content before `<!-- truncate -->`, or all of it. */
  excerpt: HastRoot;
  source: string;
}

interface RouteBase {
  /** Always starts and ends with "/" (404 is "/404.html"): the folder whose index.html holds the page ("x.html" with `trailingSlash: false`, routeFile). The graph's key. */
  path: string;
  /**
   * The page's URL as Docusaurus writes it (`permalinkOf`): "/docs/intro" for `path`
   * "/docs/intro/" unless `trailingSlash` is set or the page stands for a folder. Relative
   * links on the page resolve against it. Absent: the same as `path`.
   */
  permalink?: string;
  title: string;
  description: string;
  /** The file this route comes from, for messages. */
  source?: string;
  /**
   * A generated page's (a tag's) first file that makes it exist, for messages about the page
   * only: unlike `source`, it is not the page's own file, so links are not resolved from it.
   */
  madeBy?: string;
  /** Absolute route this page is a copy of. */
  canonical?: string;
  /** Left out of the sitemap and marked noindex. */
  noIndex?: boolean;
  /** The docs version a docs route belongs to. */
  version?: string;
  /** The docs instance a docs route belongs to, when it is not the default one (`docsPlugins`). */
  docsPluginId?: string;
}

export type DocRoute = RouteBase & {
  kind: 'doc';
  doc: DocMeta;
  document: LoadedDocument;
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
  tags: TagLink[];
  /** The same doc id in the other versions: version name → route. */
  versionLinks?: Record<string, string>;
  /** "Edit this page" (docs.editUrl or front matter custom_edit_url). */
  editUrl?: string;
  /** "Last updated" from git, as much of it as docs.showLastUpdateTime/Author show (front matter `last_update` wins, at render). */
  lastUpdate?: { date?: string; author?: string };
};
export type CategoryIndexRoute = RouteBase & {
  kind: 'category-index';
  /** The generated-index link's social image and keywords. */
  image?: string;
  keywords?: string[];
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
  items: { label: string; href: string; description: string; type: 'link' | 'category'; count?: number }[];
};
export type DocsTagsRoute = RouteBase & { kind: 'docs-tags'; tags: TagLink[] };
export type DocsTagRoute = RouteBase & { kind: 'docs-tag'; tag: TagLink; items: { title: string; href: string; description: string }[]; allTagsPath: string };
export type BlogListRoute = RouteBase & { kind: 'blog-list'; posts: PostSummary[]; page: number; totalPages: number; previousPage?: string; nextPage?: string };
export type BlogPostRoute = RouteBase & { kind: 'blog-post'; post: PostSummary; document: LoadedDocument; previous?: NavLink; next?: NavLink; /** "Edit this page" (blog.editUrl or front matter custom_edit_url). */ editUrl?: string };
export type BlogTagsRoute = RouteBase & { kind: 'blog-tags'; tags: TagLink[] };
/** The blog's authors (authors.yml), each with how many listed posts they wrote. */
export type BlogAuthorsRoute = RouteBase & { kind: 'blog-authors'; authors: (AuthorData & { count: number })[] };
export type BlogTagRoute = RouteBase & {
  kind: 'blog-tag';
  tag: TagLink;
  posts: PostSummary[];
  page: number;
  totalPages: number;
  previousPage?: string;
  nextPage?: string;
  allTagsPath: string;
};
/** An author's own page (authors.yml `page`): their listed posts, newest first, paginated as the blog is. */
export type BlogAuthorRoute = RouteBase & {
  kind: 'blog-author';
  author: AuthorData & { count: number };
  posts: PostSummary[];
  page: number;
  totalPages: number;
  previousPage?: string;
  nextPage?: string;
  authorsPath: string;
};
export type BlogArchiveRoute = RouteBase & { kind: 'blog-archive'; years: { year: string; posts: PostSummary[] }[] };
export type PageRoute = RouteBase & { kind: 'page'; document: LoadedDocument };
/** A site's React page (src/pages/x.tsx): `source` is its module, rendered by the render stage. */
export type ReactPageRoute = RouteBase & { kind: 'react-page'; source: string };
export type SearchRoute = RouteBase & { kind: 'search' };
export type NotFoundRoute = RouteBase & { kind: 'not-found' };

export type Route =
  | DocRoute
  | CategoryIndexRoute
  | DocsTagsRoute
  | DocsTagRoute
  | BlogListRoute
  | BlogPostRoute
  | BlogTagsRoute
  | BlogAuthorsRoute
  | BlogTagRoute
  | BlogAuthorRoute
  | BlogArchiveRoute
  | PageRoute
  | ReactPageRoute
  | SearchRoute
  | NotFoundRoute;

export type RouteKind = Route['kind'];

/** Everything the check and render stages need, computed once from documents + config. */
export interface RouteGraph {
  /** Sorted by `compareRoutes`. */
  routes: Route[];
  byPath: Map<string, Route>;
  /** Site-relative file → the route it is published at (the canonical one). */
  fileRoutes: Map<string, string>;
  sidebars: Record<string, SidebarItem[]>;
  /** The last version (the one at the docs base path). */
  version: DocsVersion;
  /** Every docs version built, newest first (of the first instance; `docsPlugins` has each). */
  versions: DocsVersion[];
  /** Every docs instance, the classic preset's docs (`docs`) first. */
  docsPlugins: DocsPluginGraph[];
  /** Recent posts for the blog sidebar. */
  blogSidebar: NavLink[];
  /** Posts newest first, for feeds. */
  posts: PostSummary[];
  /** MDX partials pages import, by site-relative file (rendered where they are used). */
  partials: Map<string, LoadedDocument>;
  /** The text of each file content imports through raw-loader, by site-relative file. */
  rawFiles: Map<string, string>;
  /** Sizes of the static images pages show, by URL; filled in by the caller (it is I/O). */
  imageSizes: Map<string, { width: number; height: number }>;
  /** Old addresses that lead to pages (`config.redirects`), by file. */
  redirects: Redirect[];
  diagnostics: Diagnostic[];
}
