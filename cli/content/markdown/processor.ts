import './linearEditMap.ts';
import './linearDocument.ts';
import { unified, type PluggableList } from 'unified';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { parseFast } from './fastParser.ts';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { remarkLinearStrikethrough } from './linearResolvers.ts';
import { footnoteReferenceHandler, remarkLinearFootnotes } from './linearLookups.ts';
import { MdxCodeParser } from './acornParser.ts';
import { remarkAutolinkLiteralsWhereNeeded } from './autolinkLiterals.ts';
import { remarkAutolinkLiteralStarts } from './autolinkLiteralStarts.ts';
import remarkDirective from 'remark-directive';
import remarkRehype, { type Options as RemarkRehypeOptions } from 'remark-rehype';
import remarkMdx from 'remark-mdx';
import { remarkMdxContent } from './mdx.ts';
import { remarkRestoreDirectives } from './directives.ts';
import { remarkAdmonitions } from './admonitions.ts';
import { remarkTabs } from './tabs.ts';
import { remarkNpm2Yarn } from './npm2yarn.ts';
import { remarkHeadingIds } from './headings.ts';
import { remarkTruncateMarker, rehypeTruncate } from './truncate.ts';
import { codeBlockHandler } from './codeBlock.ts';
import { listItemHandler } from './listItem.ts';
import { tableRowHandler } from './tableRow.ts';
import { rehypeRawWhenNeeded } from './rawHtml.ts';
import { rehypeCollectLinks } from './links.ts';
import { rehypeCollectIds } from './ids.ts';
import { rehypeTaskListLabels } from './taskLists.ts';
import remarkMath from 'remark-math';
import { rehypeMath } from './math.ts';
import type { MathOptions } from '../scan.ts';

/** MDX nodes pass to hast as they are (their children converted): the render stage evaluates them with the theme's components. */
const MDX_NODES = ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression'];

/**
 * The Markdown pipelines (plain and MDX), built once per thread and reused for every file
 * (plugins keep no state between files). Order matters: MDX's imports are read before
 * anything uses their names; raw HTML is parsed into elements before links and ids are
 * collected from the tree.
 */
function pipeline(mdx: boolean, math?: Pick<MathOptions, 'singleDollarTextMath'>) {
  const mdxSyntax: PluggableList = mdx ? [[remarkMdx, { acorn: MdxCodeParser }], remarkMdxContent] : [];
  // Math's syntax only for a site with math: with it, every `$` in prose may open a formula.
  const mathSyntax: PluggableList = math ? [[remarkMath, { singleDollarTextMath: math.singleDollarTextMath }]] : [];
  return unified()
    .use(remarkParse)
    .use(mdxSyntax)
    .use(mathSyntax)
    .use(remarkGfm)
    .use(remarkLinearStrikethrough)
    .use(remarkLinearFootnotes)
    .use(remarkAutolinkLiteralsWhereNeeded)
    .use(remarkAutolinkLiteralStarts)
    .use(remarkDirective)
    .use(remarkRestoreDirectives)
    .use(remarkAdmonitions)
    .use(remarkTabs)
    .use(remarkNpm2Yarn)
    .use(remarkHeadingIds)
    .use(remarkTruncateMarker)
    .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeBlockHandler, listItem: listItemHandler, tableRow: tableRowHandler, footnoteReference: footnoteReferenceHandler }, passThrough: MDX_NODES } as RemarkRehypeOptions)
    .use(rehypeRawWhenNeeded, MDX_NODES)
    .use(math ? [rehypeMath] : [])
    .use(rehypeTruncate)
    .use(rehypeCollectLinks)
    .use(rehypeCollectIds)
    .use(rehypeTaskListLabels)
    .freeze();
}

export const markdownProcessor = pipeline(false);
export const mdxProcessor = pipeline(true);

const mathProcessors = new Map<string, typeof markdownProcessor>();

/** The pipeline for a file: the plain or MDX one, with math's syntax and typesetting when the site has math (made on first use). */
export function processorFor(mdx: boolean, math: MathOptions | undefined): typeof markdownProcessor {
  if (!math) return mdx ? mdxProcessor : markdownProcessor;
  const key = `${mdx} ${math.singleDollarTextMath}`;
  let processor = mathProcessors.get(key);
  if (!processor) mathProcessors.set(key, (processor = pipeline(mdx, math)));
  return processor;
}

type Transform = (tree: Root) => Root | undefined | void;

/** mdast-util-from-markdown's transforms of a processor (GFM autolink literals in text), in order. */
function transformsOf(processor: typeof markdownProcessor): Transform[] {
  const flat = (extensions: unknown[]): Transform[] => extensions.flatMap((extension) => (Array.isArray(extension) ? flat(extension) : ((extension as { transforms?: Transform[] }).transforms ?? [])));
  return flat((processor.data('fromMarkdownExtensions') as unknown[] | undefined) ?? []);
}

const transforms = { markdown: transformsOf(markdownProcessor), mdx: transformsOf(mdxProcessor) };

/**
 * The fast parser's tree (cli/content/markdown/fastParser.ts), finished as remark-parse
 * finishes micromark's: by mdast-util-from-markdown's transforms. Undefined where the fast
 * parser leaves the file to micromark.
 */
export function parseFastAndTransform(text: string, mdx: boolean): Root | undefined {
  let tree = parseFast(text, mdx);
  if (!tree) return undefined;
  for (const transform of mdx ? transforms.mdx : transforms.markdown) tree = transform(tree) || tree;
  return tree;
}

/**
 * A file's mdast tree: the fast parser's when it reads the file (the same tree, 10-20 times
 * sooner), otherwise micromark's. The fast parser does not read math: a file of a site with
 * math that has a `$` goes to micromark.
 */
export function parseMarkdown(vfile: VFile, mdx: boolean, math?: MathOptions): Root {
  const text = String(vfile.value);
  const fast = math && text.includes('$') ? undefined : parseFastAndTransform(text, mdx);
  return fast ?? (processorFor(mdx, math).parse(vfile) as Root);
}
