import type { PageData, SiteData } from './pageData.ts';
import { withBase } from './SiteContext.ts';

/**
 * The stylesheets a page needs beyond the site's (KaTeX's, for a page with math), added to
 * the document the first time a page needing them is shown and awaited before it is drawn,
 * so its math is never drawn unstyled. A page loaded from the server links them in its
 * <head> already; one that fails to load does not hold the page back.
 */
export function loadPageStylesheets(site: SiteData, page: PageData): Promise<void> {
  if (!page.math || !site.math) return Promise.resolve();
  const href = withBase(site.baseUrl, site.math.stylesheet);
  const present = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) => link.getAttribute('href') === href);
  // The server's link had loaded (or failed) before this script ran: a page's scripts wait for its stylesheets. Ours may still be on its way.
  if (present) return present.dataset.pending === undefined ? Promise.resolve() : loaded(present);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.pending = '';
  const done = loaded(link);
  // Before the site's own stylesheets, where the server's pages have it: theirs win where both style an element.
  document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"]'));
  return done;
}

function loaded(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      delete link.dataset.pending;
      resolve();
    };
    if (link.dataset.pending === undefined) finish();
    link.addEventListener('load', finish, { once: true });
    link.addEventListener('error', finish, { once: true });
  });
}
