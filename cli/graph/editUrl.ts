import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { DocEntry } from './docs.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';

/**
 * The doc's "Edit this page" link, by Docusaurus's rules: front matter `custom_edit_url`
 * wins (`null` means none); a string `editUrl` is joined with the docs folder (as the
 * site names it) and the file; a function is called with the doc's paths. None without
 * either. A function that throws gives no link rather than failing the build: it is the
 * author's code, run for every doc.
 */
export function docEditUrl(entry: DocEntry, config: ResolvedConfig): string | undefined {
  const custom = (entry.document.frontMatter as Record<string, unknown>).custom_edit_url;
  if (custom === null) return undefined;
  if (typeof custom === 'string') return custom;
  const editUrl = config.docs.editUrl;
  const docsDir = config.paths.docs === false ? 'docs' : config.paths.docs;
  const versionDocsDirPath = path.posix.normalize(docsDir.split(path.sep).join('/')).replace(/\/$/, '');
  if (typeof editUrl === 'string') return joinUrl(editUrl, versionDocsDirPath, entry.document.relPath);
  if (typeof editUrl === 'function') {
    try {
      const url = editUrl({ version: 'current', versionDocsDirPath, docPath: entry.document.relPath, permalink: docusaurusPermalink(entry.path, config), locale: config.i18n.defaultLocale });
      return typeof url === 'string' && url ? url : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * A blog post's "Edit this page" link, by the same rules: front matter `custom_edit_url`
 * first; a string `blog.editUrl` joined with the blog folder and the post's file; a
 * function called with them and the post's permalink.
 */
export function blogEditUrl(document: LoadedDocument, permalink: string, config: ResolvedConfig): string | undefined {
  const custom = (document.frontMatter as Record<string, unknown>).custom_edit_url;
  if (custom === null) return undefined;
  if (typeof custom === 'string') return custom;
  const editUrl = config.blog.editUrl;
  const blogDir = config.paths.blog === false ? 'blog' : config.paths.blog;
  const blogDirPath = path.posix.normalize(blogDir.split(path.sep).join('/')).replace(/\/$/, '');
  if (typeof editUrl === 'string') return joinUrl(editUrl, blogDirPath, document.relPath);
  if (typeof editUrl === 'function') {
    try {
      const url = editUrl({ blogDirPath, blogPath: document.relPath, permalink: docusaurusPermalink(permalink, config), locale: config.i18n.defaultLocale });
      return typeof url === 'string' && url ? url : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A route's permalink as Docusaurus gives it to an editUrl function: under the base URL, its slash as trailingSlash says (none unless true). */
function docusaurusPermalink(route: string, config: ResolvedConfig): string {
  const full = config.baseUrl + route.slice(1);
  return config.trailingSlash === true || full === config.baseUrl ? full : full.replace(/\/$/, '');
}

/** Docusaurus's normalizeUrl for this case: parts joined by single slashes, the scheme's `//` kept. */
function joinUrl(...parts: string[]): string {
  const [first, ...rest] = parts;
  return [first!.replace(/\/+$/, ''), ...rest.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean)].join('/');
}
