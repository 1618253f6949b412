import { VFile } from 'vfile';
import type { Root, Heading, Paragraph } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { walk } from './markdown/walk.ts';
import { toString } from 'mdast-util-to-string';
import { parseFrontMatter, type FrontMatter } from './frontMatter.ts';
import { markdownProcessor } from './markdown/processor.ts';
import type { HeadingInfo } from './markdown/headings.ts';
import type { LinkRef } from './markdown/links.ts';
import type { SourceFile, ContentArea } from './scan.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';

/** A Markdown file after the load stage: everything later stages need, as plain data. */
export interface LoadedDocument {
  area: ContentArea;
  /** Path relative to the area folder. */
  relPath: string;
  /** Path relative to the site folder. */
  file: string;
  frontMatter: FrontMatter;
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
  words: number;
  diagnostics: Diagnostic[];
}

/**
 * Loads one Markdown file: front matter, Markdown → a content tree with ids, TOC and links.
 * Pure (text in, data out), so results can be cached by content hash and computed on
 * worker threads. Problems become diagnostics; the document is returned regardless.
 */
export function loadDocument(source: SourceFile): LoadedDocument {
  const fm = parseFrontMatter(source.text, source.file);
  const diagnostics = [...fm.diagnostics];
  const vfile = new VFile({ path: source.file, value: fm.body, data: { lineOffset: fm.bodyLineOffset } });
  let content: HastRoot = { type: 'root', children: [] };
  let excerptEnd: number | undefined;
  let leadingTitle: string | undefined;
  let firstParagraph = '';
  let words = 0;
  try {
    const mdast = markdownProcessor.parse(vfile) as Root;
    const first = mdast.children[0];
    if (first?.type === 'heading' && (first as Heading).depth === 1) {
      leadingTitle = toString(first).trim();
      mdast.children.shift();
    }
    const hast = markdownProcessor.runSync(mdast, vfile) as HastRoot;
    const paragraph = mdast.children.find((n): n is Paragraph => n.type === 'paragraph');
    firstParagraph = paragraph ? toString(paragraph) : '';
    words = countWords(mdast);
    content = withoutPositions(hast);
    excerptEnd = vfile.data.excerptEnd;
  } catch (error) {
    const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
    const start = place && 'start' in place ? place.start : place;
    diagnostics.push({
      severity: 'error',
      file: source.file,
      line: (start?.line ?? 1) + fm.bodyLineOffset,
      column: start?.column ?? 1,
      ...catalog.markdownFailed((error as Error).message),
    });
  }
  for (const message of vfile.messages) {
    diagnostics.push({
      code: message.ruleId ?? 'markdown',
      severity: message.fatal === false || message.fatal === undefined ? 'warning' : 'error',
      message: message.reason,
      file: source.file,
      line: (message.line ?? 1) + fm.bodyLineOffset,
      column: message.column ?? 1,
    });
  }
  return {
    area: source.area,
    relPath: source.relPath,
    file: source.file,
    frontMatter: fm.data,
    title: fm.data.title ?? leadingTitle ?? fileTitle(source.relPath),
    description: fm.data.description ?? shorten(firstParagraph, 160),
    content,
    excerptEnd,
    headings: vfile.data.headings ?? [],
    ids: vfile.data.ids ?? [],
    links: vfile.data.links ?? [],
    words,
    diagnostics,
  };
}

/**
 * The tree without source positions: they were needed for messages, which are made now;
 * kept, they would triple the size of every cached document.
 */
function withoutPositions(tree: HastRoot): HastRoot {
  walk(tree as never, (node) => {
    delete node.position;
  });
  delete tree.position;
  return tree;
}

function countWords(tree: Root): number {
  let n = 0;
  const walk = (node: { type: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'code') return;
    if (typeof node.value === 'string' && node.type !== 'html') n += node.value.split(/\s+/).filter(Boolean).length;
    node.children?.forEach((c) => walk(c as typeof node));
  };
  walk(tree as never);
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
