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
import { remarkEmoji } from './emoji.ts';
import { remarkTocEntries } from './tocEntries.ts';
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
import { addsSyntax, asPluggable, type AreaPlugins } from './sitePlugins.ts';

/** MDX nodes pass to hast as they are (their children converted): the render stage evaluates them with the theme's components. */
const MDX_NODES = ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression'];

/**
 * The Markdown pipelines (plain and MDX), built once per thread and reused for every file
 * (plugins keep no state between files). Order matters: MDX's imports are read before
 * anything uses their names; raw HTML is parsed into elements before links and ids are
 * collected from the tree.
 */
function pipeline(mdx: boolean, math?: Pick<MathOptions, 'singleDollarTextMath'>, site?: { plugins: AreaPlugins; siteDir: string }) {
  const mdxSyntax: PluggableList = mdx ? [[remarkMdx, { acorn: MdxCodeParser }], remarkMdxContent] : [];
  // Math's syntax only for a site with math: with it, every `$` in prose may open a formula.
  const mathSyntax: PluggableList = math ? [[remarkMath, { singleDollarTextMath: math.singleDollarTextMath }]] : [];
  // The site's own plugins where Docusaurus runs them: `beforeDefault…` before its own transforms, the others after.
  const own = (kind: 'beforeRemark' | 'remark' | 'beforeRehype' | 'rehype'): PluggableList => (site?.plugins[kind] ?? []).map((entry) => asPluggable(entry, kind.endsWith('emark') ? 'remark' : 'rehype', site!.siteDir));
  return unified()
    .use(remarkParse)
    .use(mdxSyntax)
    .use(mathSyntax)
    .use(remarkGfm)
    .use(remarkLinearStrikethrough)
    .use(remarkLinearFootnotes)
    .use(remarkAutolinkLiteralsWhereNeeded)
    .use(remarkAutolinkLiteralStarts)
    .use(own('beforeRemark'))
    .use(remarkDirective)
    .use(remarkRestoreDirectives)
    .use(remarkAdmonitions)
    .use(remarkTabs)
    .use(remarkNpm2Yarn)
    .use(remarkHeadingIds)
    .use(remarkEmoji)
    .use(remarkTocEntries)
    .use(remarkTruncateMarker)
    .use(own('remark'))
    .use(remarkRehype, { allowDangerousHtml: true, handlers: { code: codeBlockHandler, listItem: listItemHandler, tableRow: tableRowHandler, footnoteReference: footnoteReferenceHandler }, passThrough: MDX_NODES } as RemarkRehypeOptions)
    .use(rehypeRawWhenNeeded, MDX_NODES)
    .use(math ? [rehypeMath] : [])
    .use(own('beforeRehype'))
    .use(own('rehype'))
    .use(rehypeTruncate)
    .use(rehypeCollectLinks)
    .use(rehypeCollectIds)
    .use(rehypeTaskListLabels)
    .freeze();
}

export const markdownProcessor = pipeline(false);
export const mdxProcessor = pipeline(true);

type MarkdownProcessor = typeof markdownProcessor;
const mathProcessors = new Map<string, MarkdownProcessor>();
const siteProcessors = new WeakMap<AreaPlugins, Map<string, { processor: MarkdownProcessor; fast: boolean }>>();

/**
 * The pipeline for a file: the plain or MDX one, with math's syntax and typesetting when
 * the site has math, and its own remark and rehype plugins when it has them (each made on
 * first use). `fast`: whether the fast parser may read the file, which it may not when the
 * site's plugins add syntax it does not know.
 */
export function processorFor(mdx: boolean, math: MathOptions | undefined, site?: { plugins: AreaPlugins; siteDir: string }): { processor: MarkdownProcessor; fast: boolean } {
  const key = `${mdx} ${math ? math.singleDollarTextMath : 'none'}`;
  if (site) {
    let made = siteProcessors.get(site.plugins);
    if (!made) siteProcessors.set(site.plugins, (made = new Map()));
    let found = made.get(key);
    if (!found) {
      const processor = pipeline(mdx, math, site).freeze();
      found = { processor, fast: !addsSyntax(processor as never, processorFor(mdx, math).processor as never) };
      made.set(key, found);
    }
    return found;
  }
  if (!math) return { processor: mdx ? mdxProcessor : markdownProcessor, fast: true };
  let processor = mathProcessors.get(key);
  if (!processor) mathProcessors.set(key, (processor = pipeline(mdx, math)));
  return { processor, fast: true };
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
 * sooner), otherwise micromark's. The fast parser does not read math (a file of a site with
 * math that has a `$` goes to micromark), nor the syntax a site's plugins add.
 */
export function parseMarkdown(vfile: VFile, mdx: boolean, math?: MathOptions, chosen = processorFor(mdx, math)): Root {
  const text = String(vfile.value);
  const fast = !chosen.fast || (math && text.includes('$')) ? undefined : parseFastAndTransform(text, mdx);
  return fast ?? (chosen.processor.parse(vfile) as Root);
}
