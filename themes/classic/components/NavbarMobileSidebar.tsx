import { useEffect, useState } from 'react';
import type { PageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { NavbarItem } from './NavbarItem.tsx';
import { Logo } from './Logo.tsx';
import { SidebarMenu } from './DocSidebar.tsx';
import { useFullSidebar } from './useFullSidebar.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';

const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * The mobile menu (below 996 px): primary menu (navbar items) and secondary menu (this
 * page's docs sidebar) with 'Back to main menu' between them. Page scrolling is locked
 * while it is open; it closes on back navigation and when the window becomes desktop-wide.
 */
export function NavbarMobileSidebar({ page, onClose }: { page: PageData; onClose: () => void }) {
  const { navbar } = useSite();
  const pruned = page.kind === 'doc' || page.kind === 'category-index' ? page.sidebar : undefined;
  const sidebar = useFullSidebar(page.kind === 'doc' || page.kind === 'category-index' ? page.sidebarId : undefined, pruned);
  const [showSecondary, setShowSecondary] = useState(Boolean(sidebar));
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const media = window.matchMedia(DESKTOP_QUERY);
    const onDesktop = () => media.matches && onClose();
    media.addEventListener('change', onDesktop);
    window.addEventListener('popstate', onClose);
    return () => {
      document.body.style.overflow = previous;
      media.removeEventListener('change', onDesktop);
      window.removeEventListener('popstate', onClose);
    };
  }, [onClose]);
  return (
    <>
      <div className="navbar-sidebar__backdrop" role="presentation" onClick={onClose} />
      <div className="navbar-sidebar">
        <div className="navbar-sidebar__brand">
          <Logo />
          <ColorModeToggle />
          <button type="button" className="navbar-sidebar__close" aria-label="Close navigation bar" onClick={onClose}>
            <svg viewBox="0 0 15 15" width="21" height="21" aria-hidden="true">
              <g stroke="currentColor" strokeWidth="1.2"><path d="M.75.75l13.5 13.5M14.25.75L.75 14.25" /></g>
            </svg>
          </button>
        </div>
        <div className={`navbar-sidebar__items${showSecondary && sidebar ? ' navbar-sidebar__items--show-secondary' : ''}`}>
          <div className="navbar-sidebar__item menu">
            <ul className="menu__list">
              {navbar.items.map((item, i) => (
                <NavbarItem key={i} item={item} mobile />
              ))}
            </ul>
          </div>
          {sidebar && (
            <div className="navbar-sidebar__item menu">
              <button type="button" className="navbar-sidebar__back" onClick={() => setShowSecondary(false)}>
                <span aria-hidden="true">← </span>Back to main menu
              </button>
              <SidebarMenu items={sidebar} />
            </div>
          )}
        </div>
      </div>
    </>
  );
}
