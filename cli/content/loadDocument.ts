import { VFile } from 'vfile';
import type { Root, Heading, Paragraph } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { toString } from 'mdast-util-to-string';
import { walk, type AnyNode } from './markdown/walk.ts';
import { parseFrontMatter, type FrontMatter } from './frontMatter.ts';
import { parseMarkdown, processorFor } from './markdown/processor.ts';
import { mdxCompatText } from './markdown/mdxCompat.ts';
import type { MdxData } from './markdown/mdx.ts';
import { contentJsx, type ContentJsx } from './contentJsx.ts';
import { admonitionTitlesToLabels } from './markdown/admonitions.ts';
import { splitCustomId, type HeadingInfo } from './markdown/headings.ts';
import type { LinkRef } from './markdown/links.ts';
import type { SourceFile, ContentArea } from './scan.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { findDeepNesting, MAX_NESTING, nthNode, treeShape } from './markdown/nesting.ts';
import { CodeTooDeepError, MAX_CODE_DEPTH } from './markdown/acornParser.ts';
import { EmphasisTooDeepError } from './markdown/linearResolvers.ts';
import { asSitePluginError, SitePluginError, type AreaPlugins, type SitePlugins } from './markdown/sitePlugins.ts';
import { watchdog, type WatchedTask } from '../watchdog.ts';
import { untilSettled } from '../config/untilSettled.ts';
import { inSiteFolder } from '../config/inSiteFolder.ts';

/** A Markdown file after the load stage: everything later stages need, as plain data. */
export interface LoadedDocument {
  area: ContentArea;
  /** Path relative to the area folder. */
  relPath: string;
  /** Path relative to the site folder. */
  file: string;
  frontMatter: FrontMatter;
  /** The file line of each top-level front matter key (`slug`, `id`…), for messages. */
  frontMatterLines: Record<string, number>;
  /** Front matter title, else the leading `# heading`, else the file name. */
  title: string;
  /** Front matter description, else the first paragraph (shortened). */
  description: string;
  /**
   * The content as a tree (hast, with the MDX elements the theme's components render),
   * kept as data until the render stage; links to files carry markers it resolves.
   */
  content: HastRoot;
  /** Blog: how many of the content's top-level nodes come before `<!-- truncate -->`, when there is one. */
  excerptEnd?: number;
  headings: HeadingInfo[];
  /** Every id in the rendered content, for anchor checks. */
  ids: string[];
  links: LinkRef[];
  /** Words of prose, for reading time. */
  /** Of a post: its words as Docusaurus counts them for the reading time (`wordsOf`); 0 for other documents. */
  words: number;
  /** Nodes of its Markdown tree (markdown.maxNodes counts them); 0 when it could not be parsed. */
  nodes: number;
  /** MDX only: what its imports bind and its `export const` values, for the render stage. */
  mdx?: MdxData;
  /** MDX only: the JSX its content holds (`contentJsx`). */
  jsx?: ContentJsx;
  diagnostics: Diagnostic[];
}

/**
 * Loads one Markdown file: front matter, Markdown → a content tree with ids, TOC and links.
 * Pure (text in, data out), so results can be cached by content hash and computed on
 * worker threads. Problems become diagnostics; the document is returned regardless.
 */
export function loadDocument(source: SourceFile): LoadedDocument {
  const steps = documentSteps(source);
  let step = steps.next();
  while (!step.done) {
    let hast: HastRoot | undefined;
    let failure: { error: unknown } | undefined;
    try {
      hast = step.value.processor.runSync(step.value.mdast, step.value.vfile) as HastRoot;
    } catch (error) {
      failure = { error };
    }
    step = failure ? steps.throw(failure.error) : steps.next(hast);
  }
  return step.value;
}

/**
 * `loadDocument` for a site whose content plugins list remark or rehype plugins of its
 * own, run as Docusaurus runs them: after the generator's transforms (before them for
 * `beforeDefault…`), possibly asynchronously. Watched by the caller (`loadDocumentsWithPlugins`).
 */
export async function loadDocumentWithPlugins(source: SourceFile, site: { plugins: AreaPlugins; siteDir: string }): Promise<LoadedDocument> {
  const steps = documentSteps(source, site);
  let step = steps.next();
  while (!step.done) {
    const { processor, mdast, vfile } = step.value;
    let hast: HastRoot | undefined;
    let failure: { error: unknown } | undefined;
    try {
      // One that awaits what never comes fails here (untilSettled), once nothing else is left to run.
      hast = (await untilSettled(processor.run(mdast, vfile))) as HastRoot;
    } catch (error) {
      failure = { error: asSitePluginError(error, source.file) };
    }
    step = failure ? steps.throw(failure.error) : steps.next(hast);
  }
  return step.value;
}

