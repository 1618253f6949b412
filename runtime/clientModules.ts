/**
 * The config's client modules (Docusaurus's `clientModules`), run as the bundle starts, and
 * told of each move to a page as Docusaurus tells them: `onRouteUpdate` as the move begins
 * (a function it returns is called once the new page is shown) and `onRouteDidUpdate` once
 * it is shown, each with `{ location, previousLocation }`; both for the first page too, with
 * no previous location. Never on the server: they may use the browser's globals.
 *
 * Only a site with client modules ships this: `virtual:client-modules` (clientBundle.ts)
 * gives the others two empty functions.
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

export interface RouteLifecycles {
  /** A move to `url` begins (the first page: the address loaded). */
  routeWillUpdate(url: { pathname: string; search: string; hash: string }): void;
  /** The page the reader moved to is shown (at the address the window has now). */
  routeDidUpdate(): void;
}

function locationOf(url: { pathname: string; search: string; hash: string }): RouteLocation {
  const state = history.state as { key?: string } | null;
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: state?.key };
}

/** The lifecycles of `modules` (each module's exports; a lifecycle may be its default export's, as Docusaurus also reads). */
export function routeLifecycles(modules: ClientModule[]): RouteLifecycles {
  let previous: RouteLocation | null = null;
  let afterUpdate: (() => void)[] = [];
  // A module that throws is reported and the others still run.
  const dispatch = (name: 'onRouteUpdate' | 'onRouteDidUpdate', args: Parameters<Lifecycle>[0]): unknown[] =>
    modules.map((module) => {
      const lifecycle = (module.default?.[name] ?? module[name]) as Lifecycle | undefined;
      if (typeof lifecycle !== 'function') return undefined;
      try {
        return lifecycle(args);
      } catch (error) {
        console.error(`A client module's ${name} threw:`, error);
        return undefined;
      }
    });
  return {
    routeWillUpdate(url) {
      afterUpdate = dispatch('onRouteUpdate', { location: locationOf(url), previousLocation: previous }).filter((f): f is () => void => typeof f === 'function');
    },
    routeDidUpdate() {
      const location = locationOf(window.location);
      for (const callback of afterUpdate) callback();
      afterUpdate = [];
      dispatch('onRouteDidUpdate', { location, previousLocation: previous });
      previous = location;
    },
  };
}
