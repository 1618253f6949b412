import type { PageData, SiteData } from './pageData.ts';
import { SiteContext } from './SiteContext.ts';
import { RouterContext, type RouterState } from './router.ts';
import { Root } from '../themes/classic/Root.tsx';

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
