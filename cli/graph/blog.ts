import type { LoadedDocument } from '../content/loadDocument.ts';
import type { Author, TagDeclaration } from '../content/loadMeta.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { BlogPostRoute, BlogSidebarItem, PostSummary, Route, TagLink } from './types.ts';
import { catalog } from '../errors/catalog.ts';
import { authorSocials } from '../content/authorSocials.ts';
import type { AuthorSocial } from '../../runtime/pageData.ts';
import { fileNamesAsUrl, joinRoute } from './paths.ts';
import { tagOf } from './tags.ts';
import { kebabCase } from '../content/slug.ts';
import { blogEditUrl } from './editUrl.ts';
import { compareCodeUnits, compareText, parseDate } from './machineIndependent.ts';
import { isRealCalendarDate } from '../content/frontMatter.ts';

// Docusaurus's blog file names: a date anywhere in the path, a folder before it moving
// after it ("releases/2021-01-01-foo.md" → /2021/01/01/releases/foo).
const DATE_FILENAME_RE = /^(.*)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/;
const WORDS_PER_MINUTE = 200;

/**
 * The blog's routes: one per post, paginated lists, tags, archive.
 * - A post's date is front matter `date`, else the `YYYY-MM-DD` in its path; its route
 *   is front matter `slug`, else /blog/YYYY/MM/DD/ + the folders before the date + the
 *   rest of the path ("2021-01-01-foo/index.md" → /blog/2021/01/01/foo/), else the path
 *   without extension and `/index` ("releases/10.14.md" → /blog/releases/10.14/), as in
 *   Docusaurus's parseBlogFileName.
 * - Posts are listed newest first (ties by route); drafts are left out, unlisted posts
 *   are built but not listed.
 */
