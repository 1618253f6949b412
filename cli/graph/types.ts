import type { LoadedDocument } from '../content/loadDocument.ts';
import type { Diagnostic } from '../report/diagnostic.ts';

import type { NavLink, SidebarItem, Breadcrumb, TagLink, PostSummary as PostData } from '../../runtime/pageData.ts';

export type { NavLink, SidebarItem, Breadcrumb, TagLink };

/** A doc's identity within the docs version (SPEC §3). */
export interface DocMeta {
  id: string;
  /** Route of the doc. */
  path: string;
  /** The sidebar it appears in, if any. */
  sidebar?: string;
}

/** The one docs version (SPEC §3): name `current`, label from config. */
export interface DocsVersion {
  name: 'current';
  label: string;
  isLast: true;
  path: string;
  mainDocId: string;
  docs: DocMeta[];
  draftIds: string[];
  sidebars: string[];
}

/** A post as the graph lists it: what pages show of it, and the file it comes from. */
export interface PostSummary extends PostData {
  source: string;
}

interface RouteBase {
  /** Always starts and ends with "/" (404 is "/404.html"). */
  path: string;
  title: string;
  description: string;
  /** The file this route comes from, for messages. */
  source?: string;
  /** Absolute route this page is a copy of. */
  canonical?: string;
  /** Left out of the sitemap and marked noindex. */
  noIndex?: boolean;
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
  /** "Edit this page" (docs.editUrl or front matter custom_edit_url). */
  editUrl?: string;
};
export type CategoryIndexRoute = RouteBase & {
  kind: 'category-index';
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
  items: { label: string; href: string; description: string; type: 'link' | 'category'; count?: number }[];
};
export type DocsTagsRoute = RouteBase & { kind: 'docs-tags'; tags: TagLink[] };
export type DocsTagRoute = RouteBase & { kind: 'docs-tag'; tag: TagLink; items: { title: string; href: string; description: string }[]; allTagsPath: string };
export type BlogListRoute = RouteBase & { kind: 'blog-list'; posts: PostSummary[]; page: number; totalPages: number; previousPage?: string; nextPage?: string };
export type BlogPostRoute = RouteBase & { kind: 'blog-post'; post: PostSummary; document: LoadedDocument; previous?: NavLink; next?: NavLink };
export type BlogTagsRoute = RouteBase & { kind: 'blog-tags'; tags: TagLink[] };
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
export type BlogArchiveRoute = RouteBase & { kind: 'blog-archive'; years: { year: string; posts: PostSummary[] }[] };
export type PageRoute = RouteBase & { kind: 'page'; document: LoadedDocument };
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
  | BlogTagRoute
  | BlogArchiveRoute
  | PageRoute
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
  version: DocsVersion;
  /** Recent posts for the blog sidebar. */
  blogSidebar: NavLink[];
  /** Posts newest first, for feeds. */
  posts: PostSummary[];
  /** Sizes of the static images pages show, by URL; filled in by the caller (it is I/O). */
  imageSizes: Map<string, { width: number; height: number }>;
  diagnostics: Diagnostic[];
}
