import { createContext, useContext } from 'react';
import type { SiteData } from './pageData.ts';

export const SiteContext = createContext<SiteData | null>(null);

/** The site-wide data; throws when used outside `<SiteContext.Provider>` (SPEC §8). */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() was used outside its provider: wrap the tree in <SiteContext.Provider>.');
  return site;
}
