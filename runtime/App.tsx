import { Component, type ReactNode } from 'react';
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

/** Catches a page's render error: 'This page crashed.', the message and 'Try again' (SPEC §8). */
export class PageErrorBoundary extends Component<{ children: ReactNode; fallback: (error: Error, retry: () => void) => ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('This page crashed.', error);
  }
  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}
