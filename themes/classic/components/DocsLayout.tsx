import { useEffect, useState, type ReactNode } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import { lastVersion, readPreferredVersion, savePreferredVersion } from './docsVersions.ts';
import type { SidebarItem } from '../../../runtime/pageData.ts';
import { DocSidebar } from './DocSidebar.tsx';
import { useFullSidebar } from './useFullSidebar.ts';

/** Sidebar beside the page; stays mounted across docs pages so it keeps scroll and open categories. */
export function DocsLayout({ sidebarId, sidebar, children }: { sidebarId: string; sidebar: SidebarItem[]; children: ReactNode }) {
  const items = useFullSidebar(sidebarId, sidebar) ?? sidebar;
  const { docsSidebar } = useSite();
  // Folded by the reader (docsSidebar.hideable): kept while they move from doc to doc, as this layout stays mounted.
  const [hidden, setHidden] = useState(false);
  usePreferredVersion();
  return (
    <div className="docs-wrapper">
      <aside className={`theme-doc-sidebar-container${hidden ? ' theme-doc-sidebar-container--hidden' : ''}`}>
        {hidden ? (
          <button type="button" className="theme-doc-sidebar-expand" title="Expand sidebar" aria-label="Expand sidebar" onClick={() => setHidden(false)}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path fill="currentColor" d="M5.41 7.59L4 9l3 3-3 3 1.41 1.41L9.83 12zm6 0L10 9l3 3-3 3 1.41 1.41L15.83 12z" />
            </svg>
          </button>
        ) : (
          <DocSidebar items={items} onCollapse={docsSidebar?.hideable ? () => setHidden(true) : undefined} />
        )}
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
