import { createElement, useEffect, useState, type ComponentType } from 'react';
import { useSite, withBase } from '../../../runtime/SiteContext.ts';

/** `@docusaurus/useDocusaurusContext`: the site's config as React pages read it. */
export function useDocusaurusContext() {
  const site = useSite();
  const customFields = site.customFields ?? {};
  return { siteConfig: { title: site.title, titleDelimiter: site.titleDelimiter, tagline: site.tagline, url: site.url, baseUrl: site.baseUrl, customFields }, i18n: { currentLocale: site.locale, locales: site.locales, defaultLocale: site.locale } };
}

/**
 * A React page as Docusaurus's pages plugin mounts it: with the site's config as its
 * `config` prop (its route's `modules: { config }`), which older pages read as `this.props.config`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function asSitePage(Page: ComponentType<any>): ComponentType<Record<string, unknown>> {
  return function SitePage(props) {
    return createElement(Page, { ...props, config: useDocusaurusContext().siteConfig });
  };
}

/** `@docusaurus/useBaseUrl`: a site path under the base URL (`/img/a.png` → `/base/img/a.png`). */
export function useBaseUrl(url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}): string {
  return baseUrlOf(useSite(), url, options);
}

function baseUrlOf(site: { url: string; baseUrl: string }, url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean }): string {
  if (!url || /^[a-z][a-z\d+.-]*:|^#|^\/\//i.test(url)) return url;
  if (!options.forcePrependBaseUrl && url.startsWith(site.baseUrl) && site.baseUrl !== '/') return options.absolute ? site.url + url : url;
  const path = withBase(site.baseUrl, url.startsWith('/') ? url : `/${url}`);
  return options.absolute ? site.url.replace(/\/$/, '') + path : path;
}

/** `useBaseUrlUtils()` of `@docusaurus/useBaseUrl`: `withBaseUrl`, the same rule for URLs computed in a loop. */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }) => string } {
  const site = useSite();
  return { withBaseUrl: (url, options = {}) => baseUrlOf(site, url, options) };
}

/**
 * `clsx` for sites that do not install it: class names from strings, arrays and
 * `{ name: condition }` objects, falsy parts left out.
 */
export function clsx(...parts: unknown[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    if (typeof part === 'string' || typeof part === 'number') out.push(String(part));
    else if (Array.isArray(part)) {
      const inner = clsx(...part);
      if (inner) out.push(inner);
    } else if (typeof part === 'object') for (const [name, on] of Object.entries(part)) if (on) out.push(name);
  }
  return out.join(' ');
}

/**
 * `@docusaurus/useIsBrowser`: false on the server and in the render that hydrates (so both
 * agree), true from the next one on.
 */
export function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
