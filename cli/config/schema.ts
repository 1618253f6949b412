/**
 * The config schema (SPEC §3). Every option documents its default; `resolveConfig`
 * turns zod's issues into messages that name the key path, the value and what is allowed.
 */
import * as z from 'zod';
import { globSyntaxProblem } from '../content/globMatch.ts';
import { isJsonValue } from './valueShape.ts';

/** What Docusaurus passes an `editUrl` function (docusaurus-rules.md §3.11). */
export interface EditUrlParams {
  version: string;
  /** The docs folder, relative to the site folder (`docs`, `../docs`). */
  versionDocsDirPath: string;
  /** The doc's file, relative to the docs folder (`guides/setup.md`). */
  docPath: string;
  permalink: string;
  locale: string;
}

export type EditUrlFunction = (params: EditUrlParams) => string | undefined;

/** What Docusaurus passes a blog's `editUrl` function. */
export interface BlogEditUrlParams {
  /** The blog folder, relative to the site folder (`blog`). */
  blogDirPath: string;
  /** The post's file, relative to the blog folder (`2024-01-02-hello/index.md`). */
  blogPath: string;
  permalink: string;
  locale: string;
}

export type BlogEditUrlFunction = (params: BlogEditUrlParams) => string | undefined;

/**
 * Docusaurus's `createRedirects`: called with each page's path (under the base URL, as
 * Docusaurus writes it: "/docs/intro"), returns the old addresses that lead to it.
 */
export type CreateRedirectsFunction = (existingPath: string) => string | string[] | null | undefined;

/** prism-react-renderer's themes, by name (`themes.github`…), which `prism` may name instead of giving a theme's object. */
export const PRISM_THEME_NAMES = ['dracula', 'duotoneDark', 'duotoneLight', 'github', 'gruvboxMaterialDark', 'gruvboxMaterialLight', 'jettwaveDark', 'jettwaveLight', 'nightOwl', 'nightOwlLight', 'oceanicNext', 'okaidia', 'oneDark', 'oneLight', 'palenight', 'shadesOfPurple', 'synthwave84', 'ultramin', 'vsDark', 'vsLight'] as const;
/** A code theme's style: React's style keys and values (codeTheme.ts writes the ones CSS can take as they are). */
const prismStyle = z.record(z.string(), z.union([z.number(), z.string()]));
/** A Prism theme as prism-react-renderer writes one: the code's own colours, then styles by token type (and language). */
const prismTheme = z.union([
  z.enum(PRISM_THEME_NAMES),
  z.object({
    plain: prismStyle.default({}),
    styles: z.array(z.object({ types: z.array(z.string()), languages: z.array(z.string()).optional(), style: prismStyle })).default([]),
  }),
]);
export type PrismTheme = Exclude<z.output<typeof prismTheme>, string>;

/** Tags a page's <head> may hold (`headTags`); the first three have no content. */
export const HEAD_TAGS = ['link', 'meta', 'base', 'script', 'style', 'noscript'] as const;
/** An HTML tag's attributes: a name as HTML reads one (nothing that would end the tag), a text or true (written bare) or false (left out). */
const tagAttributes = z.record(z.string(), z.union([z.string(), z.boolean()])).superRefine((attributes, ctx) => {
  for (const name of Object.keys(attributes)) {
    if (!/^[A-Za-z_:][-A-Za-z0-9_:.]*$/.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'is no attribute name (letters, digits, "-", "_", ":" and ".", starting with a letter)' });
  }
});

const link = z.strictObject({
  /** Text shown. */
  label: z.string().optional(),
  /** Internal route (checked by the link check). */
  to: z.string().optional(),
  /** Outside URL (gets the external-link marker). */
  href: z.string().optional(),
  /** Raw HTML instead of a link. */
  html: z.string().optional(),
});

const logo = z.strictObject({
  src: z.string(),
  srcDark: z.string().optional(),
  alt: z.string().default(''),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number(), z.string()]).optional(),
  /** Where the logo links; @default baseUrl */
  href: z.string().optional(),
  target: z.string().optional(),
});

const navbarLinkBase = {
  label: z.string().optional(),
  to: z.string().optional(),
  href: z.string().optional(),
  /** @default 'right' */
  position: z.enum(['left', 'right']).default('right'),
  className: z.string().optional(),
};

const dropdownChild = z.strictObject({
  label: z.string(),
  to: z.string().optional(),
  href: z.string().optional(),
});

