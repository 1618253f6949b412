import type { PageData } from '../../runtime/pageData.ts';
import { PageErrorBoundary } from './components/PageErrorBoundary.tsx';
import { Layout } from './components/Layout.tsx';
import { DocsLayout } from './components/DocsLayout.tsx';
import { DocPage } from './layouts/DocPage.tsx';
import { CategoryIndexPage } from './layouts/CategoryIndexPage.tsx';
import { PlainPage } from './layouts/PlainPage.tsx';
import { layoutModule } from './pageLayouts.ts';

/**
 * The classic theme's top: the shell (navbar, footer) stays mounted across navigations;
 * docs pages share one `DocsLayout` so the sidebar keeps its scroll and open categories.
 */
export function Root({ page }: { page: PageData }) {
  const body = (
    <PageErrorBoundary key={page.path} fallback={(error, retry) => <CrashedPage error={error} retry={retry} />}>
      <PageBody page={page} />
    </PageErrorBoundary>
  );
  const hasSidebar = (page.kind === 'doc' || page.kind === 'category-index') && page.sidebar;
  return (
    <Layout page={page}>
      {hasSidebar ? (
        <DocsLayout sidebarId={page.sidebarId!} sidebar={page.sidebar!}>
          {body}
        </DocsLayout>
      ) : (
        <main id="__docusaurus_skipToContent_fallback" tabIndex={-1} className="main">
          {body}
        </main>
      )}
    </Layout>
  );
}

/** Docs layouts are in the entry; the others are loaded before their page renders (pageLayouts.ts). */
function PageBody({ page }: { page: PageData }) {
  switch (page.kind) {
    case 'doc':
      return <DocPage page={page} />;
    case 'category-index':
      return <CategoryIndexPage page={page} />;
    case 'page':
      return <PlainPage page={page} />;
    case 'blog-list':
    case 'blog-tag':
    case 'blog-author': {
      const { BlogListPage } = layoutModule('blog');
      return <BlogListPage page={page} />;
    }
    case 'blog-post': {
      const { BlogPostPage } = layoutModule('blog');
      return <BlogPostPage page={page} />;
    }
    case 'blog-tags':
    case 'docs-tags': {
      const { TagsPage } = layoutModule('blog');
      return <TagsPage page={page} />;
    }
    case 'blog-authors': {
      const { BlogAuthorsPage } = layoutModule('blog');
      return <BlogAuthorsPage page={page} />;
    }
    case 'blog-archive': {
      const { BlogArchivePage } = layoutModule('blog');
      return <BlogArchivePage page={page} />;
    }
    case 'docs-tag': {
      const { DocsTagPage } = layoutModule('docsTag');
      return <DocsTagPage page={page} />;
    }
    case 'search': {
      const { SearchPage } = layoutModule('search');
      return <SearchPage page={page} />;
    }
    case 'not-found': {
      const { NotFoundPage } = layoutModule('notFound');
      return <NotFoundPage />;
    }
  }
}

function CrashedPage({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div className="container page-crashed" role="alert">
      <h1>This page crashed.</h1>
      <p>{error.message}</p>
      <button type="button" className="button button--primary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