/**
 * Loads documents on this thread, each through the site's plugins when its area has them,
 * all at once as Docusaurus's loaders run (a plugin may await what another file's run
 * makes: electron's structure previews wait for the structure's own page). A site with
 * plugins of its own is loaded here, not on workers, which could not be given the
 * plugins' functions. Their code is the site's: the watchdog stops the command when no
 * file finishes for its limit (a loop, or a wait for what does not come), naming the files
 * still running.
 */
export async function loadDocumentsWithPlugins(sources: SourceFile[], sitePlugins: SitePlugins): Promise<LoadedDocument[]> {
  const pending = new Set(sources.filter((source) => source.sitePlugins && sitePlugins.areas[source.area]).map((source) => source.file));
  const task = (): WatchedTask => {
    const [first] = pending;
    return { what: `Running the site's remark and rehype plugins on ${first}${pending.size > 1 ? ` and ${pending.size - 1} other file${pending.size > 2 ? 's' : ''}` : ''}`, file: first };
  };
  // With stand-ins for packages not installed, a plugin that fails may only lack one: such a file is shown without
  // the site's plugins, and each failure said once, at its first file (the same stand-in fails on every page).
  const standInFailures = new Map<string, { at: number; document: LoadedDocument; diagnostic: Diagnostic; files: number }>();
  // In the site folder, as `docusaurus build` runs them: a plugin may read paths from the working folder (redux's
  // TypeScript code-block plugin reads its tsconfig's `baseUrl` and type packages from there).
  const documents = await inSiteFolder(sitePlugins.siteDir, () => watchdog.run(task(), () =>
    Promise.all(
      sources.map(async (source, at) => {
        const plugins = source.sitePlugins ? sitePlugins.areas[source.area] : undefined;
        if (!plugins) return loadDocument(source);
        let document = await loadDocumentWithPlugins(source, { plugins, siteDir: sitePlugins.siteDir });
        pending.delete(source.file);
        const failed = sitePlugins.standIns && document.diagnostics.find((d) => d.code === 'site-plugin-failed');
        if (failed) {
          document = loadDocument(source);
          const seen = standInFailures.get(failed.message);
          // Said at the first file in the sources' order, whichever finished first: the same output every time.
          if (!seen) standInFailures.set(failed.message, { at, document, diagnostic: failed, files: 1 });
          else {
            seen.files++;
            if (at < seen.at) Object.assign(seen, { at, document, diagnostic: failed });
          }
        }
        if (pending.size > 0) watchdog.progress(task());
        return document;
      }),
    ),
  ));
  for (const { document, diagnostic, files } of standInFailures.values()) {
    document.diagnostics.unshift({ ...diagnostic, severity: 'warning', ...catalog.sitePluginFailedWithStandIns(diagnostic.message, files, sitePlugins.standIns!) });
  }
  return documents;
}

/** What a document's load asks of its driver: to run the pipeline's transforms on its tree (synchronously, or not). */
interface RunRequest {
  processor: ReturnType<typeof processorFor>['processor'];
  mdast: Root;
  vfile: VFile;
}

