declare module 'virtual:site-data' {
  import type { SiteData } from './pageData.ts';
  const site: SiteData;
  export default site;
}

declare module 'virtual:site-islands' {
  import type { IslandLoaders } from './islands/hydrateIslands.ts';
  const islands: IslandLoaders;
  export default islands;
}

declare module 'virtual:site-styles';

declare module 'virtual:client-modules' {
  import type { RouteLifecycles } from './clientModules.ts';
  export const routeWillUpdate: RouteLifecycles['routeWillUpdate'];
  export const routeDidUpdate: RouteLifecycles['routeDidUpdate'];
}

declare module 'virtual:page-styles' {
  import type { PageData, SiteData } from './pageData.ts';
  export function loadPageStylesheets(site: SiteData, page: PageData): Promise<void>;
}
