import type { ReactNode } from 'react';
import type { Element } from 'hast';

/**
 * A Markdown paragraph that holds a component (MDX written inside the text) drawn as a
 * block: a component that renders a `<div>` cannot be inside a `<p>` (the browser's parser
 * moves it out, and its island could not hydrate), so such a paragraph is a `<div>` that is
 * laid out as one. Used only for pages where that happens (cli/render/renderRoute.ts);
 * the other paragraphs stay `<p>`.
 */
export function BlockParagraph({ node, children, ...props }: { node?: Element; children?: ReactNode; className?: string }) {
  const holdsComponent = node?.children.some((child) => (child.type as string) === 'mdxJsxTextElement') ?? false;
  if (!holdsComponent) return <p {...props}>{children}</p>;
  return (
    <div {...props} className={['paragraph', props.className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
