import type { PlainPageData } from '../../../runtime/pageData.ts';
import { Markdown } from '../components/Markdown.tsx';

/** A Markdown page outside the docs and the blog. */
export function PlainPage({ page }: { page: PlainPageData }) {
  return (
    <div className="container container--narrow">
      <h1>{page.title}</h1>
      <Markdown html={page.html} />
    </div>
  );
}
