import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import type { SiteData } from '../../runtime/pageData.ts';
import { absoluteUrl } from '../../runtime/head.ts';
import { escapeHtml as html, escapeXml as xml, scriptJson } from '../../runtime/escape.ts';
import { urlFilePath } from '../graph/paths.ts';
import { urlOf } from '../graph/permalinks.ts';

/** sitemap.xml: every indexable route (not 404, search, copies or unlisted pages), at the URL the site writes for it. */
export function renderSitemap(graph: RouteGraph, site: SiteData, trailingSlash: boolean | undefined): string {
  const urls = graph.routes
    .filter((r) => !r.noIndex && !r.canonical && r.kind !== 'not-found')
    .map((r) => `<url><loc>${xml(absoluteUrl(site, urlOf(r, trailingSlash)))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: the site is indexable (SPEC §1) and says where its sitemap is. */
export function renderRobots(site: SiteData): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\n`;
}

/** RSS 2.0, Atom and JSON Feed of the blog, newest posts first. Dates come from posts, never the clock. */
export function renderFeeds(graph: RouteGraph, site: SiteData, config: ResolvedConfig): Record<string, string> {
  const posts = graph.posts.slice(0, 20);
  if (posts.length === 0) return {};
  const blogUrl = absoluteUrl(site, site.blog.path);
  // The blog's page as links write it: "/blog" with trailingSlash false (blog.html); the feeds stay in the folder.
  const blogPage = config.trailingSlash === false ? absoluteUrl(site, urlOf(graph.byPath.get(site.blog.path) ?? { path: site.blog.path }, false)) : blogUrl;
  const updated = posts[0]!.date;
  const rss = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xml(config.blog.title)}</title>
<link>${xml(blogPage)}</link>
<description>${xml(config.blog.description)}</description>
<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>
<language>${xml(site.locale)}</language>
<atom:link href="${xml(`${blogUrl}rss.xml`)}" rel="self" type="application/rss+xml"/>
${posts
  .map(
    (p) => `<item>
<title>${xml(p.title)}</title>
<link>${xml(absoluteUrl(site, p.permalink))}</link>
<guid>${xml(absoluteUrl(site, p.permalink))}</guid>
<pubDate>${new Date(p.date).toUTCString()}</pubDate>
<description>${xml(p.description)}</description>
${p.tags.map((t) => `<category>${xml(t.label)}</category>`).join('')}
</item>`,
  )
  .join('\n')}
</channel>
</rss>
`;
  const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xml(blogPage)}</id>
<title>${xml(config.blog.title)}</title>
<updated>${updated}</updated>
<link rel="alternate" href="${xml(blogPage)}"/>
<link rel="self" href="${xml(`${blogUrl}atom.xml`)}"/>
<subtitle>${xml(config.blog.description)}</subtitle>
${posts
  .map(
    (p) => `<entry>
<title type="html">${xml(p.title)}</title>
<id>${xml(absoluteUrl(site, p.permalink))}</id>
<link href="${xml(absoluteUrl(site, p.permalink))}"/>
<updated>${p.date}</updated>
<summary type="html">${xml(p.description)}</summary>
${p.authors.map((a) => `<author><name>${xml(a.name)}</name>${a.url ? `<uri>${xml(a.url)}</uri>` : ''}</author>`).join('')}
${p.tags.map((t) => `<category label="${xml(t.label)}" term="${xml(t.label)}"/>`).join('')}
</entry>`,
  )
  .join('\n')}
</feed>
`;
  const json = JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: config.blog.title,
      home_page_url: blogPage,
      feed_url: `${blogUrl}feed.json`,
      description: config.blog.description,
      items: posts.map((p) => ({
        id: absoluteUrl(site, p.permalink),
        url: absoluteUrl(site, p.permalink),
        title: p.title,
        summary: p.description,
        date_published: p.date,
        authors: p.authors.map((a) => ({ name: a.name, url: a.url })),
        tags: p.tags.map((t) => t.label),
      })),
    },
    null,
    2,
  );
  const dir = urlFilePath(site.blog.path);
  return { [`${dir}rss.xml`]: rss, [`${dir}atom.xml`]: atom, [`${dir}feed.json`]: `${json}\n` };
}

