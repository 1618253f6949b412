import { VFile } from 'vfile';
import type { Root, Heading, Paragraph } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'mdast-util-to-string';
import { walk } from './markdown/walk.ts';
import { parseFrontMatter, type FrontMatter } from './frontMatter.ts';
import { markdownProcessor } from './markdown/processor.ts';
import { admonitionTitlesToLabels } from './markdown/admonitions.ts';
import type { HeadingInfo } from './markdown/headings.ts';
import type { LinkRef } from './markdown/links.ts';
import type { SourceFile, ContentArea } from './scan.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { findDeepNesting, findDeepNode, MAX_NESTING } from './markdown/nesting.ts';

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
  /** Rendered content; links to files carry markers the render stage resolves. */
  html: string;
  /** Blog: the content before `<!-- truncate -->`, when there is one. */
  excerptHtml?: string;
  headings: HeadingInfo[];
  /** Every id in the rendered content, for anchor checks. */
  ids: string[];
  links: LinkRef[];
  /** Words of prose, for reading time. */
  words: number;
  diagnostics: Diagnostic[];
}

/**
 * Loads one Markdown file: front matter, Markdown → HTML with ids, TOC and links.
 * Pure (text in, data out), so results can be cached by content hash and computed on
 * worker threads. Problems become diagnostics; the document is returned regardless.
 */
export function loadDocument(source: SourceFile): LoadedDocument {
  const fm = parseFrontMatter(source.text, source.file);
  const diagnostics = [...fm.diagnostics];
  const vfile = new VFile({ path: source.file, value: admonitionTitlesToLabels(fm.body), data: { lineOffset: fm.bodyLineOffset, contentRoot: source.file.slice(0, source.file.length - source.relPath.length) } });
  const at = (place: { line: number; column: number } | undefined) => ({ file: source.file, line: (place?.line ?? 1) + fm.bodyLineOffset, column: place?.column ?? 1 });
  let content: MarkdownResult = { html: '', firstParagraph: '', words: 0 };
  // Absurd nesting is refused before the parser and the tree tools recurse into it.
  const deep = findDeepNesting(fm.body);
  if (deep) diagnostics.push({ severity: 'error', ...at(deep), ...catalog.markdownTooDeep(deep.what, MAX_NESTING) });
  else {
    try {
      const result = renderMarkdown(vfile);
      if ('tooDeep' in result) diagnostics.push({ severity: 'error', ...at(result.tooDeep), ...catalog.markdownTooDeep('elements', MAX_NESTING) });
      else content = result;
    } catch (error) {
      const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
      const start = place && 'start' in place ? place.start : place;
      diagnostics.push({ severity: 'error', ...at(start?.line ? { line: start.line, column: start.column ?? 1 } : undefined), ...catalog.markdownFailed((error as Error).message) });
    }
  }
  for (const message of vfile.messages) {
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
    html: content.html,
    excerptHtml: content.excerptHtml,
    headings: vfile.data.headings ?? [],
    ids: vfile.data.ids ?? [],
    links: vfile.data.links ?? [],
    words: content.words,
    diagnostics,
  };
}

interface MarkdownResult {
  html: string;
  excerptHtml?: string;
  leadingTitle?: string;
  firstParagraph: string;
  words: number;
}

/** Markdown → HTML and what is read off the trees; or where the tree nests too deep to go on. */
function renderMarkdown(vfile: VFile): MarkdownResult | { tooDeep: { line: number; column: number } } {
  const mdast = markdownProcessor.parse(vfile) as Root;
  const deepNode = findDeepNode(mdast as never);
  if (deepNode) return { tooDeep: (deepNode.position as { start: { line: number; column: number } } | undefined)?.start ?? { line: 1, column: 1 } };
  let leadingTitle: string | undefined;
  const first = mdast.children[0];
  if (first?.type === 'heading' && (first as Heading).depth === 1) {
    leadingTitle = toString(first).trim();
    mdast.children.shift();
  }
  const hast = markdownProcessor.runSync(mdast, vfile) as HastRoot;
  const paragraph = mdast.children.find((n): n is Paragraph => n.type === 'paragraph');
  return {
    html: toHtml(hast),
    excerptHtml: vfile.data.excerptEnd !== undefined ? toHtml({ type: 'root', children: hast.children.slice(0, vfile.data.excerptEnd) }) : undefined,
    leadingTitle,
    firstParagraph: paragraph ? toString(paragraph) : '',
    words: countWords(mdast),
  };
}

function countWords(tree: Root): number {
  let n = 0;
  walk(tree as never, (node) => {
    if (node.type === 'code') return false;
    if (typeof node.value === 'string' && node.type !== 'html') n += node.value.split(/\s+/).filter(Boolean).length;
  });
  return n;
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
