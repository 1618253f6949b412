import type { CategoryPageData } from '../../../runtime/pageData.ts';
import { useContent } from '../../../runtime/contentContext.ts';
import { DocCards } from '../components/DocCards.tsx';

/** `<DocCardList />`: a card per item of the page's sidebar category (or of `items`). */
export function DocCardList({ items }: { items?: CategoryPageData['items'] }) {
  const content = useContent();
  return <DocCards items={items ?? content.docCards} />;
}
