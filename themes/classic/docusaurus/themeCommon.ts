import { useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useSite } from '../../../runtime/SiteContext.ts';
import type { CodeTheme } from '../../../runtime/pageData.ts';
import { storage, storageKeys } from '../../../runtime/storage.ts';
import { PageHeadContext } from '../../../runtime/pageHead.ts';

/**
 * `@docusaurus/theme-common`, the parts site code uses: the colour mode (the same one the
 * navbar's switch shows and sets), the code colours of that mode, the theme's class names,
 * and PageMetadata.
 */

type Mode = 'light' | 'dark';

/** The page's mode is the `data-theme` of <html> (the head script sets it before paint); any change to it is news. */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** Sets the mode as the navbar switch does: stored under `theme`, applied to <html>. */
export function applyColorMode(mode: Mode): void {
  storage.set(storageKeys.theme, mode);
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.style.colorScheme = mode;
}

/**
 * The site's colour mode and its setter. The server (and the render that hydrates, so both
 * agree) has the configured default; the page's real mode follows at once.
 */
export function useColorMode(): { colorMode: Mode; setColorMode: (mode: Mode) => void; isDarkTheme: boolean } {
  const { colorMode } = useSite();
  const mode = useSyncExternalStore(
    subscribe,
    () => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light'),
    () => colorMode.defaultMode,
  );
  return { colorMode: mode, setColorMode: applyColorMode, isDarkTheme: mode === 'dark' };
}

/**
 * The Prism theme of the page's colour mode (config `prism`: `darkTheme` in dark mode, else
 * `theme`), as Docusaurus's hook gives it: what a live-code editor or a hand-made code block
 * colours itself with (prism-react-renderer's `theme` prop). Without a theme, one that sets
 * no colour: the code has the page's.
 */
export function usePrismTheme(): CodeTheme {
  const { prismThemes } = useSite();
  const { isDarkTheme } = useColorMode();
  return (isDarkTheme ? (prismThemes?.dark ?? prismThemes?.light) : prismThemes?.light) ?? NO_THEME;
}

const NO_THEME: CodeTheme = { plain: {}, styles: [] };

/** The class names Docusaurus puts on its wrappers, which site CSS and components refer to. */
export const ThemeClassNames = {
  page: { blogListPage: 'blog-list-page', blogPostPage: 'blog-post-page', blogTagsListPage: 'blog-tags-list-page', blogTagPostListPage: 'blog-tags-post-list-page', docsDocPage: 'docs-doc-page', docsTagsListPage: 'docs-tags-list-page', docsTagDocListPage: 'docs-tags-doc-list-page', mdxPage: 'mdx-page' },
  wrapper: { main: 'main-wrapper', blogPages: 'blog-wrapper', docsPages: 'docs-wrapper', mdxPages: 'mdx-wrapper' },
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', backToTopButton: 'theme-back-to-top-button', codeBlock: 'theme-code-block', admonition: 'theme-admonition', unlistedBanner: 'theme-unlisted-banner', admonitionType: (type: string) => `theme-admonition-${type}` },
  layout: { navbar: { container: 'theme-layout-navbar' }, main: { container: 'theme-layout-main' }, footer: { container: 'theme-layout-footer' } },
  docs: { docVersionBanner: 'theme-doc-version-banner', docVersionBadge: 'theme-doc-version-badge', docBreadcrumbs: 'theme-doc-breadcrumbs', docMarkdown: 'theme-doc-markdown', docTocMobile: 'theme-doc-toc-mobile', docTocDesktop: 'theme-doc-toc-desktop', docFooter: 'theme-doc-footer', docSidebarContainer: 'theme-doc-sidebar-container' },
  blog: {},
} as const;

/** `<PageMetadata title description>`: the page's title and description, as `@theme/Layout` gives them. */
export function PageMetadata({ title, description }: { title?: string; description?: string; keywords?: string | string[]; image?: string; children?: ReactNode }): ReactNode {
  const head = useContext(PageHeadContext);
  if (head) {
    if (title !== undefined) head.title = title;
    if (description !== undefined) head.description = description;
  }
  return null;
}
