import { useEffect, useRef, useState } from 'react';
import type { LinkData } from '../../../runtime/pageData.ts';
import { useRouter } from '../../../runtime/router.ts';
import { NavLinkItem } from './NavLinkItem.tsx';

/** Opens on hover (desktop) and on click or keyboard; closes on Escape, outside click or navigation. */
export function Dropdown({ label, items, mobile, onSelect }: { label: string; items: LinkData[]; mobile: boolean; onSelect?: (index: number) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement & HTMLLIElement>(null);
  const { path } = useRouter();
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const list = (
    <ul className={mobile ? 'menu__list' : 'dropdown__menu'}>
      {items.map((item, i) => (
        <li key={i} className={mobile ? 'menu__list-item' : undefined} onClick={onSelect && (() => onSelect(i))}>
          <NavLinkItem link={item} className={mobile ? 'menu__link' : 'dropdown__link'} />
        </li>
      ))}
    </ul>
  );
  if (mobile) {
    return (
      <li className={`menu__list-item${open ? '' : ' menu__list-item--collapsed'}`} ref={ref}>
        <button type="button" className="menu__link menu__link--sublist" aria-expanded={open} onClick={() => setOpen(!open)}>
          {label}
        </button>
        {open && list}
      </li>
    );
  }
  return (
    <div
      ref={ref}
      className={`navbar__item dropdown dropdown--hoverable${open ? ' dropdown--show' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button type="button" className="navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {list}
    </div>
  );
}
