import { useContext, type ReactNode } from 'react';
import { PageHeadContext } from '../../../runtime/pageHead.ts';

/**
 * `@theme/Layout` as a React page uses it: the navbar and footer are the theme's shell
 * around every page already, so this gives the page's title and description to the
 * document's head and wraps the content as Docusaurus's Layout does.
 */
export default function Layout({ title, description, wrapperClassName, children }: { title?: string; description?: string; wrapperClassName?: string; noFooter?: boolean; children?: ReactNode }) {
  const head = useContext(PageHeadContext);
  if (head) {
    if (title !== undefined) head.title = title;
    if (description !== undefined) head.description = description;
  }
  return <div className={['site-page', wrapperClassName].filter(Boolean).join(' ')}>{children}</div>;
}
