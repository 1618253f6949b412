import './linearEditMap.ts';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { remarkLinearStrikethrough } from './linearResolvers.ts';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import { remarkRestoreDirectives } from './directives.ts';
import { remarkAdmonitions } from './admonitions.ts';
import { remarkTabs } from './tabs.ts';
import { remarkHeadingIds } from './headings.ts';
import { remarkTruncateMarker, rehypeTruncate } from './truncate.ts';
import { codeBlockHandler } from './codeBlock.ts';
import { listItemHandler } from './listItem.ts';
import { rehypeRawWhenNeeded } from './rawHtml.ts';
import { rehypeCollectLinks } from './links.ts';
import { rehypeIdsAndAnchors } from './ids.ts';
import { rehypeTaskListLabels } from './taskLists.ts';

/**
 * The Markdown pipeline, built once per thread and reused for every file (plugins keep
 * no state between files). Order matters: links are collected before heading anchors
 * are added, and raw HTML is parsed before either looks at the tree.
 */
export const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkLinearStrikethrough)
  .use(remarkDirective)
  .use(remarkRestoreDirectives)
  .use(remarkAdmonitions)
  .use(remarkTabs)
  .use(remarkHeadingIds)
  .use(remarkTruncateMarker)
  .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeBlockHandler, listItem: listItemHandler } })
  .use(rehypeRawWhenNeeded)
  .use(rehypeTruncate)
  .use(rehypeCollectLinks)
  .use(rehypeIdsAndAnchors)
  .use(rehypeTaskListLabels)
  .freeze();
