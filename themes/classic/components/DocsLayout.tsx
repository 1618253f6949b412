import type { ReactNode } from 'react';
import type { SidebarItem } from '../../../runtime/pageData.ts';
import { DocSidebar } from './DocSidebar.tsx';
import { useFullSidebar } from './useFullSidebar.ts';

/** Sidebar beside the page; stays mounted across docs pages so it keeps scroll and open categories. */
export function DocsLayout({ sidebarId, sidebar, children }: { sidebarId: string; sidebar: SidebarItem[]; children: ReactNode }) {
  const items = useFullSidebar(sidebarId, sidebar) ?? sidebar;
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
