import modules from 'virtual:client-modules';

/**
 * The config's client modules (Docusaurus's `clientModules`), run as the bundle starts, and
 * told of each move to a page as Docusaurus tells them: `onRouteUpdate` as the move begins
 * (a function it returns is called once the new page is shown) and `onRouteDidUpdate` once
 * it is shown, each with `{ location, previousLocation }`; both for the first page too, with
 * no previous location. Never on the server: they may use the browser's globals.
 */

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string | undefined;
}
type Lifecycle = (args: { location: RouteLocation; previousLocation: RouteLocation | null }) => unknown;
type ClientModule = { default?: Record<string, unknown> } & Record<string, unknown>;

let previous: RouteLocation | null = null;
let afterUpdate: (() => void)[] = [];

function locationOf(url: { pathname: string; search: string; hash: string }): RouteLocation {
  const state = typeof history === 'undefined' ? null : (history.state as { key?: string } | null);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: state?.key };
}

/** Each module's lifecycle of that name (its default export's, as Docusaurus also reads), called; a module that throws is reported and the others still run. */
function dispatch(name: 'onRouteUpdate' | 'onRouteDidUpdate', args: Parameters<Lifecycle>[0]): unknown[] {
  return (modules as ClientModule[]).map((module) => {
    const lifecycle = (module.default?.[name] ?? module[name]) as Lifecycle | undefined;
    if (typeof lifecycle !== 'function') return undefined;
    try {
      return lifecycle(args);
    } catch (error) {
      console.error(`A client module's ${name} threw:`, error);
      return undefined;
    }
  });
}

/** A move to `url` begins (the first page: the address loaded). */
export function routeWillUpdate(url: { pathname: string; search: string; hash: string }): void {
  if (modules.length === 0) return;
  afterUpdate = dispatch('onRouteUpdate', { location: locationOf(url), previousLocation: previous }).filter((f): f is () => void => typeof f === 'function');
}

/** The page the reader moved to is shown (at the address the window has now). */
export function routeDidUpdate(): void {
  if (modules.length === 0) return;
  const location = locationOf(window.location);
  for (const callback of afterUpdate) callback();
  afterUpdate = [];
  dispatch('onRouteDidUpdate', { location, previousLocation: previous });
  previous = location;
}
