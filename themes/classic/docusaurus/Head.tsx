import { Children, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { PageHeadContext } from '../../../runtime/pageHead.ts';

/**
 * `@docusaurus/Head`: its children go into the page's `<head>` when the page is built, a
 * `<title>` and `<meta name="description">` as the page's own (they replace the theme's),
 * anything else as written (the server render turns them into HTML). In the browser it renders nothing: the head is already there.
 */
export default function Head({ children }: { children?: ReactNode }) {
  const head = useContext(PageHeadContext);
  if (!head) return null;
  for (const child of flatten(children)) {
    const props = child.props as { children?: ReactNode; name?: string; content?: string };
    if (child.type === 'title') head.title = textOf(props.children);
    else if (child.type === 'meta' && props.name === 'description' && typeof props.content === 'string') head.description = props.content;
    else if (typeof child.type === 'string') (head.tags ??= []).push(child);
  }
  return null;
}

/** Elements, fragments opened (as react-helmet reads them). */
function flatten(children: ReactNode): ReactElement[] {
  return Children.toArray(children).flatMap((child) => (isValidElement(child) ? (typeof child.type === 'symbol' ? flatten((child.props as { children?: ReactNode }).children) : [child]) : []));
}

function textOf(children: ReactNode): string {
  return Children.toArray(children).map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : '')).join('');
}
