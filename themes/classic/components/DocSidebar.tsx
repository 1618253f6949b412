import { useState } from 'react';
import type { SidebarItem } from '../../../runtime/pageData.ts';
import { sameRoute, useRouter } from '../../../runtime/router.ts';
import { useBaseUrl, useSite } from '../../../runtime/SiteContext.ts';
import { ExternalLinkIcon } from './NavLinkItem.tsx';
import { Collapsible } from './Collapsible.tsx';

/**
 * The docs sidebar landmark (desktop). With `onCollapse` (docsSidebar.hideable), a button
 * folds it away: at the foot of the screen, under the menu, which scrolls above it (as
 * Docusaurus places it), never over the menu's last items.
 */
export function DocSidebar({ items, onCollapse }: { items: SidebarItem[]; onCollapse?: () => void }) {
  const menu = (
    <nav aria-label="Docs sidebar" className="menu theme-doc-sidebar-menu">
      <SidebarMenu items={items} />
    </nav>
  );
  if (!onCollapse) return menu;
  return (
    <div className="theme-doc-sidebar-panel">
      {menu}
      <button type="button" className="theme-doc-sidebar-collapse" title="Collapse sidebar" aria-label="Collapse sidebar" onClick={onCollapse}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M18.59 16.41L20 15l-3-3 3-3-1.41-1.41L14.17 12zm-6 0L14 15l-3-3 3-3-1.41-1.41L8.17 12z" />
        </svg>
      </button>
    </div>
  );
}

function containsPath(item: SidebarItem, path: string): boolean {
  if (sameRoute(item.href, path)) return true;
  return item.type === 'category' && item.items.some((child) => containsPath(child, path));
}

/**
 * Categories open and close on click and keep the reader's choice across navigations;
 * the category holding the current page opens when the reader arrives (never closes one).
 */
export function SidebarMenu({ items }: { items: SidebarItem[] }) {
  const { path } = useRouter();
  const href = useBaseUrl();
  const autoCollapse = useSite().docsSidebar?.autoCollapseCategories === true;
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const [seenPath, setSeenPath] = useState(path);
  if (seenPath !== path) {
    // Derived from the route, during render, so the new page never flashes a closed branch.
    setSeenPath(path);
    const opened: Record<string, boolean> = {};
    const walk = (list: SidebarItem[], key: string) => {
      for (const item of list) {
        if (item.type !== 'category') continue;
        const k = `${key}/${item.label}`;
        if (containsPath(item, path)) opened[k] = true;
        walk(item.items, k);
      }
    };
    walk(items, '');
    setToggled((t) => ({ ...t, ...opened }));
  }
  const isOpen = (item: Extract<SidebarItem, { type: 'category' }>, key: string) =>
    item.collapsible === false || (toggled[key] ?? (containsPath(item, path) || !item.collapsed));
  const render = (list: SidebarItem[], key: string, level: number) => (
    <ul className="menu__list">
      {list.map((item, i) => {
        if (item.type === 'html') {
          // The sidebars file's own HTML, as Docusaurus renders it: the author wrote it, at build time.
          return (
            <li
              key={`${key}/#${i}`}
              className={`theme-doc-sidebar-item-link level-${level}${item.defaultStyle ? ' menu__list-item' : ''}${item.className ? ` ${item.className}` : ''}`}
              dangerouslySetInnerHTML={{ __html: item.value }}
            />
          );
        }
        const k = `${key}/${item.label}`;
        if (item.type === 'link') {
          const active = sameRoute(item.href, path);
          return (
            <li key={k} className={`menu__list-item theme-doc-sidebar-item-link level-${level}${item.className ? ` ${item.className}` : ''}`}>
              <a
                className={`menu__link${active ? ' menu__link--active' : ''}`}
                href={href(item.href)}
                aria-current={active ? 'page' : undefined}
                {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {item.label}
                {item.external && <ExternalLinkIcon />}
              </a>
            </li>
          );
        }
        const open = isOpen(item, k);
        const active = containsPath(item, path);
        const toggle = () =>
          setToggled((t) => {
            const next = { ...t, [k]: !open };
            // docsSidebar.autoCollapseCategories: the category opened is the only one open at its level.
            if (!open && autoCollapse) for (const other of list) if (other !== item && other.type === 'category') next[`${key}/${other.label}`] = false;
            return next;
          });
        if (item.collapsible === false) {
          // Always open: a heading over its items, nothing to click to close it.
          return (
            <li key={k} className={`menu__list-item theme-doc-sidebar-item-category level-${level}${item.className ? ` ${item.className}` : ''}`}>
              <div className="menu__list-item-collapsible">
                {item.href ? (
                  <a className={`menu__link${active ? ' menu__link--active' : ''}`} href={href(item.href)} aria-current={sameRoute(item.href, path) ? 'page' : undefined}>
                    {item.label}
                  </a>
                ) : (
                  <span className="menu__link">{item.label}</span>
                )}
              </div>
              {render(item.items, k, level + 1)}
            </li>
          );
        }
        return (
          <li key={k} className={`menu__list-item theme-doc-sidebar-item-category level-${level}${open ? '' : ' menu__list-item--collapsed'}${item.className ? ` ${item.className}` : ''}`}>
            <div className="menu__list-item-collapsible">
              {item.href ? (
                <>
                  <a className={`menu__link${active ? ' menu__link--active' : ''}`} href={href(item.href)} aria-current={sameRoute(item.href, path) ? 'page' : undefined}>
                    {item.label}
                  </a>
                  <button type="button" className="menu__caret" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`} onClick={toggle} />
                </>
              ) : (
                <button type="button" className={`menu__link menu__link--sublist${active ? ' menu__link--active' : ''}`} aria-expanded={open} onClick={toggle}>
                  {item.label}
                </button>
              )}
            </div>
            <Collapsible open={open}>{render(item.items, k, level + 1)}</Collapsible>
          </li>
        );
      })}
    </ul>
  );
  return render(items, '', 1);
}
