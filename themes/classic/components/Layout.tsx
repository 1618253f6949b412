import type { ReactNode } from 'react';
import type { PageData } from '../../../runtime/pageData.ts';
import { useRouter } from '../../../runtime/router.ts';
import { Navbar } from './Navbar.tsx';
import { Footer } from './Footer.tsx';
import { AnnouncementBar } from './AnnouncementBar.tsx';

/** Skip link, announcement bar, navbar, the page, footer. */
export function Layout({ page, children }: { page: PageData; children: ReactNode }) {
  const { loading } = useRouter();
  return (
    <>
      <a className="skip-to-content" href="#__docusaurus_skipToContent_fallback">
        Skip to main content
      </a>
      <div className={`progress-bar${loading ? ' progress-bar--active' : ''}`} aria-hidden="true" />
      <AnnouncementBar />
      <Navbar page={page} />
      <div className="main-wrapper">{children}</div>
      <Footer />
      <div id="__route-announcer" className="sr-only" aria-live="assertive" aria-atomic="true" />
    </>
  );
}
