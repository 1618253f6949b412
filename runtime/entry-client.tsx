import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import site from 'virtual:site-data';
import siteIslands from 'virtual:site-islands';
import { IslandsContext } from './islands/IslandsContext.ts';
import type { PageData } from './pageData.ts';
import { App, loadPageIslands, preparePage } from './App.tsx';
import { addressOf, canPrefetch, createHistoryKey, forgetPageData, internalTarget, loadPageData, normalizePath, pageAddress, pageAtCleanPath, routePath, withSidebar } from './router.ts';
import { applyHead } from './head.ts';
import { takeEarlySearchKey } from './headScript.ts';
import { loadPageStylesheets } from 'virtual:page-styles';
import { routeDidUpdate, routeWillUpdate } from 'virtual:client-modules';
import '../themes/classic/styles.css';
// After the theme's: the site's code colours (config `prism`) win over its palette.
import 'virtual:site-styles';

type Scroll = { type: 'top' } | { type: 'hash'; id: string } | { type: 'restore'; y: number } | { type: 'none' };

const SCROLL_KEY = 'coinvoy.scroll';

/**
 * Everything a page needs before the client shows it: its layout, its islands' code and
 * the stylesheets its content needs (math's). Without the islands, new content would be
 * drawn as dead HTML until their chunks arrive, and a click in that time (a counter, a tab)
 * would do nothing.
 */
async function prepare(page: PageData): Promise<void> {
  await Promise.all([preparePage(page.kind), loadPageIslands(page, siteIslands), loadPageStylesheets(site, page)]);
}

function readScrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function scrollToHash(id: string) {
  const el = document.getElementById(id);
  if (el) el.scrollIntoView();
}

/**
 * Owns the client state: the page shown and whether the next one is loading. Internal
 * link clicks, back/forward and prefetching are handled here, by delegation, so themes
 * and Markdown can use plain `<a href>`.
 */
function ClientApp({ initial }: { initial: PageData }) {
  const [state, setState] = useState<{ page: PageData; loading: boolean; failure?: { message: string; retry: () => void } }>({ page: initial, loading: false });
  const pendingScroll = useRef<Scroll>({ type: 'none' });
  const currentPath = useRef(initial.path);

  const go = useCallback(async (url: URL, mode: 'push' | 'pop') => {
    let path: string;
    try {
      path = routePath(url.pathname, site.baseUrl);
    } catch (error) {
      console.error(error);
      window.location.assign(url.href);
      return;
    }
    const hashId = decodeURIComponent(url.hash.slice(1));
    routeWillUpdate(url);
    if (path === currentPath.current) {
      if (mode === 'push') history.pushState({ key: createHistoryKey() }, '', url.pathname + url.search + url.hash);
      if (hashId) scrollToHash(hashId);
      else if (mode === 'push') window.scrollTo(0, 0);
      routeUpdated();
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    try {
      const page = await loadPageData(site.baseUrl, path);
      await prepare(page);
      if (mode === 'push') {
        saveScroll();
        history.pushState({ key: createHistoryKey() }, '', addressOf(url.pathname, { path, permalink: page.permalink }, site) + url.search + url.hash);
        pendingScroll.current = hashId ? { type: 'hash', id: hashId } : { type: 'top' };
      } else {
        const key = (history.state as { key?: string } | null)?.key;
        const y = key ? readScrollPositions()[key] : undefined;
        pendingScroll.current = y !== undefined ? { type: 'restore', y } : hashId ? { type: 'hash', id: hashId } : { type: 'top' };
      }
      currentPath.current = path;
      setState({ page, loading: false });
    } catch (error) {
      console.error(error);
      if (navigator.onLine === false) {
        // Offline: a reload would only show the browser's error page. Say so, offer a retry.
        setState((s) => ({ ...s, loading: false, failure: { message: (error as Error).message, retry: () => void go(url, mode) } }));
        return;
      }
      // A payload that will not load online (deleted page, new deploy): let the browser try.
      window.location.assign(url.href);
    }
  }, []);

  useEffect(() => {
    if (!history.state?.key) history.replaceState({ key: createHistoryKey() }, '');
    const clean = normalizePath(location.pathname);
    // "x.html" is the page's own file when trailingSlash is false: shown at its URL "x", not "x/" (no such folder on the host).
    const address = site.trailingSlash === false ? pageAddress(initial, site) : clean;
    if (clean !== location.pathname && initial.kind !== 'not-found') history.replaceState(history.state, '', address + location.search + location.hash);
    if (initial.kind === 'not-found') {
      // A static host answers x.html (and x/ when pages are x.html files) with its 404 page: show x/ when it is a page, at its own address.
      void pageAtCleanPath(site, location.pathname).then(async (found) => {
        if (found) await prepare(found.page);
        if (!found || currentPath.current !== initial.path) return;
        history.replaceState(history.state, '', found.url + location.search + location.hash);
        currentPath.current = found.page.path;
        const hashId = decodeURIComponent(location.hash.slice(1));
        pendingScroll.current = hashId ? { type: 'hash', id: hashId } : { type: 'none' };
        applyHead(site, found.page);
        setState({ page: found.page, loading: false });
      });
    }
    history.scrollRestoration = 'manual';
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest('a');
      if (!anchor) return;
      const url = internalTarget(anchor, site.baseUrl);
      if (!url) return;
      event.preventDefault();
      void go(url, 'push');
    };
    const onPop = () => void go(new URL(location.href), 'pop');
    const onHover = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (anchor && canPrefetch()) prefetch(anchor);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onHover, { passive: true });
    document.addEventListener('focusin', onHover);
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', saveScroll);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('focusin', onHover);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', saveScroll);
    };
  }, [go]);

  // The first page is shown: the client modules hear of it (moves after it: routeUpdated).
  useEffect(() => routeDidUpdate(), []);

  // The head script's keeping of search keys ends with hydration, whether or not the
  // theme's search button (whose effect ran first, and took any key pressed) is on the page.
  useEffect(() => void takeEarlySearchKey(), []);

  // Pages edited on disk update in place: the dev server's own script sends this event
  // (the bundle is the same for build and dev, so dev serves exactly what build writes).
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const { paths, sidebars, pages } = (event as CustomEvent<{ paths: string[]; sidebars: boolean; pages?: Record<string, string> }>).detail;
      forgetPageData(paths, sidebars);
      if (!paths.includes(currentPath.current)) return;
      const sent = pages?.[currentPath.current];
      (sent ? withSidebar(site.baseUrl, JSON.parse(sent) as PageData) : loadPageData(site.baseUrl, currentPath.current)).then(
        (page) => prepare(page).then(() => setState({ page, loading: false })),
        () => window.location.reload(),
      );
    };
    window.addEventListener('site:dev-update', onUpdate);
    return () => window.removeEventListener('site:dev-update', onUpdate);
  }, []);

  // Links scrolled into view are prefetched when the browser is idle.
  useEffect(() => {
    if (!canPrefetch() || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        prefetch(entry.target as HTMLAnchorElement);
      }
    });
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => document.querySelectorAll('main a[href]').forEach((a) => observer.observe(a)));
    return () => observer.disconnect();
  }, [state.page]);

  useLayoutEffect(() => {
    const scroll = pendingScroll.current;
    pendingScroll.current = { type: 'none' };
    if (scroll.type === 'top') window.scrollTo(0, 0);
    else if (scroll.type === 'hash') scrollToHash(scroll.id);
    else if (scroll.type === 'restore') window.scrollTo(0, scroll.y);
    if (scroll.type !== 'none') {
      applyHead(site, state.page);
      // Move focus to the new content and announce it, as a full page load would.
      const main = document.getElementById('__docusaurus_skipToContent_fallback');
      main?.focus({ preventScroll: true });
      const live = document.getElementById('__route-announcer');
      if (live) live.textContent = state.page.title;
      routeUpdated();
    }
  }, [state.page]);

  return <App site={site} page={state.page} router={{ path: state.page.path, loading: state.loading, failure: state.failure }} />;
}