/** The load of one document, up to and after running its transforms (`RunRequest`): the same steps for both drivers above. */
function* documentSteps(source: SourceFile, site?: { plugins: AreaPlugins; siteDir: string }): Generator<RunRequest, LoadedDocument, HastRoot | undefined> {
  const fm = parseFrontMatter(source.text, source.file);
  const diagnostics = [...fm.diagnostics];
  const setting = fm.data.format;
  const mdx = (setting === undefined ? source.format : setting === 'detect' ? (source.relPath.endsWith('.mdx') ? 'mdx' : 'md') : setting) === 'mdx';
  const vfile = new VFile({ path: source.file, value: admonitionTitlesToLabels(mdx ? mdxCompatText(fm.body) : fm.body), data: { lineOffset: fm.bodyLineOffset, contentRoot: source.file.slice(0, source.file.length - source.relPath.length), npm2yarn: source.npm2yarn, mermaid: source.mermaid, ...(source.emoji === false ? {} : { emoji: true as const }), ...(source.anchorsMaintainCase ? { anchorsMaintainCase: true as const } : {}), ...(source.math ? { math: source.math } : {}), magicComments: source.magicComments } });
  // The site's plugins read the front matter from the file, as Docusaurus gives it to them.
  if (site) vfile.data.frontMatter = fm.data;
  const at = (place: { line: number; column: number } | undefined) => ({ file: source.file, line: (place?.line ?? 1) + fm.bodyLineOffset, column: place?.column ?? 1 });
  let content: MarkdownResult = { tree: { type: 'root', children: [] }, firstParagraph: '', nodes: 0 };
  // What the pipeline threw: said once, though `file.fail` also lists it among the file's messages.
  let failure: unknown;
  // Absurd nesting is refused before the parser and the tree tools recurse into it.
  const deep = findDeepNesting(fm.body);
  if (deep) diagnostics.push({ severity: 'error', ...at(deep), ...catalog.markdownTooDeep(deep.what, MAX_NESTING) });
  else {
    try {
      const limit = source.maxNodes ?? Infinity;
      const result = yield* renderMarkdown(vfile, mdx, limit, site);
      if ('tooDeep' in result) diagnostics.push({ severity: 'error', ...at(result.tooDeep), ...catalog.markdownTooDeep('elements', MAX_NESTING) });
      else if ('tooMany' in result) {
        diagnostics.push({ severity: 'error', ...at(result.tooMany.place), ...catalog.markdownTooManyNodes(result.tooMany.nodes, limit) });
        content = { ...content, nodes: result.tooMany.nodes };
      } else content = result;
    } catch (thrown) {
      // A site plugin's failure: its own message (and place, when it gave one, as file.fail does), and which plugin it was.
      const sitePlugin = thrown instanceof SitePluginError ? thrown : undefined;
      // Object(): a plugin may throw a string, or nothing at all.
      const error: unknown = Object(sitePlugin ? sitePlugin.cause : thrown);
      failure = error;
      const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
      const start = place && 'start' in place ? place.start : place;
      // micromark's MDX messages (a stray "{" or "<") come with their place: the author's mistake, not ours.
      const fromMdx = mdx && /^(micromark-extension-mdx|mdast-util-mdx)/.test((error as { source?: string }).source ?? '');
      const reason = (error as { reason?: string }).reason ?? (error as Error).message ?? sitePlugin?.message ?? String(thrown);
      const cause = (error as { cause?: unknown }).cause;
      const tooDeep = cause instanceof CodeTooDeepError;
      // Code that acorn could not parse: what it said ("Identifier 'Tabs' has already been declared") is the author's clue, not micromark's "Could not parse … with acorn".
      const source = (error as { source?: string }).source;
      const code = fromMdx && cause instanceof Error && (error as { ruleId?: string }).ruleId === 'acorn' ? { in: source === 'micromark-extension-mdxjs-esm' ? ('esm' as const) : ('expression' as const), problem: cause.message } : undefined;
      // Emphasis found too deep while the parser resolved it (linearResolvers.ts): said as the tree check says it.
      if (sitePlugin) diagnostics.push({ severity: 'error', ...at(start?.line ? { line: start.line, column: start.column ?? 1 } : undefined), ...catalog.sitePluginFailed(sitePlugin.kind, sitePlugin.plugin.name, sitePlugin.plugin.shownKey, reason) });
      else if (error instanceof EmphasisTooDeepError) diagnostics.push({ severity: 'error', ...at(error.place), ...catalog.markdownTooDeep('elements', MAX_NESTING) });
      else {
        const tooLong = fromMdx && (error as { ruleId?: string }).ruleId === 'expression-too-long';
        diagnostics.push({ severity: 'error', ...at(start?.line ? { line: start.line, column: start.column ?? 1 } : undefined), ...(tooDeep ? catalog.mdxCodeTooDeep(MAX_CODE_DEPTH) : tooLong ? catalog.mdxExpressionTooLong(reason) : fromMdx ? catalog.mdxSyntax(reason, code) : catalog.markdownFailed(reason)) });
      }
    }
  }
  for (const message of vfile.messages) {
    if (message === failure) continue;
    diagnostics.push({
      code: message.ruleId ?? 'markdown',
      severity: message.fatal === false || message.fatal === undefined ? 'warning' : 'error',
      message: message.reason,
      ...at({ line: message.line ?? 1, column: message.column ?? 1 }),
    });
  }
  for (const problem of vfile.data.problems ?? []) diagnostics.push({ ...problem, line: (problem.line ?? 1) + fm.bodyLineOffset });
  return {
    area: source.area,
    relPath: source.relPath,
    file: source.file,
    frontMatter: fm.data,
    frontMatterLines: fm.keyLines,
    title: fm.data.title ?? content.leadingTitle ?? fileTitle(source.relPath),
    description: fm.data.description ?? shorten(content.firstParagraph, 160),
    content: content.tree,
    excerptEnd: content.excerptEnd,
    headings: vfile.data.headings ?? [],
    ids: vfile.data.ids ?? [],
    links: vfile.data.links ?? [],
    // Only a post shows its reading time.
    words: source.area === 'blog' ? wordsOf(fm.body) : 0,
    nodes: content.nodes,
    ...(vfile.data.mdx ? { mdx: inFile(vfile.data.mdx, fm.bodyLineOffset), jsx: contentJsx(content.tree) } : {}),
    diagnostics,
  };
}

