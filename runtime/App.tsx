import type { PageData, SiteData } from './pageData.ts';
import { SiteContext } from './SiteContext.ts';
import { RouterContext, type RouterState } from './router.ts';
import { Root } from '../themes/classic/Root.tsx';

/** What the theme must load before it can show a page (its layout's chunk): awaited before hydration and each navigation. */
export { loadLayout as preparePage } from '../themes/classic/pageLayouts.ts';
/** Loads the components of a page's islands: awaited before a navigation shows it, so its content is live once drawn. */
export { loadPageIslands } from '../themes/classic/islands.ts';

export interface AppProps {
  site: SiteData;
  page: PageData;
  router: RouterState;
}

/** The tree both `renderToString` and `hydrateRoot` render: providers around the theme. */
export function App({ site, page, router }: AppProps) {
  return (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <Root page={page} />
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
}
