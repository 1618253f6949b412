import type { PageData, SiteData } from '../../runtime/pageData.ts';
import { headScript } from '../../runtime/headScript.ts';
import { absoluteUrl, pageTitle } from '../../runtime/head.ts';
import { escapeHtml, scriptJson } from '../../runtime/escape.ts';
import { withBase } from '../../runtime/SiteContext.ts';
import { layoutFile } from '../../themes/classic/pageLayouts.ts';

/** The client bundle's files a page links to. */
export interface PageAssets {
  /** Entry script (module). */
  script: string;
  /** Chunks the entry imports statically, preloaded so they download in parallel. */
  preload: string[];
  /** By layout source file (themes/classic/pageLayouts.ts): the chunks pages with that layout preload as well. */
  layouts: Record<string, string[]>;
  css: string[];
}

export interface DocumentInput {
  site: SiteData;
  page: PageData;
  body: string;
  assets: PageAssets;
  /** Extra `<head>` tags (feeds, favicon, social image). */
  headTags: string;
  noIndex?: boolean;
}

/** JSON that is safe inside `<script>` (see `scriptJson`). */
export const serializeData = scriptJson;

/** The complete HTML document of one page. */
export function renderDocument({ site, page, body, assets, headTags, noIndex }: DocumentInput): string {
  const title = escapeHtml(pageTitle(site, page));
  const description = escapeHtml(page.description);
  const url = absoluteUrl(site, page.permalink ?? page.path);
  const canonical = absoluteUrl(site, page.canonical ?? page.permalink ?? page.path);
  // A page's own social image (front matter `image`) replaces the site's.
  const image = page.image && (/^[a-z][a-z\d+.-]*:/i.test(page.image) ? page.image : absoluteUrl(site, page.image));
  const pageTags = [
    page.keywords ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">\n` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">\n<meta name="twitter:image" content="${escapeHtml(image)}">\n` : '',
  ].join('');
  const sharedTags = image ? headTags.replace(/<meta (property="og:image"|name="twitter:image") content="[^"]*">\n?/g, '') : headTags;
  // What a React page's <Head> says, after the theme's own tags (a later tag wins in browsers and crawlers).
  const ownTags = page.kind === 'page' && page.headTags ? page.headTags : '';
  // The Markdown is in the body already; the client reads it from there.
  const data = 'html' in page ? { ...page, html: null, headTags: undefined } : page;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(site.locale)}" dir="ltr" data-theme="${escapeHtml(site.colorMode.defaultMode)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta property="og:type" content="${page.kind === 'blog-post' ? 'article' : 'website'}">
<meta property="og:site_name" content="${escapeHtml(site.title)}">
<meta property="og:locale" content="${escapeHtml(site.locale)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${noIndex ? '<meta name="robots" content="noindex, nofollow">\n' : ''}<link rel="canonical" href="${escapeHtml(canonical)}">
${pageTags}${sharedTags}${ownTags}<script>${headScript(site)}</script>
${page.math && site.math ? `<link rel="stylesheet" href="${escapeHtml(withBase(site.baseUrl, site.math.stylesheet))}">\n` : ''}${assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
${modulePreloads(assets, page).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n')}
</head>
<body>
<div id="__docusaurus">${body}</div>
<script id="__data" type="application/json">${serializeData(data)}</script>
<script type="module" src="${escapeHtml(assets.script)}"></script>
</body>
</html>
`;
}

/** The entry's static imports, and the chunk of the page's own layout when it is not in the entry. */
function modulePreloads(assets: PageAssets, page: PageData): string[] {
  const file = layoutFile(page.kind);
  return file ? [...assets.preload, ...(assets.layouts[file] ?? [])] : assets.preload;
}