/** Head tags every page carries: favicon, social image, feed discovery. */
export function sharedHeadTags(site: SiteData, config: ResolvedConfig, hasBlog: boolean): string {
  const tags: string[] = [];
  const asset = (p: string) => (p.startsWith('/') ? site.baseUrl + p.slice(1) : p);
  if (config.favicon) tags.push(`<link rel="icon" href="${html(asset(config.favicon))}">`);
  if (config.image) {
    tags.push(`<meta property="og:image" content="${html(absoluteUrl(site, config.image))}">`);
    tags.push(`<meta name="twitter:image" content="${html(absoluteUrl(site, config.image))}">`);
  }
  if (hasBlog) {
    const blog = site.baseUrl + site.blog.path.slice(1);
    tags.push(`<link rel="alternate" type="application/rss+xml" href="${html(blog)}rss.xml" title="${html(config.blog.title)} RSS Feed">`);
    tags.push(`<link rel="alternate" type="application/atom+xml" href="${html(blog)}atom.xml" title="${html(config.blog.title)} Atom Feed">`);
    tags.push(`<link rel="alternate" type="application/json" href="${html(blog)}feed.json" title="${html(config.blog.title)} JSON Feed">`);
  }
  if (config.gtag) tags.push(...gtagTags(config.gtag));
  if (config.googleTagManager) tags.push(tagManagerTag(config.googleTagManager.containerId));
  // The config's own tags, as Docusaurus writes them (its URLs as written: the base URL is not put before them).
  for (const entry of config.stylesheets) tags.push(htmlTag('link', typeof entry === 'string' ? { rel: 'stylesheet', href: entry } : { rel: 'stylesheet', ...entry }));
  for (const entry of config.scripts) tags.push(htmlTag('script', typeof entry === 'string' ? { src: entry } : entry, ''));
  for (const tag of config.headTags) tags.push(htmlTag(tag.tagName, tag.attributes, tag.innerHTML));
  return tags.length ? `${tags.join('\n')}\n` : '';
}

/**
 * gtag.js as Docusaurus's gtag plugin loads it (the first tracking id names the script;
 * each is configured), and a page view for each page the reader moves to in the page: the
 * client router's `site:route-update` event (entry-client.tsx), where Docusaurus's plugin
 * uses onRouteDidUpdate. The ids are written as script strings (`scriptJson`).
 */
function gtagTags({ trackingID, anonymizeIP }: NonNullable<ResolvedConfig['gtag']>): string[] {
  const ids = typeof trackingID === 'string' ? [trackingID] : trackingID;
  const options = anonymizeIP ? ',{"anonymize_ip":true}' : '';
  return [
    '<link rel="preconnect" href="https://www.google-analytics.com">',
    '<link rel="preconnect" href="https://www.googletagmanager.com">',
    `<script async src="https://www.googletagmanager.com/gtag/js?id=${html(encodeURIComponent(ids[0]!))}"></script>`,
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());${ids.map((id) => `gtag("config",${scriptJson(id)}${options});`).join('')}addEventListener("site:route-update",function(){gtag("set","page_path",location.pathname+location.search+location.hash);gtag("event","page_view")})</script>`,
  ];
}

/** Google Tag Manager's loader, as Docusaurus's plugin writes it (its container id as a script string). */
function tagManagerTag(containerId: string): string {
  return `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({"gtm.start":new Date().getTime(),event:"gtm.js"});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src="https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(i);f.parentNode.insertBefore(j,f)})(window,document,"script","dataLayer",${scriptJson(containerId)})</script>`;
}

/** Tags without content or end tag. */
const VOID_TAGS = new Set(['link', 'meta', 'base']);

/**
 * A tag of the config's (`headTags`, `scripts`, `stylesheets`): its attributes escaped
 * (true is written bare, false left out; their names were checked by the schema), its
 * content as written, as Docusaurus's `innerHTML` is (the author's own markup).
 */
function htmlTag(name: string, attributes: Record<string, string | boolean>, content?: string): string {
  let written = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (value === true) written += ` ${key}`;
    else if (value !== false) written += ` ${key}="${html(value)}"`;
  }
  return VOID_TAGS.has(name) && !content ? `<${name}${written}>` : `<${name}${written}>${content ?? ''}</${name}>`;
}
