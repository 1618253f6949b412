import { useContext, type ReactNode } from 'react';
import { heading } from '../content/Heading.tsx';
import { PageHeadContext } from '../../../runtime/pageHead.ts';

const levels = { h2: heading('h2'), h3: heading('h3'), h4: heading('h4'), h5: heading('h5'), h6: heading('h6') };

/** `@theme/Heading`: `<Heading as="h2" id="x">`, with its anchor link as in content (an h1 has none). */
export default function Heading({ as, ...props }: { as: 'h1' | keyof typeof levels; id?: string; className?: string; children?: ReactNode }) {
  // A link to #id on this page is checked against the ids headings give (as Docusaurus collects them).
  const head = useContext(PageHeadContext);
  if (head && props.id) head.anchors.push(props.id);
  if (as === 'h1' || !levels[as]) {
    const Tag = as === 'h1' ? 'h1' : 'h2';
    return <Tag {...props} />;
  }
  const Level = levels[as];
  return <Level {...props} />;
}