const navbarItem = z.discriminatedUnion('type', [
  /**
   * A link shows its `label`, or `html` (an icon's markup, inside the link); one with
   * neither is named by `ariaLabel` and drawn by its `className`'s CSS (the GitHub icon
   * Docusaurus sites draw so).
   */
  z
    .strictObject({ type: z.literal('default'), ...navbarLinkBase, html: z.string().optional(), ariaLabel: z.string().optional(), /** Where it opens (`_self`: an outside link in the same tab; `_blank` is their default). */ target: z.string().optional() })
    .refine((item) => item.label !== undefined || item.html !== undefined || item.ariaLabel !== undefined, { message: 'must be given when the link has neither html nor ariaLabel (a link drawn by its className is named by ariaLabel)', path: ['label'] }),
  /** `docsPluginId`: the docs instance the item links into (`docsPlugins`). @default 'default' */
  z.strictObject({ type: z.literal('doc'), ...navbarLinkBase, docId: z.string(), docsPluginId: z.string().optional() }),
  z.strictObject({ type: z.literal('docSidebar'), ...navbarLinkBase, sidebarId: z.string(), docsPluginId: z.string().optional() }),
  z.strictObject({ type: z.literal('dropdown'), ...navbarLinkBase, label: z.string(), items: z.array(dropdownChild) }),
  z.strictObject({ type: z.literal('localeDropdown'), ...navbarLinkBase, dropdownItemsBefore: z.array(dropdownChild).optional(), dropdownItemsAfter: z.array(dropdownChild).optional() }),
  /** `dropdownItemsBefore`/`After`: links listed before and after the versions (an archive of old versions, say), or the locales. */
  z.strictObject({ type: z.literal('docsVersionDropdown'), ...navbarLinkBase, docsPluginId: z.string().optional(), dropdownItemsBefore: z.array(dropdownChild).optional(), dropdownItemsAfter: z.array(dropdownChild).optional() }),
  z.strictObject({ type: z.literal('search'), position: navbarLinkBase.position, className: z.string().optional() }),
  z.strictObject({ type: z.literal('html'), position: navbarLinkBase.position, value: z.string(), className: z.string().optional() }),
]);

/** A navbar item without `type` is a plain link, as in Docusaurus. */
const navbarItemInput = z.preprocess(
  (item) => (item && typeof item === 'object' && !('type' in item) ? { type: 'default', ...item } : item),
  navbarItem,
);

/** Keys every sidebar item may carry (Docusaurus: `key`, `className`, `customProps`). */
type ItemCommon = { className?: string; customProps?: Record<string, unknown>; key?: string };

export type SidebarConfigItemInput =
  | string
  | ({ type: 'doc' | 'ref'; id: string; label?: string } & ItemCommon)
  | ({ type: 'link'; label: string; href: string; description?: string; autoAddBaseUrl?: boolean } & ItemCommon)
  | ({ type: 'html'; value: string; defaultStyle?: boolean } & ItemCommon)
  | ({ type: 'autogenerated'; dirName: string } & ItemCommon)
  | ({
      type: 'category';
      label: string;
      items: SidebarConfigItemInput[];
      link?:
        | { type: 'doc'; id: string }
        | { type: 'generated-index'; slug?: string; title?: string; description?: string; image?: string; keywords?: string[] }
        | null;
      collapsed?: boolean;
      collapsible?: boolean;
      description?: string;
    } & ItemCommon);

/** Where a category leads: a doc, a generated index of its items, or nowhere (null); in sidebars and `_category_` files alike. */
export const categoryLink = z.union([
  z.strictObject({ type: z.literal('doc'), id: z.string() }),
  z.strictObject({
    type: z.literal('generated-index'),
    slug: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    image: z.string().optional(),
    keywords: z.array(z.string()).optional(),
  }),
  z.null(),
]);

const itemCommon = {
  className: z.string().optional(),
  customProps: z.record(z.string(), z.unknown()).optional(),
  key: z.string().optional(),
};

const sidebarItem: z.ZodType<SidebarConfigItemInput> = z.lazy(() =>
  z.union([
    z.string(),
    z.strictObject({ type: z.enum(['doc', 'ref']), id: z.string(), label: z.string().optional(), ...itemCommon }),
    z.strictObject({
      type: z.literal('link'),
      label: z.string(),
      href: z.string(),
      description: z.string().optional(),
      autoAddBaseUrl: z.boolean().optional(),
      ...itemCommon,
    }),
    /** Raw HTML in the sidebar (a heading, a divider). */
    z.strictObject({ type: z.literal('html'), value: z.string(), defaultStyle: z.boolean().optional(), ...itemCommon }),
    z.strictObject({ type: z.literal('autogenerated'), dirName: z.string(), ...itemCommon }),
    z.strictObject({
      type: z.literal('category'),
      label: z.string(),
      items: z.array(sidebarItem),
      link: categoryLink.optional(),
      /** @default docs.sidebarCollapsed */
      collapsed: z.boolean().optional(),
      /** @default docs.sidebarCollapsible */
      collapsible: z.boolean().optional(),
      description: z.string().optional(),
      ...itemCommon,
    }),
  ]),
);

