import type { ReactNode } from 'react';
import type { PageData } from '../../../runtime/pageData.ts';
import { useRouter } from '../../../runtime/router.ts';
import { Navbar } from './Navbar.tsx';
import { Footer } from './Footer.tsx';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { ImageZoom } from './ImageZoom.tsx';

/** Skip link, announcement bar, navbar, the page, footer. */
export function Layout({ page, children }: { page: PageData; children: ReactNode }) {
  const { loading, failure } = useRouter();
  return (
    <>
      <a className="skip-to-content" href="#__docusaurus_skipToContent_fallback">
        Skip to main content
      </a>
      <ProgressBar loading={loading} />
      <AnnouncementBar />
      <Navbar page={page} />
      <div className="main-wrapper">
        {failure ? (
          <main id="__docusaurus_skipToContent_fallback" tabIndex={-1} className="container page-load-failure" role="alert">
            <h1>This page could not be loaded</h1>
            <p>{failure.message}</p>
            <p>You seem to be offline. Check your connection, then try again.</p>
            <button type="button" className="button button--primary" onClick={failure.retry}>
              Retry
            </button>
          </main>
        ) : (
          children
        )}
      </div>
      <Footer />
      <ImageZoom />
      <div id="__route-announcer" className="sr-only" aria-live="assertive" aria-atomic="true" />
    </>
  );
}
