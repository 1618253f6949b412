import type { ReactNode } from 'react';
import type { AuthorData, AuthorSocial, BlogArchivePageData, BlogAuthorsPageData, BlogListPageData, BlogPostPageData, BlogSidebarItem, PostSummary, TagsPageData } from '../../../runtime/pageData.ts';
import { applyTrailingSlash, useBaseUrl, useSite } from '../../../runtime/SiteContext.ts';
import { Markdown } from '../components/Markdown.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { TagsList } from '../components/TagsList.tsx';
import { EditThisPage } from '../components/EditThisPage.tsx';
import { Toc } from '../components/Toc.tsx';
import { EXTERNAL_LINK_MARK } from '../components/NavLinkItem.tsx';

/** One formatter for every date: toLocaleDateString makes a new one per call (11 ms of a cold build of this site, on the archive page's dates). */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}

/** The posts of consecutive items with the same year (all in one group when they have none), in order. */
function byYear(items: BlogSidebarItem[]): { year?: string; items: BlogSidebarItem[] }[] {
  const groups: { year?: string; items: BlogSidebarItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.year === item.year) last.items.push(item);
    else groups.push({ year: item.year, items: [item] });
  }
  return groups;
}

function BlogSidebar({ items }: { items: BlogSidebarItem[] }) {
  const site = useSite();
  const { blog } = site;
  const href = useBaseUrl();
  if (items.length === 0) return null;
  const list = (posts: BlogSidebarItem[], key?: string) => (
    <ul key={key}>
      {posts.map((item) => (
        <li key={item.href}>
          <a href={href(item.href)}>{item.label}</a>
        </li>
      ))}
    </ul>
  );
  const groups = byYear(items);
  return (
    <aside className="blog-sidebar">
      <nav aria-label="Blog recent posts navigation">
        <div className="blog-sidebar__title">{blog.sidebarTitle}</div>
        {groups.map((group) =>
          group.year === undefined ? (
            list(group.items, 'posts')
          ) : (
            // As Docusaurus's: a group per year, named by its heading.
            <div key={group.year} role="group" aria-labelledby={`blog-sidebar-year-${group.year}`}>
              <h3 id={`blog-sidebar-year-${group.year}`} className="blog-sidebar__year">
                {group.year}
              </h3>
              {list(group.items)}
            </div>
          ),
        )}
        <a className="blog-sidebar__archive" href={href(applyTrailingSlash(`${blog.path}archive/`, site))}>
          Archive
        </a>
      </nav>
    </aside>
  );
}

function PostHeader({ post, titleLink }: { post: PostSummary; titleLink: boolean }) {
  const Heading = titleLink ? 'h2' : 'h1';
  const href = useBaseUrl();
  return (
    <header>
      <Heading className="blog-post__title">{titleLink ? <a href={href(post.permalink)}>{post.title}</a> : post.title}</Heading>
      <div className="blog-post__meta">
        <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readingMinutes} min read
      </div>
      {post.authors.length > 0 && (
        <div className="blog-post__authors">
          {post.authors.map((a) => (
            <Avatar key={a.key ?? a.name} author={a} />
          ))}
        </div>
      )}
    </header>
  );
}

/** A page of posts (the blog or one tag): summaries, 'Read more', page links. */
export function BlogListPage({ page }: { page: BlogListPageData }) {
  const href = useBaseUrl();
  return (
    <div className="container blog-layout">
      <BlogSidebar items={page.blogSidebar} />
      <div className="blog-main">
        {page.kind === 'blog-tag' && (
          <header className="blog-tag-header">
            <h1>{page.title}</h1>
            <a href={page.allTagsPath && href(page.allTagsPath)}>View all tags</a>
          </header>
        )}
        {page.kind === 'blog-author' && page.author && (
          <header className="blog-author-header">
            <Avatar author={page.author} heading>
              <small className="blog-authors__count">
                {page.author.count} post{page.author.count === 1 ? '' : 's'}
              </small>
            </Avatar>
            <a href={page.authorsPath && href(page.authorsPath)}>View all authors</a>
          </header>
        )}
        {page.kind === 'blog-list' && <h1 className="sr-only">{page.title}</h1>}
        {page.posts.map((post) => (
          <article key={post.permalink} className="blog-post blog-post--summary">
            <PostHeader post={post} titleLink />
            <Markdown html={post.excerptHtml} main={false} />
            <footer className="blog-post__footer">
              <TagsList tags={post.tags} />
              {post.hasTruncate && (
                <a className="blog-post__read-more" href={href(post.permalink)} aria-label={`Read more about ${post.title}`}>
                  Read more
                </a>
              )}
            </footer>
          </article>
        ))}
        <Pagination
          label="Blog list page navigation"
          previous={page.previousPage ? { label: 'Newer entries', href: page.previousPage } : undefined}
          next={page.nextPage ? { label: 'Older entries', href: page.nextPage } : undefined}
        />
      </div>
    </div>
  );
}

