import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { searchPagePath, useSite } from '../../../runtime/SiteContext.ts';
import { takeEarlySearchKey } from '../../../runtime/headScript.ts';
import type { SearchModalProps } from '../../../runtime/search/SearchModal.tsx';

type ModalModule = typeof import('../../../runtime/search/SearchModal.tsx');

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));

/**
 * The navbar search entry (name 'Search', placeholder 'Search docs'). Without JavaScript it
 * is a link to the search page (when the site has one). Once hydrated it opens the DocSearch modal on click,
 * Ctrl/Cmd+K or '/' (also pressed before it was hydrated: see headScript), and Escape closes it. The modal, its styles and the index load on
 * the first hover, focus or shortcut: this file is all a page's first load carries.
 */
export function SearchButton() {
  const site = useSite();
  const button = useRef<HTMLAnchorElement>(null);
  const loading = useRef<Promise<ModalModule> | null>(null);
  const [Modal, setModal] = useState<ComponentType<SearchModalProps> | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(() => {
    loading.current ??= import('../../../runtime/search/SearchModal.tsx').then((m) => {
      m.preloadIndex(site);
      return m;
    });
    // A failed chunk is retried on the next hover or shortcut.
    loading.current.catch(() => (loading.current = null));
    return loading.current;
  }, [site]);
  const show = useCallback(() => {
    load()
      .then((m) => {
        setModal(() => m.default);
        setOpen(true);
      })
      .catch((error) => {
        const page = searchPagePath(site);
        console.error(`The search could not be loaded${page ? '; opening the search page instead' : ''}.`, error);
        if (page) window.location.assign(page);
      });
  }, [load, site]);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const toggle = event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
      if (toggle || (event.key === 'Escape' && open)) {
        event.preventDefault();
        if (open) close();
        else show();
      } else if (event.key === '/' && !open && !isTyping(event.target)) {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, show, close]);

  // A shortcut pressed before this could answer it (the page still loading) opens the modal now.
  useEffect(() => {
    if (takeEarlySearchKey()) show();
  }, [show]);

  // Without JavaScript this is a link to the search page; once the modal can open, it acts as a button.
  useEffect(() => button.current?.setAttribute('role', 'button'), []);

  const preload = () => void load().catch(() => undefined);
  return (
    <>
      <a
        ref={button}
        className="navbar__search"
        {...(searchPagePath(site) ? { href: searchPagePath(site) } : { tabIndex: 0, role: 'button' })}
        aria-label="Search"
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        // Without a search page it is no link, which Enter and Space would follow: a button's keys, then.
        onKeyDown={(event) => {
          if (searchPagePath(site) || (event.key !== 'Enter' && event.key !== ' ')) return;
          event.preventDefault();
          show();
        }}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          show();
        }}
      >
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z" stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" />
        </svg>
        <span className="navbar__search-placeholder">Search</span>
        <kbd className="navbar__search-key" aria-hidden="true">/</kbd>
      </a>
      {open && Modal && <Modal site={site} onClose={close} />}
    </>
  );
}
