import './linearEditMap.ts';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import { remarkRestoreDirectives } from './directives.ts';
import { remarkAdmonitions } from './admonitions.ts';
import { remarkTabs } from './tabs.ts';
import { remarkHeadingIds } from './headings.ts';
import { remarkTruncateMarker, rehypeTruncate } from './truncate.ts';
import { codeBlockHandler } from './codeBlock.ts';
import { rehypeRawWhenNeeded } from './rawHtml.ts';
import { rehypeCollectLinks } from './links.ts';
import { rehypeCollectIds } from './ids.ts';
import { rehypeTaskListLabels } from './taskLists.ts';

/**
 * The Markdown pipeline, built once per thread and reused for every file (plugins keep
 * no state between files). Order matters: raw HTML is parsed into elements before links
 * and ids are collected from the tree.
 */
export const markdownProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkRestoreDirectives)
  .use(remarkAdmonitions)
  .use(remarkTabs)
  .use(remarkHeadingIds)
  .use(remarkTruncateMarker)
  // MDX elements (and Markdown's forms of the theme's components) pass to hast as they are,
  // their children converted: the theme's components render them.
  .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeBlockHandler }, passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'] })
  .use(rehypeRawWhenNeeded)
  .use(rehypeTruncate)
  .use(rehypeCollectLinks)
  .use(rehypeCollectIds)
  .use(rehypeTaskListLabels)
  .freeze();