/** One post: header with authors, content, tags, newer/older post, TOC. */
export function BlogPostPage({ page }: { page: BlogPostPageData }) {
  return (
    <div className="container blog-layout">
      <BlogSidebar items={page.blogSidebar} />
      <div className="blog-main">
        <article className="blog-post">
          <PostHeader post={page.post} titleLink={false} />
          <Markdown html={page.html} />
          <footer className="blog-post__footer">
            <TagsList tags={page.post.tags} />
            {page.editUrl && <EditThisPage href={page.editUrl} className="blog-post__edit" />}
          </footer>
        </article>
        <Pagination
          label="Blog post page navigation"
          previous={page.previous && { label: page.previous.label, href: page.previous.href }}
          next={page.next && { label: page.next.label, href: page.next.href }}
        />
      </div>
      {page.toc.length > 0 && (
        <div className="blog-toc">
          <Toc items={page.toc} />
        </div>
      )}
    </div>
  );
}

/** All tags of the blog or of the docs, grouped by first letter. */
export function TagsPage({ page }: { page: TagsPageData }) {
  const groups = new Map<string, typeof page.tags>();
  for (const tag of page.tags) {
    const letter = tag.label[0]!.toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <div className="container container--narrow">
      <h1>{page.title}</h1>
      {[...groups].map(([letter, tags]) => (
        <section key={letter} className="tags-group">
          <h2>{letter}</h2>
          <TagsList tags={tags} label="" />
        </section>
      ))}
    </div>
  );
}

/** An author as posts and the authors page show them: photo, name (a link when they have a URL), title. */
/** An author: photo, name (a link to their page, else to their url), title. `heading`: the name is the page's title (their own page). */
function Avatar({ author: a, children, heading }: { author: AuthorData; children?: ReactNode; heading?: boolean }) {
  const href = useBaseUrl();
  const link = heading ? undefined : (a.page ?? a.url);
  const name = link ? <a href={href(link)}>{a.name}</a> : a.name;
  return (
    <div className="avatar">
      {a.image_url && <img className="avatar__photo" src={href(a.image_url)} alt="" width="40" height="40" loading="lazy" />}
      <div className="avatar__intro">
        {heading ? <h1 className="avatar__name">{name}</h1> : <div className="avatar__name">{name}</div>}
        {a.title && <small className="avatar__subtitle">{a.title}</small>}
        {a.socials && a.socials.length > 0 && <AuthorSocials socials={a.socials} />}
        {children}
      </div>
    </div>
  );
}

/** The platform's name as a reader knows it, for the link's label. */
const PLATFORM_NAMES: Record<string, string> = { x: 'X', github: 'GitHub', linkedin: 'LinkedIn', stackoverflow: 'Stack Overflow', youtube: 'YouTube', bluesky: 'Bluesky', email: 'Email' };
const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform.charAt(0).toUpperCase() + platform.slice(1);

/** An author's profiles (authors.yml `socials`), as Docusaurus draws them: a row of the platforms' marks, each a link named for its platform. */
function AuthorSocials({ socials }: { socials: AuthorSocial[] }) {
  return (
    <div className="author-socials">
      {socials.map((social) => (
        <a key={social.platform} className="author-socials__link" href={social.url} target="_blank" rel="noopener noreferrer" title={platformName(social.platform)} aria-label={platformName(social.platform)}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            {/* The theme's link mark for a platform without its own. */}
            <path fill="currentColor" d={social.icon ?? EXTERNAL_LINK_MARK} />
          </svg>
        </a>
      ))}
    </div>
  );
}

/** The blog's authors, as Docusaurus lists them at /blog/authors: photo, name, title, how many posts. */
export function BlogAuthorsPage({ page }: { page: BlogAuthorsPageData }) {
  return (
    <div className="container container--narrow">
      <h1>{page.title}</h1>
      <ul className="blog-authors">
        {page.authors.map((a) => (
          <li key={a.key ?? a.name}>
            <Avatar author={a}>
              <small className="blog-authors__count">
                {a.count} post{a.count === 1 ? '' : 's'}
              </small>
            </Avatar>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every post, by year. */
export function BlogArchivePage({ page }: { page: BlogArchivePageData }) {
  const href = useBaseUrl();
  return (
    <div className="container container--narrow">
      <header>
        <h1>{page.title}</h1>
        <p>{page.description}</p>
      </header>
      {page.years.map(({ year, posts }) => (
        <section key={year} className="archive-year">
          <h2>{year}</h2>
          <ul>
            {posts.map((p) => (
              <li key={p.permalink}>
                <a href={href(p.permalink)}>
                  <time dateTime={p.date}>{formatDate(p.date)}</time> – {p.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