/** A sidebars file's content, as the config's `docs.sidebars` (versioned sidebars are checked with it). */
export const sidebarsSchema = z.record(z.string(), z.array(sidebarItem));

/** One docs version's options (Docusaurus's `docs.versions[name]`). */
const versionOptions = z.strictObject({
  /** Shown in the dropdown and the badge. @default 'Next' for current, else the name */
  label: z.string().optional(),
  /** URL part under the docs base (`''` allowed). @default '' for the last version, 'next' for current, else the name */
  path: z.string().optional(),
  /** @default none for the last version, 'unreleased' for newer ones, 'unmaintained' for older ones */
  banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
  /** "Version: X" above each page. @default true when there is more than one version */
  badge: z.boolean().optional(),
  /** Keep this version's pages out of search engines and the sitemap. @default false */
  noIndex: z.boolean().optional(),
  /** Class on the docs pages of this version. @default 'docs-version-<name>' */
  className: z.string().optional(),
});

/** A content plugin's globs (Docusaurus's `include`, `exclude`): relative to its folder, which is all the scan reads. */
const contentGlob = z.string().superRefine((glob, ctx) => {
  const problem = globProblem(glob);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const contentGlobsShape = {
  /** Which files of its folder are content, as globs relative to it; `!glob` leaves files out. @default Markdown (`**\/*.{md,mdx}`; pages: and page modules) */
  include: z.array(contentGlob).optional(),
  /** Files the include globs match that are not content. @default Docusaurus's: `_` files and folders, `*.test.*`, `__tests__` */
  exclude: z.array(contentGlob).optional(),
};

/**
 * Why a glob can match nothing in a content folder, if it cannot: globs are relative to the
 * folder and the scan reads only inside it.
 */
function globProblem(glob: string): string | undefined {
  glob = glob.replace(/^!/, '');
  if (glob.trim() === '') return 'must not be empty';
  if (glob.startsWith('/') || /^[A-Za-z]:[\\/]/.test(glob)) return 'must be relative to the content folder (no leading "/")';
  if (glob.split('/').includes('..')) return 'must stay inside the content folder (no ".." step)';
  return globSyntaxProblem(glob);
}

/** The options of one docs instance (Docusaurus's docs plugin): the classic preset's `docs`, and each of `docsPlugins`. */
const docsOptionsShape = {
  ...contentGlobsShape,
  /** @default '/' */
  routeBasePath: z.string().default('/'),
  /** Docs plugin id, used in storage keys. @default 'default' */
  pluginId: z.string().default('default'),
  /** The only version's label. @default 'Next' */
  versionLabel: z.string().default('Next'),
  /** Label shown for the docs release in the version dropdown. */
  releaseLabel: z.string().optional(),
  /** @default 'localStorage' */
  versionPersistence: z.enum(['localStorage', 'none']).default('localStorage'),
  /** The doc the docs navbar item links to. @default the first doc of the first sidebar */
  mainDocId: z.string().optional(),
  /** Sidebars by id. @default { docs: [{ type: 'autogenerated', dirName: '.' }] } */
  sidebars: z.record(z.string(), z.array(sidebarItem)).default({ docs: [{ type: 'autogenerated', dirName: '.' }] }),
  /** Publish a docs folder a second time under another path (canonical stays on the source). */
  mirrors: z.array(z.strictObject({ from: z.string(), to: z.string() })).default([]),
  /** Show drafts (dev only). @default false */
  includeDrafts: z.boolean().default(false),
  /** The version served at the docs base path. @default the first name in versions.json, else 'current' */
  lastVersion: z.string().optional(),
  /** Options per version name (`current` is the docs folder). @default {} */
  versions: z.record(z.string(), versionOptions).default({}),
  /** Build only these versions. @default every version */
  onlyIncludeVersions: z.array(z.string()).optional(),
  /** Build the docs folder as version `current` besides versions.json's. @default true */
  includeCurrentVersion: z.boolean().default(true),
  /** Build only the docs folder, ignoring versions.json. @default false */
  disableVersioning: z.boolean().default(false),
  /**
   * "Edit this page": a base URL the docs folder and file are joined to, or a function of
   * `{ version, versionDocsDirPath, docPath, permalink, locale }` (Docusaurus's editUrl).
   * @default no link
   */
  editUrl: z.union([z.string(), z.custom<EditUrlFunction>((v) => typeof v === 'function', 'must be a URL or a function')]).optional(),
  /** "Last updated on" a doc's last commit date (git), unless its front matter says `last_update`. @default false */
  showLastUpdateTime: z.boolean().default(false),
  /** "… by" the last commit's author (git), unless its front matter says `last_update`. @default false */
  showLastUpdateAuthor: z.boolean().default(false),
  /** Whether categories start closed, unless they say. @default true */
  sidebarCollapsed: z.boolean().default(true),
  /** Whether categories can be opened and closed, unless they say. @default true */
  sidebarCollapsible: z.boolean().default(true),
  /** Breadcrumbs (the categories above a doc) over each doc and category page. @default true */
  breadcrumbs: z.boolean().default(true),
};

const docsOptions = z.strictObject(docsOptionsShape);

/**
 * Another docs instance beside `docs` (Docusaurus's second `plugin-content-docs`): its own
 * folder, base path, sidebars, versions (`<pluginId>_versions.json`, `<pluginId>_versioned_docs/`)
 * and tags; doc ids and Markdown links are its own.
 */
const docsPlugin = z.strictObject({
  ...docsOptionsShape,
  /** The instance's id: in its version files' names, storage keys and navbar items' `docsPluginId`. */
  pluginId: z.string().regex(/^[\w-]+$/, 'must be letters, digits, "_" or "-"').refine((id) => id !== 'default', 'must not be "default" (that is `docs`)'),
  /** Its content folder, relative to the site folder. */
  path: z.string().min(1),
  /** Its base path; required, since two instances cannot share one (Docusaurus's default is `/docs` for each). */
  routeBasePath: z.string(),
  /** Sidebars by id. @default { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] } */
  sidebars: z.record(z.string(), z.array(sidebarItem)).default({ defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] }),
});

/**
 * The search page's path under the base URL (Docusaurus's `searchPagePath`); false: no
 * search page (the modal then has no 'See all results' link). @default 'search'
 */
const searchPagePath = z
  .union([z.string().regex(/^(?!\.\.?(\/|$))[\w.~-]+(\/(?!\.\.?(\/|$))[\w.~-]+)*$/, 'must be a path under the base URL, as "search" or "docs/search" (letters, digits, "-", "_", "." or "~" between slashes; no "." or ".." folder)'), z.literal(false)])
  .default('search');

const search = z.discriminatedUnion('provider', [
  z.strictObject({
    /** The built-in index, built with the site; no outside service. */
    provider: z.literal('local'),
    /** Where the 'Let us know.' link of an empty result points; `{query}` is replaced by the query. @default no link */
    missingResultsUrl: z.string().optional(),
    pagePath: searchPagePath,
  }),
  z.strictObject({
    provider: z.literal('algolia'),
    appId: z.string().min(1),
    apiKey: z.string().min(1),
    indexName: z.string().min(1),
    /** Filter by language and docs version tag. @default true */
    contextualSearch: z.boolean().default(true),
    /** Where the 'Let us know.' link of an empty result points; `{query}` is replaced by the query. @default no link */
    missingResultsUrl: z.string().optional(),
    pagePath: searchPagePath,
  }),
]);

export const userConfigSchema = z.strictObject({
  /** Site title, after the delimiter in every `<title>`. */
  title: z.string().min(1),
  tagline: z.string().default(''),
  /** Between page title and site title. @default '|' */
  titleDelimiter: z.string().default('|'),
  /** Data for the site's own React code (`useDocusaurusContext().siteConfig.customFields`): sent to the browser with the site data. */
  customFields: z.record(z.string(), z.unknown()).optional(),
  /** Production origin, no trailing slash; used for canonical URLs and the sitemap. */
  url: z.string().url().default('http://localhost:3000'),
  /** Path the site is served under. @default '/' */
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
    // "//host/" would make every address on the site, scripts included, another site's.
    .refine((value) => !value.includes('//'), 'must be a path without "//" (one starting with it names another site)')
    .default('/'),
  /** Route style; links are normalised only when this is set. @default undefined */
  trailingSlash: z.boolean().optional(),
  favicon: z.string().optional(),
  /**
   * The site's stylesheets, from the site folder, after the theme's (Docusaurus's
   * `theme.customCss`). @default 'src/css/custom.css' when it exists
   */
  customCss: z.union([z.string(), z.array(z.string())]).optional(),
  /**
   * Modules every page loads, from the site folder (Docusaurus's `clientModules`): a
   * stylesheet joins the site's stylesheets after customCss; a script runs in the browser
   * before the page hydrates (and once as the site's code loads for the build), and its
   * `onRouteUpdate` / `onRouteDidUpdate` exports are called around each move to a page
   * (`onRouteDidUpdate` for the first page too). @default []
   */
  clientModules: z.array(z.string().min(1)).default([]),
  /** Image for social cards (path in static/). */
  image: z.string().optional(),
  i18n: z
    .strictObject({
      defaultLocale: z.string().default('en'),
      locales: z.array(z.string()).default(['en']),
      currentLocale: z.string().optional(),
    })
    .default({ defaultLocale: 'en', locales: ['en'] }),
  /** Folders, relative to the site folder; `false` turns that part off (Docusaurus's `blog: false`). */
  paths: z
    .strictObject({
      docs: z.union([z.string(), z.literal(false)]).default('docs'),
      blog: z.union([z.string(), z.literal(false)]).default('blog'),
      pages: z.union([z.string(), z.literal(false)]).default('pages'),
      static: z.string().default('static'),
      outDir: z.string().default('build'),
    })
    .default({ docs: 'docs', blog: 'blog', pages: 'pages', static: 'static', outDir: 'build' }),
  /** The pages folder's options: which of its files are pages (React modules and Markdown). @default every page module and Markdown file but `_` ones and tests */
  pages: z.strictObject(contentGlobsShape).optional(),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: logo.optional(),
      items: z.array(navbarItemInput).default([]),
      /** @default false */
      hideOnScroll: z.boolean().default(false),
      /** `plain`: the page's own colours, Docusaurus's navbar when its config gives no style. @default 'primary' */
      style: z.enum(['dark', 'primary', 'plain']).default('primary'),
    })
    .default({ items: [], hideOnScroll: false, style: 'primary' }),
  footer: z
    .strictObject({
      /** @default 'dark' */
      style: z.enum(['dark', 'light']).default('dark'),
      /** Columns ({title, items}) or a single row of links. */
      links: z
        .union([z.array(z.strictObject({ title: z.string().optional(), items: z.array(link) })), z.array(link)])
        .default([]),
      logo: logo.optional(),
      copyright: z.string().optional(),
    })
    .default({ style: 'dark', links: [] }),
  announcementBar: z
    .strictObject({
      /** Changing the id shows the bar again to readers who closed it. */
      id: z.string().default('announcement-bar'),
      /** HTML. */
      content: z.string(),
      backgroundColor: z.string().default('#fff'),
      textColor: z.string().default('#000'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      /** @default 'light' */
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      /** @default false */
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
  docs: docsOptions
    .default({
      routeBasePath: '/',
      pluginId: 'default',
      versionLabel: 'Next',
      versionPersistence: 'localStorage',
      sidebars: { docs: [{ type: 'autogenerated', dirName: '.' }] },
      mirrors: [],
      includeDrafts: false,
      versions: {},
      includeCurrentVersion: true,
      disableVersioning: false,
      showLastUpdateTime: false,
      showLastUpdateAuthor: false,
      sidebarCollapsed: true,
      sidebarCollapsible: true,
      breadcrumbs: true,
    }),
  /**
   * The heading levels a page's table of contents lists (Docusaurus's themeConfig.tableOfContents);
   * a page's front matter (`toc_min_heading_level`, `toc_max_heading_level`) wins. @default 2 to 3
   */
  tableOfContents: z
    .strictObject({ minHeadingLevel: z.number().int().min(2).max(6).default(2), maxHeadingLevel: z.number().int().min(2).max(6).default(3) })
    .refine((toc) => toc.minHeadingLevel <= toc.maxHeadingLevel, { message: 'must not be above maxHeadingLevel', path: ['minHeadingLevel'] })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
  /** The docs sidebar (Docusaurus's themeConfig.docs.sidebar). */
  docsSidebar: z
    .strictObject({
      /** A button at its foot folds it away (on a wide screen), for reading wide; it stays folded, page to page, until unfolded. @default false */
      hideable: z.boolean().default(false),
      /** Opening a category closes the other categories at its level. @default false */
      autoCollapseCategories: z.boolean().default(false),
    })
    .default({ hideable: false, autoCollapseCategories: false }),
  /** More docs instances beside `docs`, each with its own folder and base path. @default none */
  docsPlugins: z.array(docsPlugin).optional(),
  blog: z
    .strictObject({
      ...contentGlobsShape,
      routeBasePath: z.string().default('blog'),
      title: z.string().default('Blog'),
      description: z.string().default('Blog'),
      postsPerPage: z.number().int().positive().default(10),
      /** Recent posts in the blog sidebar. @default 5 */
      sidebarCount: z.number().int().nonnegative().default(5),
      sidebarTitle: z.string().default('Recent posts'),
      /** The sidebar's posts under their year's heading, as Docusaurus (3.5+) draws them. @default false (a Docusaurus config: its themeConfig.blog.sidebar.groupByYear, true unless it says false) */
      sidebarGroupByYear: z.boolean().default(false),
      /** A page listing the authors of authors.yml at `<blog>/authors`, as Docusaurus (3.5+) makes. A Docusaurus config turns it on. @default false */
      authorsPage: z.boolean().default(false),
      /**
       * "Edit this page" on each post: a URL the blog folder and the post's file are joined
       * to, or a function of `{ blogDirPath, blogPath, permalink, locale }` (Docusaurus's editUrl).
       */
      editUrl: z.union([z.string(), z.custom<BlogEditUrlFunction>((v) => typeof v === 'function', 'must be a URL or a function')]).optional(),
      /** A post's tag tags.yml does not declare (when the blog has one), as Docusaurus's option: `warn` and `log` say so, `throw` fails the build. @default 'ignore' (a Docusaurus config: 'warn') */
      onInlineTags: z.enum(['ignore', 'log', 'warn', 'throw']).default('ignore'),
      /** A post's author written in its front matter rather than named from authors.yml, likewise. @default 'ignore' (a Docusaurus config: 'warn') */
      onInlineAuthors: z.enum(['ignore', 'log', 'warn', 'throw']).default('ignore'),
      /** A post without a `<!-- truncate -->` marker (its whole text is its summary), likewise. @default 'ignore' (a Docusaurus config: 'warn') */
      onUntruncatedBlogPosts: z.enum(['ignore', 'log', 'warn', 'throw']).default('ignore'),
    })
    .default({ routeBasePath: 'blog', title: 'Blog', description: 'Blog', postsPerPage: 10, sidebarCount: 5, sidebarTitle: 'Recent posts', sidebarGroupByYear: false, authorsPage: false, onInlineTags: 'ignore', onInlineAuthors: 'ignore', onUntruncatedBlogPosts: 'ignore' }),
  /** Click-to-zoom on content images (medium-zoom); false: none (a Docusaurus site without docusaurus-plugin-image-zoom). */
  zoom: z
    .union([z.literal(false), z.strictObject({
      /** CSS selector of zoomable images. */
      selector: z.string().default('.markdown img'),
      background: z.strictObject({ light: z.string(), dark: z.string() }).default({ light: 'rgb(255, 255, 255)', dark: 'rgb(50, 50, 50)' }),
      config: z
        .strictObject({ margin: z.number().default(0), background: z.string().default('#fff'), scrollOffset: z.number().default(40) })
        .default({ margin: 0, background: '#fff', scrollOffset: 40 }),
    })])
    .default({
      selector: '.markdown img',
      background: { light: 'rgb(255, 255, 255)', dark: 'rgb(50, 50, 50)' },
      config: { margin: 0, background: '#fff', scrollOffset: 40 },
    }),
  markdown: z
    .strictObject({
      /**
       * How Markdown files are parsed, as Docusaurus's markdown.format: 'mdx' (every file is
       * MDX: imports, JSX, {expressions}), 'detect' (only .mdx files are; .md is CommonMark
       * with raw HTML), 'md' (no file is). A file's front matter `format:` wins. @default 'mdx'
       */
      format: z.enum(['mdx', 'md', 'detect']).default('mdx'),
      /**
       * What content cannot do (an unknown component, an import it cannot resolve or
       * bundle, code it will not evaluate) fails the build instead of being a warning
       * whose element shows its children. The CLI's `--strict` sets it. @default false
       */
      strict: z.boolean().default(false),
      /**
       * The largest content file (Markdown, category file, authors or tags file) that is
       * built, in bytes; a larger one is an error naming it. A build's time and memory grow
       * with a file (1 MB of nested lists: 4 s and 600 MB), and no page that long is read. The CLI's
       * `--max-file-size` sets it. @default 1048576 (1 MB)
       */
      maxFileSize: z.number().int().positive().default(1024 * 1024),
      /**
       * The most Markdown nodes (paragraphs, list items, table cells, links, runs of
       * text…) a page may have; a denser page is an error naming the line where it passes
       * the limit. A build's time grows with them, not with bytes (1 MB of nested list
       * items is 530,000 nodes: 4.5 s to build on 2 cores), and a browser draws such a
       * page slowly; the densest real pages seen have 71,000 per MB (a changelog;
       * a docs page, 59,000).
       * @default 150000
       */
      maxNodes: z.number().int().positive().default(150_000),
      /**
       * Code blocks marked `npm2yarn` (```bash npm2yarn) as tabs: the npm command, then the
       * same command for each of `converters` (Docusaurus's @docusaurus/remark-plugin-npm2yarn,
       * which a Docusaurus config's remarkPlugins turn on). `sync`: one choice of package
       * manager for every such block on the site, remembered. @default false (off)
       */
      npm2yarn: z
        .union([z.literal(false), z.strictObject({ sync: z.boolean().default(false), converters: z.array(z.enum(['yarn', 'pnpm', 'bun'])).default(['yarn', 'pnpm']) })])
        .default(false),
      /**
       * Code blocks in the `mermaid` language as diagrams, drawn in the reader's browser by
       * Mermaid (Docusaurus's markdown.mermaid with @docusaurus/theme-mermaid); its script is
       * published with the site and loaded only by pages that show a diagram. @default false
       */
      mermaid: z.boolean().default(false),
      /**
       * `:shortcode:`s in text as their emoji (`:tada:` → 🎉), as Docusaurus's
       * markdown.emoji (remark-emoji); code keeps them. Heading anchors are made before
       * (`## Done :tada:` is `#done-tada`). @default true
       */
      emoji: z.boolean().default(true),
      /**
       * Heading anchors: `maintainCase` keeps the heading's letter case in its id
       * (`## Hello World` → `#Hello-World`), as Docusaurus's markdown.anchors.maintainCase.
       * @default { maintainCase: false }
       */
      anchors: z.strictObject({ maintainCase: z.boolean().default(false) }).default({ maintainCase: false }),
      /**
       * TeX math: `$…$` in text and `$$` blocks (and ```` ```math ```` blocks) typeset at
       * build time by KaTeX (Docusaurus's remark-math with rehype-katex, which a Docusaurus
       * config's remarkPlugins and rehypePlugins turn on). KaTeX's stylesheet and fonts are
       * published with the site and linked by the pages that show math. `true` for the
       * defaults; `singleDollarTextMath: false` leaves a single `$` as text (only `$$…$$`
       * is math); `areas`: the content that has math (a Docusaurus site lists remark-math
       * per plugin: a blog without it keeps "$5" as text); `katex`: KaTeX's options
       * (`macros`, `strict`, `trust`…), JSON values.
       * @default false
       */
      math: z
        .union([
          z.boolean().transform((on) => (on ? { singleDollarTextMath: true, areas: ['docs' as const, 'blog' as const, 'pages' as const], katex: {} } : (false as const))),
          z.strictObject({
            singleDollarTextMath: z.boolean().default(true),
            areas: z.array(z.enum(['docs', 'blog', 'pages'])).default(['docs', 'blog', 'pages']),
            katex: z
              .record(z.string(), z.unknown())
              .refine((options) => isJsonValue(options), 'must hold JSON values only (strings, numbers, booleans, lists and objects of them): KaTeX reads them on every thread that builds pages')
              .default({}),
          }),
        ])
        .default(false),
    })
    .default({ format: 'mdx', strict: false, maxFileSize: 1024 * 1024, maxNodes: 150_000, npm2yarn: false, mermaid: false, emoji: true, anchors: { maintainCase: false }, math: false }),
  /** How Mermaid draws diagrams (Docusaurus's themeConfig.mermaid): its theme in each colour mode, and its other options (`mermaid.initialize`). */
  mermaid: z
    .strictObject({
      /** @default { light: 'default', dark: 'dark' } */
      theme: z.strictObject({ light: z.string().default('default'), dark: z.string().default('dark') }).default({ light: 'default', dark: 'dark' }),
      /** @default {} */
      options: z.record(z.string(), z.unknown()).default({}),
    })
    .default({ theme: { light: 'default', dark: 'dark' }, options: {} }),
  search: search.default({ provider: 'local', pagePath: 'search' }),
  /** Stylesheets every page links in its <head>, before the theme's (Docusaurus's `stylesheets`): a URL, or the link's attributes with `href`. */
  stylesheets: z.array(z.union([z.string().min(1), tagAttributes.refine((a) => typeof a.href === 'string' && a.href !== '', 'must have an href (the stylesheet\'s URL)')])).default([]),
  /** Scripts every page loads from its <head> (Docusaurus's `scripts`): a URL, or the script's attributes with `src` (`defer: true`, `type: 'module'`…). */
  scripts: z.array(z.union([z.string().min(1), tagAttributes.refine((a) => typeof a.src === 'string' && a.src !== '', 'must have a src (the script\'s URL)')])).default([]),
  /**
   * Google Analytics through gtag.js (Docusaurus's @docusaurus/plugin-google-gtag, the classic
   * preset's `gtag`): every page loads it, and each page a reader moves to in the page (a
   * client-side navigation, a #hash) is sent as a page view. @default none
   */
  gtag: z.strictObject({ trackingID: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]), anonymizeIP: z.boolean().default(false) }).optional(),
  /** Google Tag Manager (Docusaurus's @docusaurus/plugin-google-tag-manager, the classic preset's `googleTagManager`): every page loads the container. @default none */
  googleTagManager: z.strictObject({ containerId: z.string().min(1) }).optional(),
  /**
   * Code colours (Docusaurus's themeConfig.prism): `theme` in light mode, `darkTheme` in dark
   * mode, each a prism-react-renderer theme (its name, or a theme object). Without them code
   * has the theme's own colours. @default none
   */
  prism: z
    .strictObject({
      theme: prismTheme.optional(),
      darkTheme: prismTheme.optional(),
      /**
       * Comments that mark code lines (Docusaurus's magicComments): a line that is only
       * `// <line>` marks the next line, `// <block.start>` … `// <block.end>` the lines between,
       * with `className`; the comments are taken out of the code. The first one's class also
       * marks the lines a block's meta names (`{1,3}`). @default highlight-next-line, highlight-start/-end
       */
      magicComments: z.array(z.strictObject({ className: z.string().regex(/^[\w-]+( [\w-]+)*$/, 'must be class names'), line: z.string().regex(/^[\w-]+$/).optional(), block: z.strictObject({ start: z.string().regex(/^[\w-]+$/), end: z.string().regex(/^[\w-]+$/) }).optional() })).optional(),
      /**
       * Prism's languages to highlight besides the generator's own (Docusaurus's
       * additionalLanguages), by Prism's ids: `['flow', 'scss', 'docker', 'powershell']`. @default none
       */
      additionalLanguages: z.array(z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a Prism language's id, as \"powershell\" or \"markup-templating\"")).optional(),
    })
    .optional(),
  /** Other tags every page has in its <head> (Docusaurus's `headTags`): `{ tagName, attributes, innerHTML }`, written as they are. */
  headTags: z.array(z.strictObject({ tagName: z.enum(HEAD_TAGS), attributes: tagAttributes.default({}), innerHTML: z.string().optional() })).default([]),
  /**
   * Old addresses that lead to pages, as Docusaurus's @docusaurus/plugin-client-redirects
   * makes them: each is a small HTML file at the old address that sends the reader on
   * (a meta refresh, and a script that keeps the query and #hash). Paths are under the
   * base URL. A target must be a page or static file of the site (or an http(s) URL); an
   * old address that is a page stays the page.
   */
  redirects: z
    .strictObject({
      /** Each `from` address (or list of them) leads to `to`. */
      rules: z.array(z.strictObject({ from: z.union([z.string(), z.array(z.string())]), to: z.string() })).default([]),
      /** For each page, `<page>.html` (and each other extension) leads to it: the addresses of a site that served `.html` files. */
      fromExtensions: z.array(z.string()).default([]),
      /** For each page whose path ends in `.<extension>`, the path without it leads to it. */
      toExtensions: z.array(z.string()).default([]),
      /** Called with each page's path; returns the addresses that lead to it. */
      createRedirects: z.custom<CreateRedirectsFunction>((v) => typeof v === 'function', 'must be a function').optional(),
    })
    .default({ rules: [], fromExtensions: [], toExtensions: [] }),
  /** What a broken link does to `build`. @default 'error' */
  onBrokenLinks: z.enum(['error', 'warn', 'ignore']).default('error'),
  /** What a broken #anchor does to `build`. @default 'error' */
  onBrokenAnchors: z.enum(['error', 'warn', 'ignore']).default('error'),
  /**
   * What a link to a .md or .mdx file that is no page does to `build`, where it asks for
   * more than `onBrokenLinks` (Docusaurus's `onBrokenMarkdownLinks`: such a link is a broken
   * link as well, so the stricter of the two applies). Unset: `onBrokenLinks` alone.
   */
  onBrokenMarkdownLinks: z.enum(['error', 'warn', 'ignore']).optional(),
});
