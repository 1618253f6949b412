import { useEffect, useState } from 'react';
import type { SidebarItem } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { loadSidebar } from '../../../runtime/router.ts';

/**
 * Pages carry only the open branch of their sidebar (closed categories without their
 * items), so a 10,000-page site does not repeat its whole sidebar in every page. The
 * whole tree is fetched once after load; until then, and on the server, the page's
 * branch is used: both render the same visible items.
 */
export function useFullSidebar(sidebarId: string | undefined, pruned: SidebarItem[] | undefined): SidebarItem[] | undefined {
  const { baseUrl } = useSite();
  const [full, setFull] = useState<{ id: string; items: SidebarItem[] } | null>(null);
  useEffect(() => {
    if (!sidebarId || full?.id === sidebarId) return;
    let live = true;
    loadSidebar(baseUrl, sidebarId).then((items) => live && setFull({ id: sidebarId, items })).catch((error) => console.error(error));
    return () => {
      live = false;
    };
  }, [sidebarId, baseUrl, full?.id]);
  return full && full.id === sidebarId ? full.items : pruned;
}