/** Import places counted in the file, not in its body after the front matter. */
function inFile(mdx: MdxData, lineOffset: number): MdxData {
  const bindings = Object.fromEntries(Object.entries(mdx.bindings).map(([local, b]) => [local, 'line' in b ? { ...b, line: b.line + lineOffset } : b]));
  return { ...mdx, bindings, ...(mdx.styles ? { styles: mdx.styles.map((style) => ({ ...style, line: style.line + lineOffset })) } : {}) };
}

/** Nodes a page does not show: `import`/`export`, an MDX comment expression, an HTML comment. */
function drawsNothing(node: Root['children'][number]): boolean {
  const value = (node as { value?: unknown }).value;
  if ((node.type as string) === 'mdxjsEsm') return true;
  if ((node.type as string) === 'mdxFlowExpression') return typeof value === 'string' && /^\s*\/\*[\s\S]*\*\/\s*$/.test(value);
  return node.type === 'html' && typeof value === 'string' && /^\s*<!--[\s\S]*-->\s*$/.test(value);
}

interface MarkdownResult {
  tree: HastRoot;
  excerptEnd?: number;
  leadingTitle?: string;
  firstParagraph: string;
  nodes: number;
}

type Place = { line: number; column: number };

/**
 * Markdown → a content tree and what is read off the trees; or where the tree nests too
 * deep to go on, or where it has more than `maxNodes` nodes (the later stages are refused it).
 */
function* renderMarkdown(vfile: VFile, mdx: boolean, maxNodes: number, site: { plugins: AreaPlugins; siteDir: string } | undefined): Generator<RunRequest, MarkdownResult | { tooDeep: Place } | { tooMany: { nodes: number; place: Place } }, HastRoot | undefined> {
  const math = vfile.data.math;
  const chosen = processorFor(mdx, math, site);
  const mdast = parseMarkdown(vfile, mdx, math, chosen);
  const startOf = (node: AnyNode) => (node.position as { start: Place } | undefined)?.start ?? { line: 1, column: 1 };
  const { nodes, tooDeep } = treeShape(mdast as never);
  if (tooDeep) return { tooDeep: startOf(tooDeep) };
  // The place named is where, reading on, the page passes the limit.
  if (nodes > maxNodes) return { tooMany: { nodes, place: startOf(nthNode(mdast as never, maxNodes + 1)!) } };
  let leadingTitle: string | undefined;
  // The page's title heading may follow what draws nothing (an MDX page's imports, a comment),
  // as Docusaurus reads its content title; it is then the page's heading, not a second one.
  const at = mdast.children.findIndex((node) => !drawsNothing(node));
  const first = mdast.children[at];
  if (first?.type === 'heading' && (first as Heading).depth === 1) {
    const text = toString(first);
    // `# Title {#id}`: the title is its text; the heading ids count it (headings.ts).
    leadingTitle = splitCustomId(text).text;
    vfile.data.titleHeading = text;
    mdast.children.splice(at, 1);
  }
  if (math && Number.isFinite(maxNodes)) vfile.data.mathNodeBudget = maxNodes - nodes;
  const hast = (yield { processor: chosen.processor, mdast, vfile })!;
  const paragraph = mdast.children.find((n): n is Paragraph => n.type === 'paragraph');
  return {
    ...tidied(hast, vfile.data.excerptEnd),
    leadingTitle,
    firstParagraph: paragraph ? proseOf(paragraph) : '',
    nodes,
  };
}

