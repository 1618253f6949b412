import type { SiteData } from '../../runtime/pageData.ts';
import { absoluteUrl } from '../../runtime/head.ts';
import { escapeHtml, scriptJson } from '../../runtime/escape.ts';
import type { Redirect } from '../graph/redirects.ts';

/**
 * The file at an old address (graph/redirects.ts), as Docusaurus's client-redirects
 * plugin writes it: a script that leads on at once, keeping what the reader's address
 * carried (its ?query and #hash, unless the target names its own); a meta refresh for a
 * browser without scripts (in <noscript>: beside the script it would navigate again once
 * the page loaded, without the query and hash), and a link for one that follows neither. `canonical`
 * names the new address for crawlers, and `noindex` keeps the old one out of their index.
 * Every value is escaped where it is written (the target is the author's text).
 */
export function redirectPage(redirect: Redirect, site: Pick<SiteData, 'url' | 'baseUrl' | 'locale'>): string {
  const internal = redirect.to.startsWith('/');
  const href = internal ? `${site.baseUrl}${redirect.to.slice(1)}` : redirect.to;
  const canonical = internal ? absoluteUrl(site, redirect.to) : redirect.to;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(site.locale)}">
<head>
<meta charset="utf-8">
<title>Redirecting…</title>
<script>var to=new URL(${scriptJson(href)},location.href);if(!to.search)to.search=location.search;if(!to.hash)to.hash=location.hash;location.replace(to.href)</script>
<noscript><meta http-equiv="refresh" content="0; url=${escapeHtml(href)}"></noscript>
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta name="robots" content="noindex">
</head>
<body>
<p>This page has moved to <a href="${escapeHtml(href)}">${escapeHtml(href)}</a>.</p>
</body>
</html>
`;
}
