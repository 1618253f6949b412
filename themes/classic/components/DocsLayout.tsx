import { useEffect, type ReactNode } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import { storage, storageKeys } from '../../../runtime/storage.ts';
import type { SidebarItem } from '../../../runtime/pageData.ts';
import { DocSidebar } from './DocSidebar.tsx';
import { useFullSidebar } from './useFullSidebar.ts';

/** Sidebar beside the page; stays mounted across docs pages so it keeps scroll and open categories. */
export function DocsLayout({ sidebarId, sidebar, children }: { sidebarId: string; sidebar: SidebarItem[]; children: ReactNode }) {
  const items = useFullSidebar(sidebarId, sidebar) ?? sidebar;
  usePreferredVersion();
  return (
    <div className="docs-wrapper">
      <aside className="theme-doc-sidebar-container">
        <DocSidebar items={items} />
      </aside>
      <main className="docs-main" id="__docusaurus_skipToContent_fallback" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The one docs version's name (SPEC §3). */
const VERSION_NAMES = ['current'];

/**
 * Remembers the docs version a reader uses, per docs plugin (SPEC §4); a stored name that
 * matches no version is removed.
 */
function usePreferredVersion() {
  const { docs } = useSite();
  useEffect(() => {
    if (docs.versionPersistence !== 'localStorage') return;
    const key = storageKeys.preferredVersion(docs.pluginId);
    const stored = storage.get(key);
    if (stored !== null && !VERSION_NAMES.includes(stored)) storage.remove(key);
    if (storage.get(key) === null) storage.set(key, VERSION_NAMES[0]!);
  }, [docs]);
}