/**
 * The tree as it is kept (and where its excerpt ends in it): without source positions (needed for messages, which are made
 * now; kept, they would triple the size of every cached document), without HTML comments
 * (a page shows none, as in Docusaurus), and with neighbouring texts as one (React would
 * separate each pair with an empty comment).
 */
function tidied(tree: HastRoot, excerptEnd: number | undefined): { tree: HastRoot; excerptEnd?: number } {
  let keptBeforeExcerptEnd: number | undefined;
  const tidy = (node: { position?: unknown; children?: { type: string; value?: string }[] }) => {
    delete node.position;
    if (!node.children) return;
    const kept: { type: string; value?: string }[] = [];
    node.children.forEach((child, i) => {
      // The excerpt's end is counted in top-level nodes: count it again in those kept.
      if (node === (tree as unknown) && i === excerptEnd) keptBeforeExcerptEnd = kept.length;
      if (child.type === 'comment') return;
      const last = kept[kept.length - 1];
      if (child.type === 'text' && last?.type === 'text') last.value += child.value ?? '';
      else kept.push(child);
    });
    if (node === (tree as unknown) && excerptEnd !== undefined && keptBeforeExcerptEnd === undefined) keptBeforeExcerptEnd = kept.length;
    // The line breaks between the excerpt's last block and the marker are not part of it.
    if (node === (tree as unknown) && keptBeforeExcerptEnd !== undefined) {
      while (keptBeforeExcerptEnd > 0 && kept[keptBeforeExcerptEnd - 1]?.type === 'text' && !kept[keptBeforeExcerptEnd - 1]?.value?.trim()) keptBeforeExcerptEnd--;
    }
    node.children = kept;
  };
  tidy(tree as never);
  walk(tree as never, (node) => tidy(node as never));
  return { tree, excerptEnd: keptBeforeExcerptEnd };
}

/** A paragraph's text as a reader reads it: MDX expressions (code, not prose) left out. */
function proseOf(paragraph: Paragraph): string {
  const text = (node: { type: string; value?: string; children?: unknown[] }): string =>
    node.type === 'mdxTextExpression' ? '' : node.children ? node.children.map((c) => text(c as never)).join('') : (node.value ?? '');
  return text(paragraph as never).replace(/\s+/g, ' ').trim();
}

/**
 * A word as Unicode's word segmentation (UAX #29, as Intl.Segmenter applies it) finds it:
 * letters and digits, joined by `_`, by `'` and `.` (`don't`, `3.9.0`, `prettier.io`), by
 * `,` between digits (`1,000`) and by `:` between letters (`input:valid`).
 */
const WORD = /\p{Pc}*[\p{L}\p{N}][\p{L}\p{N}\p{M}\p{Pc}]*(?:(?:['\u2019.]|(?<=\p{N})[,;](?=\p{N})|(?<=\p{L})[:\u00b7](?=\p{L}))[\p{L}\p{N}\p{M}\p{Pc}]+)*/gu;
/** Chinese and Japanese letters (not their punctuation), written without spaces: Intl.Segmenter's dictionary finds a word in two characters on average. */
const HAN_KANA = /(?=\p{L})[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/gu;
/** Thai, Lao, Khmer and Burmese, also without spaces, in longer words (four characters, roughly). */
const SOUTHEAST_ASIAN = /(?=[\p{L}\p{M}])[\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/gu;

/**
 * The words of a post's Markdown (its source, code included), as Docusaurus counts them for
 * its reading time (Intl.Segmenter's word-like segments). Not with the segmenter itself: it
 * reads 100-250 KB a second (a long post would take seconds). `WORD` finds nearly the same
 * words in text with spaces (242 posts of six real blogs: 0.3% fewer; 3 posts show a minute
 * less); text without spaces counts by its characters (`HAN_KANA`, `SOUTHEAST_ASIAN`).
 */
function wordsOf(markdown: string): number {
  let unspaced = 0;
  const spaced = markdown
    .replace(HAN_KANA, () => ((unspaced += 1 / 2), ' '))
    .replace(SOUTHEAST_ASIAN, () => ((unspaced += 1 / 4), ' '));
  return (spaced.match(WORD)?.length ?? 0) + Math.ceil(unspaced);
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1))}…`;
}

function fileTitle(relPath: string): string {
  const base = relPath.split('/').pop()!.replace(/\.mdx?$/, '').replace(/^\d+[-_.]/, '');
  return base.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

declare module 'vfile' {
  interface DataMap {
    /** Errors a plugin found, at lines of the Markdown body (shifted to file lines here). */
    problems: Diagnostic[];
  }
}
