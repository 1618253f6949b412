import type { Root, Heading, Text } from 'mdast';
import type { VFile } from 'vfile';
import { walk, PHRASING_PARENTS } from './walk.ts';
import { toString } from 'mdast-util-to-string';
import { createSlugger } from '../slug.ts';
import { catalog } from '../../errors/catalog.ts';

/** A heading as the table of contents and the link check see it. */
export interface HeadingInfo {
  id: string;
  /** Plain text of the heading (after its emoji, `remarkTocEntries`). */
  value: string;
  /** Its content as HTML for the table of contents, when it has markup (inline code, emphasis, a badge): `remarkTocEntries`. */
  html?: string;
  level: number;
}

const CUSTOM_ID_RE = /\s*\{#([^}\s]+)\}\s*$/;

/** A heading's text and its custom id (`Title {#custom-id}`), if it has one. */
export function splitCustomId(text: string): { text: string; id?: string } {
  const match = CUSTOM_ID_RE.exec(text);
  return match ? { text: text.slice(0, match.index).trim(), id: match[1]! } : { text: text.trim() };
}

/**
 * Gives every heading an id: `## Title {#custom-id}` keeps the custom id (and the
 * `{#…}` is removed from the text); the others get the shared slug of their text.
 * The headings go to `file.data.headings` for the table of contents.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = createSlugger({ maintainCase: file.data.anchorsMaintainCase === true });
    const headings: HeadingInfo[] = [];
    const custom = new Map<Heading, string>();
    const all: Heading[] = [];
    walk(tree as never, (node) => {
      if (node.type === 'heading') all.push(node as unknown as Heading);
      return !PHRASING_PARENTS.has(node.type);
    });
    // Custom ids are reserved first, so a generated id never takes one. The same custom
    // id twice is an error: every link to it would land on the first heading.
    const firstLine = new Map<string, number>();
    for (const node of all) {
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') continue;
      const match = CUSTOM_ID_RE.exec(last.value);
      if (!match) continue;
      (last as Text).value = last.value.slice(0, match.index);
      const id = match[1]!;
      const line = node.position?.start.line ?? 1;
      const first = firstLine.get(id);
      if (first !== undefined) {
        (file.data.problems ??= []).push({ severity: 'error', file: file.path, line, column: node.position?.start.column ?? 1, ...catalog.duplicateHeadingId(id, first + (file.data.lineOffset ?? 0)) });
      } else firstLine.set(id, line);
      custom.set(node, id);
      slugger.reserve(id);
    }
    // The page's title heading, taken out of the tree (loadDocument.ts), counts as Docusaurus
    // counts it: its id is not drawn (a page's h1 has none), but a later heading of the same
    // text is `setup-1`, as links to it (and deep links from outside) say.
    if (file.data.titleHeading !== undefined) {
      const title = splitCustomId(file.data.titleHeading);
      if (title.id) slugger.reserve(title.id);
      else slugger.slug(title.text);
    }
    for (const node of all) {
      const value = toString(node).trim();
      const id = custom.get(node) ?? slugger.slug(value);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      headings.push({ id, value, level: node.depth });
    }
    file.data.headings = headings;
  };
}

declare module 'vfile' {
  interface DataMap {
    headings: HeadingInfo[];
    /** The text of the page's title heading (`# Title`), taken out of the tree before the ids are made. */
    titleHeading: string;
    /** markdown.anchors.maintainCase: ids keep the headings' letter case. */
    anchorsMaintainCase: true;
  }
}