export function buildBlog(
  documents: LoadedDocument[],
  authors: Record<string, Author>,
  config: ResolvedConfig,
  declaredTags: Record<string, TagDeclaration> = {},
  authorsUnread = false,
): { routes: Route[]; posts: PostSummary[]; recent: BlogSidebarItem[]; diagnostics: Diagnostic[] } {
  const base = joinRoute(config.blog.routeBasePath);
  const diagnostics: Diagnostic[] = [];
  const authorPages = authorPagesOf(authors, joinRoute(base, 'authors'));
  const entries = documents
    .filter((d) => d.area === 'blog' && !(d.frontMatter.draft && !config.docs.includeDrafts))
    .flatMap((document) => {
      const fm = document.frontMatter;
      const match = DATE_FILENAME_RE.exec(document.relPath);
      const [y, m, d] = match ? [match[2]!, match[3]!.padStart(2, '0'), match[4]!.padStart(2, '0')] : [];
      // A path without YYYY-MM-DD has no date (as in Docusaurus); one that has it but names
      // no real day is a mistake, which would otherwise crash the build.
      if (match && !isRealCalendarDate(`${y}-${m}-${d}`)) {
        diagnostics.push({ severity: 'error', file: document.file, ...catalog.fileNameDate(`${y}-${m}-${d}`) });
        return [];
      }
      const date = fm.date ? parseDate(fm.date) : match ? new Date(`${y}-${m}-${d}T00:00:00Z`) : new Date(0);
      const slug = fileNamesAsUrl(match ? `${match[2]}/${match[3]}/${match[4]}/${match[1]}${match[5]}` : document.relPath.replace(/(?:\/index)?\.mdx?$/i, ''));
      const permalink = joinRoute(base, fm.slug ?? slug);
      const tags: TagLink[] = (fm.tags ?? []).map((t) => tagOf(t, joinRoute(base, 'tags'), declaredTags));
      // Docusaurus's checks of a post (blog.onInlineTags and the others), at the front matter key or the file.
      const check = (option: 'ignore' | 'log' | 'warn' | 'throw', key: string | undefined, entry: { code: string; message: string; hint?: string }) => {
        if (option !== 'ignore') diagnostics.push({ severity: option === 'throw' ? 'error' : 'warning', file: document.file, line: (key && document.frontMatterLines?.[key]) || 1, column: 1, ...entry });
      };
      if (Object.keys(declaredTags).length > 0) {
        // A tag written out in front matter ({ label, permalink }) is an inline one too.
        for (const t of fm.tags ?? []) if (typeof t !== 'string' || !Object.hasOwn(declaredTags, t)) check(config.blog.onInlineTags, 'tags', catalog.inlineBlogTag(typeof t === 'string' ? t : t.label));
      }
      if (document.excerptEnd === undefined) check(config.blog.onUntruncatedBlogPosts, undefined, catalog.untruncatedBlogPost());
      const postAuthors = (Array.isArray(fm.authors) ? fm.authors : fm.authors ? [fm.authors] : []).flatMap((a) => {
        if (typeof a !== 'string' && !a.key) {
          check(config.blog.onInlineAuthors, 'authors', catalog.inlineBlogAuthor(a.name ?? ''));
          const { socials: written, ...inline } = a as typeof a & { socials?: unknown };
          const made = authorSocials(written);
          const at = { file: document.file, line: document.frontMatterLines?.authors ?? 1, column: 1 };
          if ('problem' in made) diagnostics.push({ severity: 'error', ...at, ...catalog.authorSocialsInvalid(`The author "${a.name ?? ''}" in front matter`, made.problem) });
          else for (const warning of made.warnings) diagnostics.push({ severity: 'warning', ...at, ...catalog.authorSocialUnlinked(`The author "${a.name ?? ''}" in front matter`, warning) });
          return [{ name: a.name ?? '', ...inline, ...('socials' in made && made.socials.length > 0 ? { socials: made.socials } : {}) }];
        }
        const key = typeof a === 'string' ? a : a.key!;
        const found = authors[key];
        if (!found) {
          if (!authorsUnread) diagnostics.push({ severity: 'error', file: document.file, line: document.frontMatterLines?.authors ?? 1, column: 1, ...catalog.unknownAuthor(key, Object.keys(authors)) });
          return [];
        }
        // `page` is the author's own page, when authors.yml gives them one (not the option as written).
        const { page: _option, socials: _written, ...author } = found as Author & { page?: unknown };
        const page = authorPages.get(key);
        return [{ key, ...author, ...socialsOf(found), ...(page && { page }) }];
      });
      const summary: PostSummary = {
        title: document.title,
        permalink,
        date: date.toISOString(),
        description: document.description,
        excerpt: document.excerptEnd !== undefined ? { type: 'root', children: document.content.children.slice(0, document.excerptEnd) } : document.content,
        hasTruncate: document.excerptEnd !== undefined,
        // As Docusaurus shows it: whole minutes, rounded up.
        readingMinutes: Math.max(1, Math.ceil(document.words / WORDS_PER_MINUTE)),
        authors: postAuthors,
        tags,
        source: document.file,
      };
      return [{ document, summary, unlisted: fm.unlisted === true }];
    })
    .sort((a, b) => compareCodeUnits(b.summary.date, a.summary.date) || compareCodeUnits(a.summary.permalink, b.summary.permalink));

  const listed = entries.filter((e) => !e.unlisted).map((e) => e.summary);
  const routes: Route[] = [];
  entries.forEach((entry, i) => {
    const newer = entries[i - 1]?.summary;
    const older = entries[i + 1]?.summary;
    const route: BlogPostRoute = {
      kind: 'blog-post',
      path: entry.summary.permalink,
      title: entry.summary.title,
      description: entry.summary.description,
      source: entry.document.file,
      noIndex: entry.unlisted || undefined,
      post: entry.summary,
      document: entry.document,
      previous: newer && { label: newer.title, href: newer.permalink },
      next: older && { label: older.title, href: older.permalink },
    };
    const editUrl = blogEditUrl(entry.document, entry.summary.permalink, config);
    if (editUrl) route.editUrl = editUrl;
    routes.push(route);
  });
  if (entries.length === 0) return { routes, posts: [], recent: [], diagnostics };

  routes.push(
    ...paginate(listed, config.blog.postsPerPage, base).map((page) => ({
      kind: 'blog-list' as const,
      title: config.blog.title,
      description: config.blog.description,
      ...page,
    })),
  );

  const tagMap = new Map<string, { tag: TagLink; posts: PostSummary[] }>();
  for (const post of listed) {
    for (const tag of post.tags) {
      const slot = tagMap.get(tag.permalink) ?? { tag, posts: [] };
      slot.posts.push(post);
      tagMap.set(tag.permalink, slot);
    }
  }
  const tags = [...tagMap.values()]
    .map(({ tag, posts }) => ({ ...tag, count: posts.length }))
    .sort((a, b) => compareText(a.label, b.label));
  const tagsPath = joinRoute(base, 'tags');
  // As in Docusaurus: a tags page only when some post has a tag, an archive only when some post is listed.
  if (tags.length > 0) routes.push({ kind: 'blog-tags', path: tagsPath, title: 'Tags', description: `All tags used on the ${config.blog.title.toLowerCase()}.`, tags });
  for (const { tag, posts } of tagMap.values()) {
    const title = `${posts.length} post${posts.length === 1 ? '' : 's'} tagged with "${tag.label}"`;
    for (const page of paginate(posts, config.blog.postsPerPage, tag.permalink)) {
      // Its address comes from the tag's name: messages about it name a post that uses the tag.
      routes.push({ kind: 'blog-tag', title, description: `Blog posts tagged "${tag.label}".`, tag: { ...tag, count: posts.length }, allTagsPath: tagsPath, madeBy: posts[0]?.source, ...page });
    }
  }

  // As in Docusaurus: a list of the authors whenever the authors map has any, with their listed posts counted.
  if (config.blog.authorsPage && Object.keys(authors).length > 0) {
    const counts = new Map<string, number>();
    for (const post of listed) for (const a of post.authors) if (a.key) counts.set(a.key, (counts.get(a.key) ?? 0) + 1);
    const list = Object.entries(authors).map(([key, a]) => ({ key, name: a.name, title: a.title, url: a.url, image_url: a.image_url, ...socialsOf(a), ...(authorPages.has(key) && { page: authorPages.get(key) }), count: counts.get(key) ?? 0 }));
    routes.push({ kind: 'blog-authors', path: joinRoute(base, 'authors'), title: 'Authors', description: `The authors of the ${config.blog.title.toLowerCase()}.`, authors: list });
  }
  // As in Docusaurus (3.5): an author whom authors.yml gives a `page` has one, listing their posts as the blog lists them.
  for (const [key, permalink] of authorPages) {
    const a = authors[key]!;
    const posts = listed.filter((post) => post.authors.some((author) => author.key === key));
    const author = { key, name: a.name, title: a.title, url: a.url, image_url: a.image_url, ...socialsOf(a), page: permalink, count: posts.length };
    for (const page of paginate(posts, config.blog.postsPerPage, permalink)) {
      routes.push({ kind: 'blog-author', title: a.name, description: `Posts by ${a.name}.`, author, authorsPath: joinRoute(base, 'authors'), ...page });
    }
  }

  const years = new Map<string, PostSummary[]>();
  for (const post of listed) {
    const year = post.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  if (listed.length > 0) routes.push({
    kind: 'blog-archive',
    path: joinRoute(base, 'archive'),
    title: 'Archive',
    description: `Every post of the ${config.blog.title.toLowerCase()}, by year.`,
    years: [...years].map(([year, posts]) => ({ year, posts })),
  });

  // A post's year is its date's, as written (the date is the post's day wherever it is read).
  const recent = listed.slice(0, config.blog.sidebarCount).map((p) => ({ label: p.title, href: p.permalink, ...(config.blog.sidebarGroupByYear ? { year: p.date.slice(0, 4) } : {}) }));
  return { routes, posts: listed, recent, diagnostics };
}

/**
 * The page of each author authors.yml gives one, by key, as Docusaurus makes it: under the
 * authors page, `page: true` at the kebab case of the key, `page: { permalink }` there.
 */
/** An authors.yml author's socials, made links when it was read (loadAuthors), when it has any. */
const socialsOf = (author: Author): { socials?: AuthorSocial[] } => (Array.isArray(author.socials) && author.socials.length > 0 ? { socials: author.socials as AuthorSocial[] } : {});

function authorPagesOf(authors: Record<string, Author>, authorsPath: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [key, author] of Object.entries(authors)) {
    const page = (author as { page?: unknown }).page;
    const slug = page === true ? kebabCase(key) : page && typeof page === 'object' && typeof (page as { permalink?: unknown }).permalink === 'string' ? (page as { permalink: string }).permalink : undefined;
    if (slug !== undefined) pages.set(key, joinRoute(authorsPath, slug));
  }
  return pages;
}

function paginate(posts: PostSummary[], perPage: number, base: string) {
  const totalPages = Math.max(1, Math.ceil(posts.length / perPage));
  const pagePath = (n: number) => (n === 1 ? base : joinRoute(base, 'page', String(n)));
  return Array.from({ length: totalPages }, (_, i) => ({
    path: pagePath(i + 1),
    posts: posts.slice(i * perPage, (i + 1) * perPage),
    page: i + 1,
    totalPages,
    previousPage: i > 0 ? pagePath(i) : undefined,
    nextPage: i + 1 < totalPages ? pagePath(i + 2) : undefined,
  }));
}
