import { useEffect, useState } from 'react';
import type { PageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { useRouter } from '../../../runtime/router.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { Logo } from './Logo.tsx';
import { NavbarMobileSidebar } from './NavbarMobileSidebar.tsx';
import { NavbarItem } from './NavbarItem.tsx';

/** The fixed top bar: logo, title, items left and right, colour toggle, search, mobile toggle. */
export function Navbar({ page }: { page: PageData }) {
  const { navbar } = useSite();
  const { path } = useRouter();
  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => setMobileOpen(false), [path]);
  const hidden = useHideOnScroll(navbar.hideOnScroll, path);
  const left = navbar.items.filter((i) => i.position === 'left');
  const right = navbar.items.filter((i) => i.position !== 'left');
  return (
    <nav aria-label="Main" className={`navbar navbar--fixed-top navbar--${navbar.style}${hidden ? ' navbar--hidden' : ''}`}>
      <div className="navbar__inner">
        <div className="navbar__items">
          <button type="button" className="navbar__toggle" aria-label="Toggle navigation bar" aria-expanded={mobileOpen} onClick={() => setMobileOpen(true)}>
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <Logo />
          {left.map((item, i) => (
            <NavbarItem key={i} item={item} page={page} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map((item, i) => (
            <NavbarItem key={i} item={item} page={page} />
          ))}
          <ColorModeToggle />
        </div>
      </div>
      {mobileOpen && <NavbarMobileSidebar page={page} onClose={() => setMobileOpen(false)} />}
    </nav>
  );
}

/**
 * `hideOnScroll`: the navbar slides away while the reader scrolls down and comes back on
 * scroll up or near the top; it starts hidden when the URL has a hash (the reader jumped
 * to a heading).
 */
function useHideOnScroll(enabled: boolean, path: string): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    setHidden(window.location.hash !== '');
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 60) setHidden(false);
      else if (y > last + 4) setHidden(true);
      else if (y < last - 4) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, path]);
  return hidden;
}
