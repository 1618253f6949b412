import { useEffect, type ReactNode } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import { lastVersion, readPreferredVersion, savePreferredVersion } from './docsVersions.ts';
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

/**
 * Remembers the docs version a reader uses, per docs plugin (SPEC §4): a stored name that
 * matches no version is removed, and none stored becomes the latest version. Choosing a
 * version in the dropdown or the banner stores that one (docsVersions.ts).
 */
function usePreferredVersion() {
  const site = useSite();
  useEffect(() => {
    for (const docs of [site.docs, ...(site.docsPlugins ?? [])]) {
      if (docs.versionPersistence !== 'localStorage') continue;
      if (readPreferredVersion(docs) === null) savePreferredVersion(docs, lastVersion(docs).name);
    }
  }, [site]);
}