/**
 * Loads a linked page's payload ahead of the click. Not for a link within the page shown
 * (`#id`): its payload is not needed, and the not-found page's own address has none.
 */
function prefetch(anchor: HTMLAnchorElement) {
  const url = internalTarget(anchor, site.baseUrl);
  if (!url || url.pathname === location.pathname) return;
  let path: string;
  try {
    path = routePath(url.pathname, site.baseUrl);
  } catch {
    return;
  }
  loadPageData(site.baseUrl, path)
    .then(prepare)
    .catch(() => undefined);
}

/**
 * Tells the page's scripts that the reader moved to another address without a page load
 * (a link, back or forward, a #hash): what Docusaurus's client modules hear as
 * onRouteDidUpdate (analytics counts a page view; see gtagTags in cli/render/siteFiles.ts).
 */
function routeUpdated() {
  routeDidUpdate();
  window.dispatchEvent(new Event('site:route-update'));
}

function saveScroll() {
  const key = (history.state as { key?: string } | null)?.key;
  if (!key) return;
  const positions = readScrollPositions();
  positions[key] = window.scrollY;
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
  } catch {
    // Scroll restoration is a nicety; without session storage the page starts at the top.
  }
}

// Tells the head script's base-URL check that the bundle did load.
(window as unknown as { __siteLoaded?: boolean }).__siteLoaded = true;

const dataElement = document.getElementById('__data');
const root = document.getElementById('__docusaurus');
if (dataElement && root) {
  const initial = JSON.parse(dataElement.textContent ?? '{}') as PageData;
  // The Markdown is already in the page; it is not repeated in the embedded data.
  if ('html' in initial && initial.html === null) initial.html = document.getElementById('__content')?.innerHTML ?? '';
  // The page's layout chunk is preloaded by its HTML; until it is here the server's markup stays as it is.
  // Its islands' code is fetched meanwhile, not awaited: the rest of the page need not wait for it.
  void loadPageIslands(initial, siteIslands);
  // The first page is a move too, for the client modules (its onRouteDidUpdate once it is hydrated).
  routeWillUpdate(window.location);
  preparePage(initial.kind).then(
    () =>
      hydrateRoot(
        root,
        <IslandsContext.Provider value={siteIslands}>
          <ClientApp initial={initial} />
        </IslandsContext.Provider>,
        {
          onRecoverableError: (error) => console.error('Hydration problem:', error),
        },
      ),
    (error) => console.error('The page could not start:', error),
  );
}
