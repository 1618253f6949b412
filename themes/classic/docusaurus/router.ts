import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { createHistoryKey } from '../../../runtime/router.ts';

/**
 * `@docusaurus/router` (react-router 5's API) on the theme's own client router: a push is
 * `history.pushState` and then the `popstate` the router already follows, so the next
 * page loads as after any other navigation.
 */

/** The address being rendered on the server (a page has no `window` there). */
export const ServerLocationContext = createContext<string>('/');

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key?: string;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

const current = () => location.pathname + location.search + location.hash;

/** The current address; the server renders with the page's own path (with the base URL, as in Docusaurus). */
export function useLocation(): Location {
  const server = useContext(ServerLocationContext);
  const href = useSyncExternalStore(subscribe, current, () => (typeof window === 'undefined' ? server : current()));
  const url = new URL(href, 'http://site.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: typeof window === 'undefined' ? undefined : history.state };
}

type To = string | { pathname?: string; search?: string; hash?: string };

function hrefOf(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname ?? location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

function navigate(to: To, replace: boolean): void {
  const href = hrefOf(to);
  const url = new URL(href, location.href);
  // Another site, or a file: the browser goes there itself.
  if (url.origin !== location.origin) {
    location.assign(url.href);
    return;
  }
  if (replace) history.replaceState({ key: createHistoryKey() }, '', url.pathname + url.search + url.hash);
  else history.pushState({ key: createHistoryKey() }, '', url.pathname + url.search + url.hash);
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}

const browserHistory = {
  push: (to: To) => navigate(to, false),
  replace: (to: To) => navigate(to, true),
  go: (n: number) => history.go(n),
  goBack: () => history.back(),
  goForward: () => history.forward(),
  get location(): Location {
    return { pathname: location.pathname, search: location.search, hash: location.hash, state: history.state };
  },
  listen(listener: (location: Location) => void): () => void {
    return subscribe(() => listener(browserHistory.location));
  },
};

export type History = typeof browserHistory;

/** `useHistory()`: push, replace, go, listen. Only used in event handlers and effects, which run in the browser. */
export function useHistory(): History {
  return browserHistory;
}

/**
 * `<Redirect to>`: the browser goes to `to` once the page is shown. The server cannot
 * redirect a static file; the page it wrote holds nothing for readers without JavaScript.
 */
export function Redirect({ to, push = false }: { to: To; push?: boolean }): null {
  useEffect(() => navigate(to, !push), [hrefOf(typeof to === 'string' ? to : { pathname: '', ...to }), push]);
  return null;
}

/** `matchPath(pathname, { path, exact, strict })`, react-router 5's: `:name` parameters, `*` for the rest. */
export function matchPath(pathname: string, options: string | string[] | { path?: string | string[]; exact?: boolean; strict?: boolean; sensitive?: boolean }): { path: string; url: string; isExact: boolean; params: Record<string, string> } | null {
  const opts = typeof options === 'string' || Array.isArray(options) ? { path: options } : options;
  const patterns = opts.path === undefined ? [] : Array.isArray(opts.path) ? opts.path : [opts.path];
  for (const pattern of patterns) {
    const names: string[] = [];
    const body = pattern
      .split(/(:[A-Za-z_]\w*\??|\*)/)
      .map((part) => {
        if (part === '*') {
          names.push(String(names.length));
          return '(.*)';
        }
        const param = /^:([A-Za-z_]\w*)(\?)?$/.exec(part);
        if (param) {
          names.push(param[1]!);
          return param[2] ? '([^/]*)' : '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    const trimmed = opts.strict ? body : body.replace(/\/$/, '');
    const re = new RegExp(`^${trimmed}${opts.exact ? (opts.strict ? '$' : '\\/?$') : opts.strict ? '' : '(?=\\/|$)'}`, opts.sensitive ? '' : 'i');
    const match = re.exec(pathname);
    if (!match) continue;
    const url = match[0];
    const isExact = pathname === url || (!opts.strict && pathname === `${url}/`);
    if (opts.exact && !isExact) continue;
    return { path: pattern, url: pattern === '/' && url === '' ? '/' : url, isExact, params: Object.fromEntries(names.map((n, i) => [n, match[i + 1] ?? ''])) };
  }
  return null;
}
