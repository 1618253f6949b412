import { useEffect, useState } from 'react';
import type { SidebarItem } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { currentSidebarsVersion, loadSidebar } from '../../../runtime/router.ts';

/**
 * Pages carry only the open branch of their sidebar (closed categories without their
 * items), so a 10,000-page site does not repeat its whole sidebar in every page. The
 * whole tree is fetched once after load; until then, and on the server, the page's
 * branch is used: both render the same visible items.
 */
export function useFullSidebar(sidebarId: string | undefined, pruned: SidebarItem[] | undefined): SidebarItem[] | undefined {
  const { baseUrl } = useSite();
  const [full, setFull] = useState<{ id: string; version: number; items: SidebarItem[] } | null>(null);
  // Only the dev server drops sidebars (after an edit); the version tells this view to refetch.
  const version = currentSidebarsVersion();
  useEffect(() => {
    if (!sidebarId || (full?.id === sidebarId && full.version === version)) return;
    let live = true;
    loadSidebar(baseUrl, sidebarId).then((items) => live && setFull({ id: sidebarId, version, items })).catch((error) => console.error(error));
    return () => {
      live = false;
    };
  }, [sidebarId, baseUrl, version, full?.id, full?.version]);
  return full && full.id === sidebarId ? full.items : pruned;
}
