import { createExpressionScanner } from 'micromark-factory-mdx-expression/expression-scanner';
import type { Point } from 'unist';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { esmProgram, expressionProgram } from './fastEsm.ts';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { jsxTagAt, NOT_JSX, NOT_READ as NOT_READ_JSX, type JsxExpression, type JsxTag } from './fastJsx.ts';
import { directiveAttributes, directiveLabelEnd, directiveOpening, FAIL, LINE_END, NOT_READ, type DirectiveOpening } from './fastDirective.ts';
import { autolinkLiteralAt } from './fastAutolinkLiteral.ts';
import { characterReferenceAt, decodeString } from './fastCharacterReference.ts';
import { MAX_NESTING } from './nesting.ts';
import { definitionAt, enclosedDestinationAt, footnoteLabelEnd, isLabelEscape, normalizeIdentifier, NotRead, References } from './fastDefinition.ts';
import { autolinkAt, htmlFlowLineCloses, htmlFlowStart, htmlTextEnd, LINE_END as HTML_LINE_END, type HtmlFlowStart, type HtmlKind } from './fastHtml.ts';
import type { Delete, Html, Root, RootContent, PhrasingContent, List, ListItem, Paragraph, Heading, Code, Table, TableRow, TableCell, Blockquote, Text, Link, Image, Emphasis, Strong, AlignType, Definition, FootnoteDefinition, FootnoteReference, LinkReference, ImageReference } from 'mdast';

/**
 * A parser for the Markdown most pages are made of: paragraphs, ATX and setext headings, lists,
 * block quotes, fenced and indented code (tabs in code, text, headings, thematic breaks, tables' rows and containers' prefixes too: columns
 * to the next multiple of 4, as micromark counts them), thematic breaks, GFM tables, directives (leaf, container and
 * text, with labels and attributes: fastDirective.ts), raw HTML blocks and inline HTML
 * (fastHtml.ts); code spans, emphasis, inline links and images, autolinks, GFM autolink
 * literals (fastAutolinkLiteral.ts), character references, strikethrough, task list items,
 * backslash escapes and hard breaks, fence info strings with escapes and references; in MDX, import/export blocks and expressions (fastEsm.ts)
 * and JSX elements (fastJsx.ts); link reference definitions, the references that name them, GFM
 * footnote definitions and calls (fastDefinition.ts). It builds the
 * same mdast tree as micromark with our extensions (positions included), 5-30 times faster
 * and with a fraction of the memory: micromark keeps every token of a file alive until the
 * tree is built, which made dense files (long lists, tables, link lists) cost seconds per
 * 100 KB. The tree is finished as micromark's is, by mdast-util-from-markdown's transforms
 * (processor.ts, parseFastAndTransform).
 *
 * It gives up (returns undefined) the moment it meets anything outside that set, or any
 * shape where it is not certain to agree with micromark (definition labels over lines,
 * definitions and footnotes in containers it does not follow, lazy lines after tables or like
 * table rows, tabs in the whitespace of constructs other than text and code (a tab a prefix
 * takes part of before HTML, a directive or a footnote's line too), emphasis and strikethrough
 * across each other, constructs over several lines where
 * micromark allows them, and a few of micromark's
 * position quirks, each named where it gives up): the
 * caller then parses the file with micromark, which also gives every error its message and
 * place. So it never decides what a construct means differently; it only decides sooner for
 * files that have none of the hard ones. tests/unit/fastParser.test.ts holds it to
 * micromark's tree on random documents of each construct and on every page of this site.
 */
export function parseFast(text: string, mdx: boolean): Root | undefined {
  // Characters that need micromark somewhere in any file that has them.
  const hard = HARD_CHARACTERS.exec(text);
  if (hard) {
    gaveUpBecause = `text ${JSON.stringify(hard[0])}`;
    return undefined;
  }
  try {
    return new BlockParser(text, mdx).parse();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

/** Carriage returns, NUL. (Tabs are read line by line: BlockParser.tabIn.) */
const HARD_CHARACTERS = /[\r\0]/;
const GIVE_UP = Symbol('not for the fast parser');
/** Why the last file was left to micromark (for measuring what the fast parser should learn next). */
export let gaveUpBecause = '';
function giveUp(reason = 'construct'): never {
  gaveUpBecause = reason;
  throw GIVE_UP;
}


/** One line's content as a leaf block holds it: where it starts and ends in the source. */
interface Segment {
  start: number;
  end: number;
  line: number;
  /**
   * Columns of a tab before `start` that the containers' prefixes did not take (micromark's
   * virtual spaces): code's text starts with that many spaces.
   */
  virtual?: number;
  /** A paragraph's later line: where its text starts for micromark, its indent included (-1: a tab before it). */
  textStart?: number;
}

/** A segment's text as code holds it: a tab's columns the prefixes left are spaces. */
function codeLine(text: string, segment: Segment): string {
  const line = text.slice(segment.start, segment.end);
  return segment.virtual ? ' '.repeat(segment.virtual) + line : line;
}

type OpenBlock =
  | { kind: 'root'; node: Root; children: RootContent[] }
  | { kind: 'blockquote'; node: Blockquote; children: RootContent[]; lastLineEnd: number }
  | { kind: 'list'; node: List; children: ListItem[]; bullet: string; gap: boolean }
  | {
      kind: 'item';
      node: ListItem;
      children: RootContent[];
      contentIndent: number;
      startedBlank: boolean;
      blankInside: boolean;
      /** Where a task list item's check (`[x]`) starts: its first paragraph begins with it. */
      check?: number;
      /** A check with nothing after it on its line: its mark (` `, `x`, `X`), taken if the paragraph goes on (see closeLeaf). */
      checkAtLineEnd?: string;
      /** Where it ends when not at its last block's end (a footnote's quirk: checkNewContainer). */
      endsAt?: number;
    }
  /** An MDX JSX element open on its own line: the blocks up to its closing tag are its children (no prefix of its own). */
  | { kind: 'jsx'; node: MdxJsxFlowElement; children: RootContent[] }
  /** A GFM footnote definition (`[^label]: …`): its lines go on indented by 4, or blank. */
  | { kind: 'footnote'; node: FootnoteDefinition; children: RootContent[] };

type OpenLeaf =
  /** `lastLazy`: whether its last line is a lazy continuation line. */
  | { kind: 'paragraph'; segments: Segment[]; lastLazy?: boolean }
  | { kind: 'fence'; node: Code; marker: string; size: number; indent: number; lines: Segment[]; closed: boolean; lastEnd: Point }
  /** Indented code: its lines (less their 4 columns of indent), and the blank lines after them that the next code line would take. */
  | { kind: 'indented'; node: Code; lines: Segment[]; blanks: Segment[] }
  | { kind: 'table'; node: Table }
  | { kind: 'html'; node: Html; htmlKind: HtmlKind; lines: Segment[] }
  | { kind: 'esm'; node: MdxjsEsm; lines: Segment[] }
  | {
      kind: 'directive';
      node: ContainerDirective;
      colons: number;
      label: Segment | undefined;
      /** Its content, parsed as a document of its own when it closes (as micromark does). */
      lines: Segment[];
      /** Directives opened inside it (their fence sizes), and a code fence open inside it. */
      inner: number[];
      code: { marker: string; size: number } | undefined;
      closed: boolean;
      /** The spaces before its opening fence: as many are taken off the start of each content line (micromark's `initialSize`). */
      initial: number;
    };

/** Where a GFM autolink literal may start: letters, digits and `+ - . _` (an email's first character). */
const LITERAL_START = new Uint8Array(128);
for (let code = 0; code < 128; code++) if (/[A-Za-z0-9+\-._]/.test(String.fromCharCode(code))) LITERAL_START[code] = 1;
/** A line's start (tabs made spaces) that is a block's, or may be (a task list item's check, a delimiter row). */
const BLOCK_WITH_TABS = /^(?:#{1,6}(?: |$)|(?:[-+*]|\d{1,9}[.)])(?: |$)|\[[ xX]\] |[-: ]+$|(?:[*_] *){3,}$|=+ *$)/;
/** A character no block construct starts with (in MDX, an indented line starting with one is a paragraph's). */
const PLAIN_LINE_START = /^[^\s#>+*_=`~:<{|[\-0-9]/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
const UNICODE_WHITESPACE = /\s/;

class BlockParser {
  private readonly lineStarts: number[];
  private readonly stack: OpenBlock[];
  private leaf: OpenLeaf | undefined;
  /** A blank line was the last line seen (for list looseness). */
  private lastBlank = false;
  /** While `lastBlank`: how many blank lines in a row there were, and where the last one ends. */
  private blankRun = 0;
  private blankRunEnd = 0;
  /** Where in the stack the block quote that last blank line continued is (-1: none). */
  private blankInQuote = -1;
  /** Where the lines read so far end (a JSX tag may take several). */
  private readUpTo = -1;
  /**
   * The node the last line of JSX tags (or flow expressions) put or closed last, and where that
   * line ends: micromark's tag takes the spaces after it, so a list item it ends ends there
   * (the node itself ends at its `>` or `}`).
   */
  private flowLine: { node: object; end: number } | undefined;
  /** Names MDX imports declared so far (micromark declares them before each later import/export block). */
  private readonly moduleSpecifiers: string[] = [];
  /** A directive's content: its own document, where MDX's import/export is left to micromark. */
  private readonly nested: boolean;

  constructor(
    readonly text: string,
    private readonly mdx: boolean,
    /** Shared with the parser of an enclosing document (a directive's content is one). */
    lineStarts: number[] = [],
    /** The file's definitions and footnote labels (fastDefinition.ts), shared the same way. */
    readonly references = new References(text),
    /** The text has a tab somewhere (most have none: then no line is searched for one). */
    readonly tabs = text.includes('\t'),
  ) {
    this.lineStarts = lineStarts;
    this.nested = lineStarts.length > 0;
    const root: Root = { type: 'root', children: [] };
    this.stack = [{ kind: 'root', node: root, children: root.children }];
  }

  parse(): Root {
    const text = this.text;
    let start = 0;
    let line = 1;
    while (start <= text.length) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      // (A JSX tag over several lines may have had the lines after this one counted already.)
      if (this.lineStarts.length === 0 || start > this.lineStarts[this.lineStarts.length - 1]!) this.lineStarts.push(start);
      // The empty line after a last line ending is a line too (an open fence takes it).
      this.incorporate(start, end, line);
      if (newline === -1) break;
      start = newline + 1;
      line++;
    }
    // A last line of only block quote markers or spaces: micromark ends the lists open in it at
    // the end of the file there, not where their content ends.
    const lastLine = text.slice(text.lastIndexOf('\n') + 1);
    if (lastLine !== '' && /^[ \t>]*$/.test(lastLine) && this.stack.length > 1) giveUp('blank last line in containers');
    this.closeLeaf();
    while (this.stack.length > 1) this.closeTop();
    const wrongAnswer = this.references.wrongAnswer();
    if (wrongAnswer) giveUp(wrongAnswer);
    const root = this.stack[0]!.node as Root;
    root.position = { start: { line: 1, column: 1, offset: 0 }, end: this.point(text.length) };
    if (text.length === 0) root.position.end = { line: 1, column: 1, offset: 0 };
    return root;
  }

  /** A container directive's content: its lines, parsed as a document of their own. */
  parseLines(lines: Segment[]): RootContent[] {
    for (const line of lines) this.incorporate(line.start, line.end, line.line);
    if (this.leaf?.kind === 'fence' && !this.leaf.closed) giveUp('code fence open at a directive end');
    this.closeLeaf();
    while (this.stack.length > 1) this.closeTop();
    return this.stack[0]!.children as RootContent[];
  }

  /** Counts the lines up to `offset`, ahead of the line being read (a JSX tag over several lines takes them). */
  private countLinesUpTo(offset: number): void {
    const starts = this.lineStarts;
    for (let newline = this.text.indexOf('\n', starts[starts.length - 1]!); newline !== -1 && newline < offset; newline = this.text.indexOf('\n', newline + 1)) starts.push(newline + 1);
  }

  point(offset: number): Point {
    // Lines are found by binary search: positions are asked for in any order.
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1, offset };
  }

  lineEndAt(pos: number): number {
    const newline = this.text.indexOf('\n', pos);
    return newline === -1 ? this.text.length : newline;
  }

  /** The next tab at or after the last line searched (text.length: none). */
  private nextTab = -1;

  /**
   * Where the first tab between `lineStart` and `lineEnd` is, or -1. The text is searched
   * ahead once, not per line: lines come in order.
   */
  private tabIn(lineStart: number, lineEnd: number): number {
    if (!this.tabs) return -1;
    if (this.nextTab < lineStart) {
      const tab = this.text.indexOf('\t', lineStart);
      this.nextTab = tab === -1 ? this.text.length : tab;
    }
    return this.nextTab < lineEnd ? this.nextTab : -1;
  }

  /**
   * A line's column at `pos` (from 0). Tabs count to the next multiple of 4 from the line's
   * start (CommonMark's tab stops; a directive's content is on its lines of the file). Asked
   * only on lines with a tab, and only inside their prefixes.
   */
  private columnAt(pos: number, lineStart: number): number {
    const start = this.nested ? pos - (this.point(pos).column - 1) : lineStart;
    let column = 0;
    for (let at = start; at < pos; at++) column = this.text.charCodeAt(at) === 9 ? column + 4 - (column % 4) : column + 1;
    return column;
  }

  /**
   * The whitespace from `pos` on a line with a tab, after `virtual` columns of a tab a
   * prefix took part of: where it ends and how many columns it spans (the virtual ones too).
   */
  private indentAt(pos: number, virtual: number, lineStart: number, lineEnd: number): { end: number; columns: number } {
    const space = this.whitespaceAt(pos, lineEnd, this.columnAt(pos, lineStart));
    return { end: space.end, columns: space.columns + virtual };
  }

  /**
   * Columns of the tab before the line's place that the prefixes read so far did not take
   * (micromark's virtual spaces: `>\t\tcode` leaves 2 of the first tab's 3 after the quote's
   * marker). Set as each line is read (incorporate).
   */
  private virtual = 0;

  /** A tab in a line (whose first tab is `tab`) from `from` on: past its indent, whitespace inside a construct. */
  private tabFrom(tab: number, from: number, lineEnd: number): boolean {
    if (tab === -1 || tab >= from) return tab !== -1;
    const next = this.text.indexOf('\t', from);
    return next !== -1 && next < lineEnd;
  }

  /** Where the whitespace indentOf last read ends. */
  private indentEnd = 0;

  /**
   * The columns of the whitespace from `pos` (on a line whose first tab is `tab`); where it
   * ends is left in indentEnd (no object per call: lines without tabs are most, measured 10% of the parse).
   */
  private indentOf(pos: number, tab: number, lineStart: number, lineEnd: number): number {
    if (tab === -1) {
      const spaces = this.spacesAt(pos, lineEnd);
      this.indentEnd = pos + spaces;
      return spaces;
    }
    const space = this.indentAt(pos, this.virtual, lineStart, lineEnd);
    this.indentEnd = space.end;
    return space.columns;
  }

  /** Takes `columns` columns of the whitespace from `pos` (a prefix's): where the line goes on. */
  private take(pos: number, tab: number, lineStart: number, columns: number): number {
    if (tab === -1) return pos + columns;
    const taken = this.takeColumns(pos, this.virtual, columns, lineStart);
    this.virtual = taken.virtual;
    return taken.pos;
  }

  /** After a block quote's `>` or a list item's marker (at `pos`): a tab there is one column of the prefix's, its others stay. */
  private takeOneColumn(pos: number, lineStart: number): number {
    if (this.text.charCodeAt(pos) === 9) this.virtual = 3 - (this.columnAt(pos, lineStart) % 4);
    return pos + 1;
  }

  /**
   * Takes `columns` columns of the whitespace from `pos` (and `virtual` columns before it), as
   * micromark's prefixes do: a tab they take part of is consumed (positions go on after it)
   * and its other columns stay, virtual. Returns where the line goes on and those columns.
   */
  private takeColumns(pos: number, virtual: number, columns: number, lineStart: number): { pos: number; virtual: number } {
    if (virtual >= columns) return { pos, virtual: virtual - columns };
    let left = columns - virtual;
    let column = this.columnAt(pos, lineStart);
    while (left > 0) {
      if (this.text.charCodeAt(pos) === 9) {
        const width = 4 - (column % 4);
        if (width > left) return { pos: pos + 1, virtual: width - left };
        left -= width;
        column += width;
      } else {
        left--;
        column++;
      }
      pos++;
    }
    return { pos, virtual: 0 };
  }

  /** The spaces and tabs from `pos`: where they end, and how many columns they take from column `column`. */
  private whitespaceAt(pos: number, end: number, column: number): { end: number; columns: number } {
    let at = pos;
    let col = column;
    for (; at < end; at++) {
      const code = this.text.charCodeAt(at);
      if (code === 32) col++;
      else if (code === 9) col += 4 - (col % 4);
      else break;
    }
    return { end: at, columns: col - column };
  }

  /** The spaces and tabs from `pos` (where a table cell's content starts: a tab is whitespace there, one column in positions). */
  private blanksAt(pos: number, end: number): number {
    let n = 0;
    for (let code = this.text.charCodeAt(pos); pos + n < end && (code === 32 || code === 9); code = this.text.charCodeAt(pos + ++n));
    return n;
  }

  private spacesAt(pos: number, end: number): number {
    let n = 0;
    while (pos + n < end && this.text.charCodeAt(pos + n) === 32) n++;
    return n;
  }

  private incorporate(lineStart: number, lineEnd: number, line: number): void {
    // A line a JSX tag over several lines took.
    if (lineStart <= this.readUpTo) return;
    const text = this.text;
    let pos = lineStart;
    /** The line's first tab (-1: none). Tabs in containers' prefixes are counted in columns; elsewhere, each place says. */
    const tab = this.tabIn(lineStart, lineEnd);
    // (`pos` is no closure's: a captured variable costs the tab-free lines 40% of the parse, measured on 1 MB.)
    this.virtual = 0;
    // 1. Which open containers does this line continue? (Lists always do; their items decide.)
    let matched = 1;
    for (; matched < this.stack.length; matched++) {
      const block = this.stack[matched]!;
      if (block.kind === 'blockquote') {
        const space = { columns: this.indentOf(pos, tab, lineStart, lineEnd), end: this.indentEnd };
        if (space.columns <= 3 && text.charCodeAt(space.end) === 62 /* > */) {
          block.lastLineEnd = lineEnd;
          pos = space.end + 1;
          this.virtual = 0;
          const after = text.charCodeAt(pos);
          if (after === 9 || after === 32) pos = this.takeOneColumn(pos, lineStart);
          continue;
        }
        break;
      }
      if (block.kind === 'footnote') {
        // Blank lines go on; others are indented by 4 (micromark-extension-gfm-footnote).
        const spaces = this.spacesAt(pos, lineEnd);
        if (tab !== -1 && (this.virtual > 0 || (spaces < 4 && text.charCodeAt(pos + spaces) === 9))) giveUp('a tab in a footnote definition\'s indent');
        if (spaces === lineEnd - pos || spaces >= 4) {
          pos = Math.min(lineEnd, pos + 4);
          continue;
        }
        break;
      }
      if (block.kind !== 'item') continue;
      const space = { columns: this.indentOf(pos, tab, lineStart, lineEnd), end: this.indentEnd };
      if (space.end >= lineEnd) {
        // An item that began with a blank line ends at a second one.
        if (block.children.length === 0 && block.startedBlank) break;
        pos = this.take(pos, tab, lineStart, Math.min(space.columns, block.contentIndent));
        continue;
      }
      if (space.columns >= block.contentIndent) {
        pos = this.take(pos, tab, lineStart, block.contentIndent);
        continue;
      }
      break;
    }
    const allMatched = matched === this.stack.length;

    // 2. An open fenced code block takes the line if its containers continue.
    const fence = this.leaf;
    if (fence?.kind === 'fence') {
      if (allMatched) {
        // The indent in columns (tabs to their tab stops): micromark strips up to the fence's
        // own, and a tab it takes part of leaves its other columns as spaces.
        const space = { columns: this.indentOf(pos, tab, lineStart, lineEnd), end: this.indentEnd };
        // MDX turns indented code off: a closing fence may be indented any amount.
        const closing = text.slice(space.end, lineEnd);
        if ((space.columns <= 3 || this.mdx) && closing.length >= fence.size && closing[0] === fence.marker && isFenceRun(closing, fence.marker)) {
          fence.closed = true;
          fence.lastEnd = this.point(lineEnd);
          this.closeLeaf();
          this.lastBlank = false;
          return;
        }
        pos = this.take(pos, tab, lineStart, Math.min(space.columns, fence.indent));
        fence.lines.push({ start: pos, end: lineEnd, line, virtual: this.virtual });
        this.lastBlank = false;
        return;
      }
      // Ended by its containers ending: where micromark ends it then depends on what ends them.
      if (lineEnd < text.length || lineStart !== lineEnd) giveUp('fence ended by its containers');
      this.closeLeaf();
    }

    // Open indented code takes the line if its containers continue and it is indented 4 columns or
    // more (blank after them, too); blank lines indented less are its own only if a code line
    // follows (micromark leaves trailing ones out).
    const indented = this.leaf;
    /** Indented code was open: micromark's `interrupt` for containers (list items) holds for the line as after a paragraph. */
    const codeWasOpen = indented?.kind === 'indented';
    if (indented?.kind === 'indented') {
      const space = { columns: this.indentOf(pos, tab, lineStart, lineEnd), end: this.indentEnd };
      if (allMatched && space.end >= lineEnd && space.columns < 4) {
        indented.blanks.push({ start: lineEnd, end: lineEnd, line });
      } else if (allMatched && space.columns >= 4) {
        pos = this.take(pos, tab, lineStart, 4);
        indented.lines.push(...indented.blanks, { start: pos, end: lineEnd, line, virtual: this.virtual });
        indented.blanks = [];
        this.lastBlank = false;
        return;
      } else this.closeLeaf();
    }

    // An open MDX import/export block takes every line up to a blank one.
    const esm = this.leaf;
    if (esm?.kind === 'esm') {
      if (tab !== -1 && this.whitespaceAt(lineStart, lineEnd, 0).end >= lineEnd) giveUp('a blank line with a tab after import/export');
      if (this.spacesAt(lineStart, lineEnd) < lineEnd - lineStart) {
        esm.lines.push({ start: lineStart, end: lineEnd, line });
        return;
      }
      this.closeLeaf();
    }

    // An open HTML block takes the line if its containers continue (kinds 6 and 7 end at a blank line).
    const html = this.leaf;
    if (html?.kind === 'html') {
      if (tab !== -1 && (this.virtual > 0 || this.whitespaceAt(pos, lineEnd, 0).end >= lineEnd)) giveUp('a blank line with a tab in HTML, or a tab a prefix took part of');
      const blank = this.spacesAt(pos, lineEnd) === lineEnd - pos;
      if (allMatched && !(html.htmlKind >= 6 && blank)) {
        html.lines.push({ start: pos, end: lineEnd, line });
        if (html.htmlKind <= 5 && htmlFlowLineCloses(html.htmlKind, text, pos, lineEnd)) this.closeLeaf();
        this.lastBlank = false;
        return;
      }
      // Ended by its containers ending: micromark ends it on this line or the last, by what ends them.
      if (!blank && !allMatched && (lineEnd < text.length || lineStart !== lineEnd)) giveUp('HTML ended by its containers');
      this.closeLeaf();
    }

    // An open container directive takes the line if its containers continue.
    const directive = this.leaf;
    if (directive?.kind === 'directive') {
      if (!allMatched) {
        if (this.spacesAt(pos, lineEnd) === lineEnd - pos && lineEnd === text.length) return; // the empty line at the end
        giveUp('directive ended by its containers');
      }
      // (In code inside it, the nested parser reads the indent.)
      if (tab !== -1 && (this.virtual > 0 || (!directive.code && text.charCodeAt(pos + this.spacesAt(pos, lineEnd)) === 9))) giveUp('a tab in a directive line\'s indent, or a blank line with a tab');
      this.directiveLine(directive, pos, lineEnd, line);
      this.lastBlank = false;
      return;
    }

    // 3. New containers and leaf blocks.
    /** The deepest container this line is in so far. */
    let container = matched - 1;
    const opened = () => container !== matched - 1;
    /** Whether the line could still continue the open paragraph (nothing new opened, all containers continued). */
    const paragraphContinues = () => this.leaf?.kind === 'paragraph' && allMatched && !opened();
    /** A paragraph or indented code was open in the containers the line continued (micromark's `interrupt` for the list items the line opens, all of them). */
    const interrupting = (this.leaf?.kind === 'paragraph' || codeWasOpen) && allMatched;
    for (;;) {
      // The indent in columns: a tab reaches the next multiple of 4, and a tab a prefix took part of counts its other columns.
      const space = { columns: this.indentOf(pos, tab, lineStart, lineEnd), end: this.indentEnd };
      const indent = space.columns;
      const first = space.end;
      if (first >= lineEnd) break;
      // MDX turns indented code off: micromark then reads any construct after any indent. Plain
      // text is a paragraph's, and JSX tags and expressions are read below as at any indent
      // (nested components are often indented 4 or more: `<Tabs>` then `    <TabItem>`).
      const jsxAfterIndent = this.mdx && (text.charCodeAt(first) === 60 || text.charCodeAt(first) === 123);
      if (indent >= 4 && !jsxAfterIndent) {
        if (this.mdx) {
          if (!PLAIN_LINE_START.test(text[first]!)) giveUp('indented construct in MDX');
          break;
        }
        if (paragraphContinues()) break;
        // Indented code interrupts no paragraph: on a lazy line, the paragraph's rules are micromark's.
        if (this.leaf?.kind === 'paragraph' && !opened()) giveUp('a lazy continuation line');
        if (this.leaf?.kind === 'table') giveUp('indented line after a table');
        this.closeFrom(container + 1);
        const start = pos;
        pos = this.take(pos, tab, lineStart, 4);
        this.openIndented(start, lineEnd, line, pos, this.virtual);
        // Opened on a line that ended containers (`> a\n    code`), it ends with its line in micromark (the next code line is a block of its own).
        if (!allMatched && !opened()) this.closeLeaf();
        this.lastBlank = false;
        return;
      }
      const code = text.charCodeAt(first);
      const rest = text.slice(first, lineEnd);
      // Tabs in a line of anything but text and code (whitespace inside the construct): micromark's.
      if (this.tabFrom(tab, first, lineEnd) && (code === 60 || code === 123 || code === 96 || code === 126 || code === 58) && /^(?:[<{]|```|~~~|::)/.test(rest)) giveUp('a tab in a line of HTML, JSX, a fence or a directive');
      if ((code === 60 /* < */ || code === 123) /* { */ && this.mdx) {
        if (this.leaf?.kind === 'table') giveUp('JSX in a table');
        const flow = this.jsxFlowTags(first, lineEnd);
        // Not only tags: the line is a paragraph's (its tags are text JSX), or a lazy line of one.
        if (!flow) break;
        for (const [start, tag] of flow.tags) container = this.jsxFlowTag(start, tag, container);
        this.flowLine = this.flowLine && { node: this.flowLine.node, end: flow.end };
        // A tag over several lines: the lines it takes are read.
        this.readUpTo = flow.end;
        this.lastBlank = false;
        return;
      }
      if (code === 60 /* < */) {
        if (this.leaf?.kind === 'table' || (this.leaf?.kind === 'paragraph' && !allMatched)) giveUp('HTML in a table or on a lazy line');
        const start = htmlFlowStart(text, first, lineEnd, paragraphContinues());
        // Not an HTML block: the line is a paragraph's.
        if (!start) break;
        if (this.virtual > 0) giveUp('HTML after a tab a prefix took part of');
        this.closeFrom(container + 1);
        this.openHtml(pos, lineEnd, line, start);
        this.lastBlank = false;
        return;
      }
      if (code === 91 /* [ */ && text.charCodeAt(first + 1) === 94 /* ^ */) {
        const labelEnd = footnoteLabelEnd(text, first, lineEnd);
        if (labelEnd instanceof NotRead) giveUp(labelEnd.reason);
        if (labelEnd !== -1 && text.charCodeAt(labelEnd + 1) === 58 /* : */) {
          if (tab !== -1 && text.charCodeAt(labelEnd + 2 + this.spacesAt(labelEnd + 2, lineEnd)) === 9) giveUp('a tab after a footnote label');
          this.checkNewContainer(container, matched, undefined);
          this.openFootnote(first, labelEnd, lineEnd, container);
          container = this.stack.length - 1;
          pos = labelEnd + 2 + this.spacesAt(labelEnd + 2, lineEnd);
          this.virtual = 0;
          continue;
        }
      }
      if (code === 62 /* > */) {
        this.checkNewContainer(container, matched, undefined);
        this.closeFrom(container + 1);
        const node: Blockquote = { type: 'blockquote', children: [] };
        node.position = { start: this.point(first), end: this.point(first + 1) };
        this.addBlock(node);
        this.stack.push({ kind: 'blockquote', node, children: node.children, lastLineEnd: lineEnd });
        container = this.stack.length - 1;
        pos = first + 1;
        this.virtual = 0;
        const after = text.charCodeAt(pos);
        if (after === 9 || after === 32) pos = this.takeOneColumn(pos, lineStart);
        continue;
      }
      if (code === 35 /* # */) {
        // Tabs are whitespace in a heading's line, as spaces are (`#\tTitle`, `# Title\t#`).
        const heading = /^(#{1,6})(?:[ \t]+|$)/.exec(rest);
        if (heading) {
          this.closeFrom(container + 1);
          this.addHeading(first, lineEnd, heading[1]!.length, line);
          this.lastBlank = false;
          return;
        }
      }
      if (code === 96 /* ` */ || code === 126 /* ~ */) {
        const open = /^(`{3,}|~{3,})(.*)$/.exec(rest);
        if (open && !(code === 96 && open[2]!.includes('`'))) {
          this.closeFrom(container + 1);
          this.openFence(first, lineEnd, indent, open[1]!, open[2]!);
          this.lastBlank = false;
          return;
        }
      }
      if (code === 58 /* : */ && text.charCodeAt(first + 1) === 58) {
        // A leaf or container directive; a line that is neither is a paragraph's.
        const opening = directiveOpening(text, first, lineEnd);
        if (opening === NOT_READ) giveUp('character reference in directive attributes');
        // (Indented 1-3 spaces, it is one too: a tab there is micromark's, see the tab check above.)
        if (opening && indent > 0 && (this.virtual > 0 || text.slice(pos, first).includes('\t'))) giveUp('a tab before a directive');
        if (opening) {
          this.closeFrom(container + 1);
          if (opening.kind === 'leaf') this.addLeafDirective(first, lineEnd, line, opening);
          else this.openDirective(first, lineEnd, line, opening, indent);
          this.lastBlank = false;
          return;
        }
      }
      // A setext underline (before a thematic break or an item: `---` and `-` under a paragraph are one).
      // On a lazy line, or in a container opened on it, `---` is a thematic break; on a lazy line
      // `===` is text (below); `--`, `-`, and `===` in a container opened on the line, are micromark's.
      // (Tabs are whitespace in both, as spaces are: `-\t-\t-`, `===\t`.)
      if (/^(?:=+|-+)[ \t]*$/.test(rest) && this.leaf?.kind === 'paragraph' && !(!paragraphContinues() && /^-{3,}/.test(rest))) {
        if (!paragraphContinues()) {
          // An underline cannot be lazy: on a lazy line, `===` is the paragraph's text.
          if (code === 61 && !allMatched && !opened()) break;
          giveUp('a setext underline on a lazy line, or a lazy line that looks like one');
        }
        this.addSetextHeading(code === 61 ? 1 : 2, first, lineEnd, line);
        this.lastBlank = false;
        return;
      }
      if (/^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/.test(rest)) {
        this.closeFrom(container + 1);
        this.addBlock({ type: 'thematicBreak', position: { start: this.point(first), end: this.point(lineEnd) } });
        this.lastBlank = false;
        return;
      }
      const marker = /^(?:([-+*])|(\d{1,9})([.)]))(?=[ \t]|$)/.exec(rest);
      if (marker) {
        const bullet = marker[1] ?? marker[3]!;
        const start = marker[2] === undefined ? null : Number(marker[2]);
        const markerSize = marker[0].length;
        // The whitespace after the marker, in columns (a tab to the next multiple of 4: `-\titem`,
        // as some editors write lists). micromark's prefix takes up to 4 columns of it; with
        // more (content that starts with indented code), one: a tab's first column, its others
        // staying the content's. MDX has no indented code: its prefix takes all.
        const after = first + markerSize;
        const spaced = tab === -1 ? { end: after + this.spacesAt(after, lineEnd), columns: this.spacesAt(after, lineEnd) } : this.whitespaceAt(after, lineEnd, this.columnAt(after, lineStart));
        const emptyItem = spaced.end >= lineEnd;
        const whole = spaced.columns <= 4 || this.mdx;
        const padding = whole ? spaced.columns : 1;
        /** Where the item's content starts (where the prefix ends), and the columns of a tab it left. */
        const contentStart = whole ? spaced.end : after + 1;
        const contentVirtual = whole || text.charCodeAt(after) !== 9 ? 0 : 3 - (this.columnAt(after, lineStart) % 4);
        // micromark: an item that interrupts a paragraph (all containers continued, a paragraph open) is not empty and starts at 1;
        // micromark asks that of every item on the line, in containers opened on it too (`- -` under a paragraph).
        const interrupts = interrupting;
        if (codeWasOpen && !allMatched && (emptyItem || (start !== null && marker[2] !== '1'))) giveUp('an item that may not interrupt, after indented code its containers ended');
        if (!(interrupts && (emptyItem || (start !== null && marker[2] !== '1')))) {
          // A GFM task list item: `[ ]`, `[x]` or `[X]`, then spaces and more on the line, or nothing
          // more on it (then decided by the paragraph's next line; a check before spaces at the
          // line's end is micromark's).
          const check = emptyItem || contentVirtual > 0 ? null : /^\[([ xX])\]( +([^ ]))?/.exec(text.slice(contentStart, lineEnd));
          const checkAtLineEnd = check !== null && contentStart + 3 === lineEnd;
          if (check && check[3] === undefined && !checkAtLineEnd && /^ *$/.test(text.slice(contentStart + 3, lineEnd))) giveUp('task list item at its line\'s end');
          this.checkNewContainer(container, matched, bullet, emptyItem ? undefined : contentStart);
          this.closeFrom(container + 1);
          this.openItem(first, indent, markerSize, emptyItem ? 1 : padding, bullet, start, emptyItem);
          if (check?.[3] !== undefined) {
            const item = this.stack[this.stack.length - 1] as Extract<OpenBlock, { kind: 'item' }>;
            item.node.checked = check[1] !== ' ';
            item.check = contentStart;
          } else if (checkAtLineEnd) {
            const item = this.stack[this.stack.length - 1] as Extract<OpenBlock, { kind: 'item' }>;
            item.check = contentStart;
            item.checkAtLineEnd = check[1];
          }
          container = this.stack.length - 1;
          if (emptyItem) {
            pos = lineEnd;
            this.virtual = 0;
            break;
          }
          pos = contentStart;
          this.virtual = contentVirtual;
          continue;
        }
      }
      break;
    }

    // 4. The rest of the line.
    const restIndent = this.indentOf(pos, tab, lineStart, lineEnd);
    const restStart = this.indentEnd;
    if (restStart >= lineEnd) {
      if (!opened()) {
        // A blank line ends a paragraph or table; containers it did not continue end too.
        if (this.leaf?.kind === 'paragraph' || this.leaf?.kind === 'table') this.closeLeaf();
        this.closeFrom(container + 1);
      }
      if (!opened()) {
        this.blankRun = this.lastBlank ? this.blankRun + 1 : 1;
        this.blankRunEnd = lineEnd;
      }
      this.lastBlank = !opened();
      // A blank line in a block quote is the quote's: it makes no item around the quote loose.
      this.blankInQuote = -1;
      for (let i = container; i > 0; i--) {
        if (this.stack[i]!.kind === 'blockquote') {
          this.blankInQuote = i;
          break;
        }
      }
      return;
    }
    if (this.tabFrom(tab, restStart, lineEnd)) this.checkTextLineTabs(restStart, lineEnd);
    else if (tab !== -1 && (this.leaf?.kind === 'table' || text.slice(restStart, lineEnd).includes('|'))) giveUp('a tab before a table\'s row, or its head');
    const leaf = this.leaf;
    // A table takes no lazy line: it ends, with the containers the line did not continue, and the line is a paragraph of its own (below).
    if ((leaf?.kind === 'paragraph' || (leaf?.kind === 'table' && allMatched)) && !opened()) {
      if (!allMatched) {
        // A lazy continuation line: the paragraph goes on, and the block quotes the line did not
        // continue hold it (they end after it).
        // (A lazy line starts no table: micromark's delimiter row must continue the containers.)
        if (isDelimiterRow(text.slice(restStart, trimEnd(text, restStart, lineEnd)))) giveUp('a lazy line like a table delimiter row');
        for (let i = matched; i < this.stack.length; i++) {
          const open = this.stack[i]!;
          if (open.kind === 'blockquote') open.lastLineEnd = lineEnd;
        }
      }
      // Indented 4 columns or more, a delimiter row is none in micromark (but in MDX): its line is the paragraph's (main read it as a table).
      if (restIndent >= 4 && !this.mdx && isDelimiterRow(text.slice(restStart, trimEnd(text, restStart, lineEnd)))) giveUp('an indented line like a table delimiter row');
      if (leaf.kind === 'table') this.addTableRow(leaf, restStart, lineEnd, line);
      else if (!this.startsTableUnder(leaf, restStart, lineEnd)) {
        // micromark's text of the line (a label over lines holds it) starts after the containers'
        // prefixes, before the line's own indent; with a tab before it (maybe partly a prefix's), micromark's.
        const tabBefore = tab !== -1 && text.slice(lineStart, restStart).includes('\t');
        leaf.segments.push({ start: restStart, end: lineEnd, line, ...((pos < restStart || tabBefore) && { textStart: tabBefore ? -1 : pos }) });
        leaf.lastLazy = !allMatched;
      }
      this.lastBlank = false;
      return;
    }
    this.closeFrom(container + 1);
    if (this.mdx && /^(?:import|export)\b/.test(text.slice(restStart, lineEnd))) {
      // An import/export block: at the top level, from the line's first column, not in a paragraph.
      if (!(restStart === lineStart && container === 0 && !this.nested && /^(?:import|export) /.test(text.slice(restStart, lineEnd)))) giveUp('MDX import/export the fast parser does not read');
      this.openEsm(lineStart, lineEnd, line);
      this.lastBlank = false;
      return;
    }
    this.closeLeaf();
    this.closeLists();
    this.noteChild(this.stack[this.stack.length - 1]!);
    this.leaf = { kind: 'paragraph', segments: [{ start: restStart, end: lineEnd, line }] };
    this.lastBlank = false;
  }

  /**
   * A line of text with a tab: a paragraph's, where the tab is whitespace (between words, or
   * trailing). A line that would start a block were its tabs spaces (`#\ta`: a heading; `[ ]\ta`:
   * a task's check; `---\t`: an underline), or a table's row, is micromark's.
   */
  private checkTextLineTabs(restStart: number, lineEnd: number): void {
    const text = this.text;
    // (A tab in a table's row, its head or its delimiter row is whitespace there, as a space is: see isDelimiterRow and tableRow.)
    if (BLOCK_WITH_TABS.test(text.slice(restStart, lineEnd).replace(/\t/g, ' '))) giveUp('a tab in a line that may start a block');
  }

  /**
   * A new container on a line that continued some containers but not all ends the others
   * where micromark stands on that line, after the prefixes it read (micromark's
   * "thereIsANewContainer"): block quotes and lists then end on the new line. Those rare
   * shapes are micromark's. A next item of the first open item's list is that item's
   * continuation in micromark and ends nothing early.
   */
  private checkNewContainer(container: number, matched: number, bullet: string | undefined, prefixEnd?: number): void {
    if (container + 1 >= this.stack.length) return;
    let continued = 0;
    for (let i = 1; i < matched; i++) if (this.stack[i]!.kind !== 'list' && this.stack[i]!.kind !== 'jsx') continued++;
    if (continued === 0) return;
    const list = this.stack[container]!;
    const sibling = bullet !== undefined && container === matched - 1 && list.kind === 'list' && list.bullet === bullet && this.stack[matched]?.kind === 'item';
    if (!sibling) giveUp('new container ends others');
    // In a footnote definition, micromark ends the previous item where the next one's prefix
    // (marker and spaces) ends, on the next item's line; the items inside it end as anywhere.
    if (this.stack.slice(1, matched).some((open) => open.kind === 'footnote')) {
      if (prefixEnd === undefined) giveUp('an empty item after another in a footnote definition');
      // (The blank line before it is then the previous item's: micromark's list stays tight.)
      if (this.lastBlank) giveUp('an item after a blank line in a footnote definition');
      (this.stack[matched] as Extract<OpenBlock, { kind: 'item' }>).endsAt = prefixEnd;
    }
  }

  /** Adds a leaf or container block to the innermost container (a list holds only items: it ends first). */
  private addBlock(node: RootContent): void {
    this.closeLeaf();
    this.closeLists();
    const parent = this.stack[this.stack.length - 1]!;
    this.noteChild(parent);
    parent.children.push(node as never);
  }

  private closeLists(): void {
    while (this.stack[this.stack.length - 1]!.kind === 'list') this.closeTop();
  }

  /** A new child of an item after a blank line makes the item loose. */
  private noteChild(parent: OpenBlock): void {
    // Blocks inside JSX elements are the item's in micromark's events (JSX tags are no containers there).
    let depth = this.stack.lastIndexOf(parent);
    while (parent.kind === 'jsx' && depth > 0) parent = this.stack[--depth]!;
    // micromark counts blank lines in a footnote definition toward the looseness of the item it is in, its own way.
    if (parent.kind === 'footnote' && this.lastBlank && this.stack.some((open) => open.kind === 'item')) giveUp('a blank line in a footnote definition in a list item');
    if (parent.kind === 'item' && parent.children.length > 0 && this.lastBlank && this.blankInQuote <= depth) parent.blankInside = true;
  }

  /** Ends the open leaf if containers end, and the containers from `keep` on. */
  private closeFrom(keep: number): void {
    if (this.stack.length <= keep) return;
    this.closeLeaf();
    while (this.stack.length > keep) this.closeTop();
  }

  private closeTop(): void {
    const block = this.stack.pop()!;
    // Ended by anything but its closing tag, a JSX element is an error in micromark.
    if (block.kind === 'jsx') giveUp('JSX element without its closing tag');
    if (block.kind === 'blockquote') {
      // A block quote ends with the last line it continued, blank or not.
      block.node.position!.end = this.point(block.lastLineEnd);
    } else if (block.kind === 'footnote') {
      // It ends with its last block (or, with none, after its label and the spaces that follow).
      const last = block.children[block.children.length - 1];
      if (last && last === this.flowLine?.node) block.node.position!.end = this.point(this.flowLine.end);
      else if (last) block.node.position!.end = last.position!.end;
      if (this.lastBlank && this.stack.some((open) => open.kind === 'blockquote')) {
        // After blank lines of the block quote it is in (`>` alone), micromark ends it with them, as a list.
        if (this.stack[this.stack.length - 1]!.kind !== 'blockquote') giveUp('a footnote definition ending after blank lines in a block quote');
        block.node.position!.end = this.point(this.blankRunEnd);
      }
    } else if (block.kind === 'item') {
      const last = block.children[block.children.length - 1];
      if (block.endsAt !== undefined) block.node.position!.end = this.point(block.endsAt);
      else if (last && last === this.flowLine?.node) block.node.position!.end = this.point(this.flowLine.end);
      else if (last) block.node.position!.end = last.position!.end;
      block.node.spread = block.blankInside;
    } else if (block.kind === 'list') {
      const last = block.children[block.children.length - 1]!;
      block.node.position!.end = last.position!.end;
      block.node.spread = block.gap;
      if (this.lastBlank && this.stack.some((open) => open.kind === 'blockquote')) {
        // After blank lines of the block quote it is in (`>` alone), micromark ends the list
        // with them, and two make it loose; deeper in a quote, that is micromark's to do.
        if (this.stack[this.stack.length - 1]!.kind !== 'blockquote') giveUp('list ending after blank lines in a block quote');
        block.node.position!.end = this.point(this.blankRunEnd);
        if (this.blankRun > 1) block.node.spread = true;
      }
    }
  }

  /**
   * A footnote definition at `first` (its label's `]` at `labelEnd`): a container, in the
   * document, a block quote or a list item (in a JSX element, another footnote or a
   * directive's content, it is micromark's). Any spaces after its colon are its own.
   */
  private openFootnote(first: number, labelEnd: number, lineEnd: number, container: number): void {
    if (this.nested) giveUp('footnote definition in a directive');
    for (let i = 1; i <= container; i++) if (this.stack[i]!.kind === 'jsx' || this.stack[i]!.kind === 'footnote') giveUp('footnote definition in a container');
    this.closeFrom(container + 1);
    const label = this.text.slice(first + 2, labelEnd);
    const normalized = normalizeIdentifier(label);
    if (!this.references.defineFootnote(normalized)) giveUp('footnote definition the scan missed');
    const node: FootnoteDefinition = { type: 'footnoteDefinition', identifier: normalized.toLowerCase(), label, children: [] };
    const contentStart = labelEnd + 2 + this.spacesAt(labelEnd + 2, lineEnd);
    node.position = { start: this.point(first), end: this.point(contentStart) };
    this.addBlock(node);
    this.stack.push({ kind: 'footnote', node, children: node.children });
  }

  private openItem(first: number, indent: number, markerSize: number, padding: number, bullet: string, start: number | null, emptyItem: boolean): void {
    this.closeLeaf();
    let parent = this.stack[this.stack.length - 1]!;
    if (parent.kind === 'list' && parent.bullet !== bullet) {
      this.closeTop();
      parent = this.stack[this.stack.length - 1]!;
    }
    if (parent.kind !== 'list') {
      const node: List = { type: 'list', ordered: start !== null, start, spread: false, children: [] };
      node.position = { start: this.point(first), end: this.point(first) };
      this.noteChild(parent);
      parent.children.push(node as never);
      parent = { kind: 'list', node, children: node.children, bullet, gap: false };
      this.stack.push(parent);
    } else if (this.lastBlank) {
      parent.gap = true;
    }
    const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [] };
    // An empty item ends where its line does (spaces after the marker included).
    item.position = { start: this.point(first), end: this.point(emptyItem ? this.lineEndAt(first) : first + markerSize) };
    parent.children.push(item);
    this.stack.push({ kind: 'item', node: item, children: item.children, contentIndent: indent + markerSize + padding, startedBlank: emptyItem, blankInside: false });
  }

  private addHeading(first: number, lineEnd: number, depth: number, line: number): void {
    const text = this.text;
    let contentStart = first + depth;
    while (contentStart < lineEnd && (text.charCodeAt(contentStart) === 32 || text.charCodeAt(contentStart) === 9)) contentStart++;
    let contentEnd = trimEnd(text, first, lineEnd);
    // A closing sequence: #s preceded by whitespace (or the whole content).
    let hashes = contentEnd;
    while (hashes > contentStart && text.charCodeAt(hashes - 1) === 35) hashes--;
    if (hashes < contentEnd && (hashes === contentStart || text.charCodeAt(hashes - 1) === 32 || text.charCodeAt(hashes - 1) === 9)) contentEnd = trimEnd(text, contentStart, hashes);
    const node: Heading = { type: 'heading', depth: depth as Heading['depth'], children: [] };
    node.children = contentEnd > contentStart ? new InlineParser(this, [{ start: contentStart, end: contentEnd, line }], this.mdx).parse() : [];
    node.position = { start: this.point(first), end: this.point(lineEnd) };
    this.addBlock(node);
  }

  /**
   * The open paragraph, ended by a setext underline (at `first`): a heading to the underline's
   * end. Under definitions alone there is no heading: the underline is a thematic break if it
   * can be one (`---`), otherwise the first line of a new paragraph, as in micromark.
   */
  private addSetextHeading(depth: 1 | 2, first: number, lineEnd: number, line: number): void {
    const segments = (this.leaf as Extract<OpenLeaf, { kind: 'paragraph' }>).segments;
    const head = segments[0]!;
    const item = this.stack[this.stack.length - 1]!;
    if (item.kind === 'item' && item.check === head.start) giveUp('a task list item\'s setext heading');
    // Definitions (`[a]: b`) come first; the heading is the lines after them, and starts where
    // the paragraph did, as in micromark.
    this.leaf = undefined;
    const text = this.text.charCodeAt(head.start) === 91 ? this.addDefinitions(segments) : segments;
    if (text.length === 0) {
      if (/^-{3,}[ \t]*$/.test(this.text.slice(first, lineEnd))) this.addBlock({ type: 'thematicBreak', position: { start: this.point(first), end: this.point(lineEnd) } });
      else this.leaf = { kind: 'paragraph', segments: [{ start: first, end: lineEnd, line }] };
      return;
    }
    const last = text[text.length - 1]!;
    last.end = trimEnd(this.text, last.start, last.end);
    const node: Heading = { type: 'heading', depth, children: new InlineParser(this, text, this.mdx, true).parse() };
    node.position = { start: this.point(head.start), end: this.point(lineEnd) };
    this.addBlock(node);
  }

  /** Indented code from `pos` (after the line's containers); its text from `contentStart` (4 columns on). */
  private openIndented(pos: number, lineEnd: number, line: number, contentStart: number, virtual: number): void {
    const node: Code = { type: 'code', lang: null, meta: null, value: '' };
    node.position = { start: this.point(pos), end: this.point(lineEnd) };
    this.addBlock(node);
    // After a list whose last item is empty, micromark makes each code line a code block of its own.
    const siblings = this.stack[this.stack.length - 1]!.children;
    const previous = siblings[siblings.length - 2];
    if (previous?.type === 'list' && previous.children[previous.children.length - 1]!.children.length === 0) giveUp('indented code after an empty list item');
    this.leaf = { kind: 'indented', node, lines: [{ start: contentStart, end: lineEnd, line, virtual }], blanks: [] };
  }

  private openDirective(first: number, lineEnd: number, line: number, opening: DirectiveOpening, initial: number): void {
    const node: ContainerDirective = { type: 'containerDirective', name: opening.name, attributes: opening.attributes, children: [] };
    node.position = { start: this.point(first), end: this.point(lineEnd) };
    this.addBlock(node as unknown as RootContent);
    this.leaf = { kind: 'directive', node, colons: opening.colons, label: opening.label && { ...opening.label, line }, lines: [], inner: [], code: undefined, closed: false, initial };
  }

  /** `::name[label]{attributes}`: its label's text is its children. */
  private addLeafDirective(first: number, lineEnd: number, line: number, opening: DirectiveOpening): void {
    const label = opening.label;
    const children = label && label.end > label.start ? new InlineParser(this, [{ ...label, line }], this.mdx).parse() : [];
    const node: LeafDirective = { type: 'leafDirective', name: opening.name, attributes: opening.attributes, children };
    node.position = { start: this.point(first), end: this.point(lineEnd) };
    this.addBlock(node as unknown as RootContent);
  }

  /**
   * One line of a container directive: its closing fence, or content. Fences are followed as
   * micromark's directive does only in the plain case: directives inside close with a fence
   * of their own size, and a code fence inside holds no line that starts with colons.
   */
  private directiveLine(directive: Extract<OpenLeaf, { kind: 'directive' }>, pos: number, lineEnd: number, line: number): void {
    const text = this.text;
    // The content's line starts after as many spaces as the opening fence had before it (if it has them).
    const own = Math.min(directive.initial, this.spacesAt(pos, lineEnd));
    const indent = this.spacesAt(pos, lineEnd) - own;
    const rest = text.slice(pos + own + indent, lineEnd);
    const segment = { start: pos + own, end: lineEnd, line };
    // micromark counts a blank line inside a directive toward the looseness of the list item
    // it is in (unless a list or quote inside the directive holds it): left to micromark.
    if (rest === '' && this.stack.some((open) => open.kind === 'item')) giveUp('blank line in a directive in a list item');
    if (directive.code) {
      const code = directive.code;
      if (indent <= 3 && rest.length >= code.size && rest[0] === code.marker && isFenceRun(rest, code.marker)) directive.code = undefined;
      else if (/^ *:/.test(rest)) giveUp('colons in code inside a directive');
      directive.lines.push(segment);
      return;
    }
    const fence = indent <= 3 ? /^(`{3,}|~{3,})(.*)$/.exec(rest) : null;
    if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
      directive.code = { marker: fence[1]![0]!, size: fence[1]!.length };
      directive.lines.push(segment);
      return;
    }
    const colons = /^:{3,}/.exec(rest)?.[0].length;
    const closing = colons !== undefined && /^:+ *$/.test(rest);
    const opening = colons === undefined || closing ? undefined : directiveOpening(text, pos + own + indent, lineEnd);
    if (opening === NOT_READ) giveUp('character reference in directive attributes');
    if (!closing && !opening) {
      directive.lines.push(segment);
      return;
    }
    // micromark looks for the directive's own closing fence first on each of its lines, after up
    // to 3 spaces (any number in MDX, which has no indented code): an indented fence closes it
    // whatever the line would be in its content (`  :::` after a list item in it, as in React
    // Native's docs). Other indented fences, of directives inside it, are micromark's.
    if (indent > 0 && !(closing && directive.inner.length === 0 && (this.mdx || own + indent <= 3))) giveUp('indented directive fence');
    const innermost = directive.inner.length > 0 ? directive.inner[directive.inner.length - 1]! : directive.colons;
    if (opening) {
      // Each level is parsed by a parser of its own when it closes: deep nesting is micromark's (and the nesting check's).
      if (directive.inner.length >= 32) giveUp('directives nested deep');
      // A fence as long as the enclosing one's closes that one first (micromark looks for its own closing fence before anything inside).
      if (opening.colons >= innermost) giveUp('directive inside one with a fence as long');
      directive.inner.push(opening.colons);
      directive.lines.push(segment);
      return;
    }
    if (colons !== innermost) giveUp('directive fence sizes');
    if (directive.inner.length > 0) {
      directive.inner.pop();
      directive.lines.push(segment);
      return;
    }
    directive.closed = true;
    directive.node.position!.end = this.point(lineEnd);
    this.closeLeaf();
  }

  private openEsm(start: number, lineEnd: number, line: number): void {
    const node: MdxjsEsm = { type: 'mdxjsEsm', value: '' };
    node.position = { start: this.point(start), end: this.point(lineEnd) };
    this.addBlock(node as unknown as RootContent);
    this.leaf = { kind: 'esm', node, lines: [{ start, end: lineEnd, line }] };
  }

  /**
   * The expression opened by the `{` at `open`, on its line or going on over the next ones
   * (where lines have no container prefix: at the document's level or a JSX element's). As
   * micromark-factory-mdx-expression reads one: each next line's first two spaces of indent are
   * not part of its code (a tab there is left to micromark), and acorn is tried at each `}` in
   * turn; a place in the code is the source's, after the indent left out where two places meet
   * (before it when the `}` follows the indent: micromark has no token there to place it).
   * Tried at the first 32 `}` within 8 KB (more is micromark's): a stray `{` costs little.
   */
  private expressionOverLines(open: number, allowEmpty: boolean): JsxExpression | undefined {
    const text = this.text;
    // Runs of the code: [where in the code, where in the source] each starts.
    const runs: [number, number][] = [[0, open + 1]];
    let code = '';
    let from = open + 1;
    let tries = 0;
    const limit = Math.min(text.length, open + 8 * 1024);
    for (let pos = open + 1; pos < limit; pos++) {
      const char = text.charCodeAt(pos);
      if (char === 10) {
        code += text.slice(from, pos + 1);
        let indent = pos + 1;
        while (indent < pos + 3 && text.charCodeAt(indent) === 32) indent++;
        if (indent < pos + 3 && text.charCodeAt(indent) === 9) return undefined;
        if (indent > pos + 1) runs.push([code.length, indent]);
        from = indent;
        pos = indent - 1;
        continue;
      }
      if (char !== 125) continue;
      if (++tries > 32) return undefined;
      const value = code + text.slice(from, pos);
      this.countLinesUpTo(pos + 1);
      // A run that starts where the code ends (the `}` right after a line's indent) has no place of its own.
      const source = (at: number) => {
        let run = runs.length - 1;
        while (runs[run]![0] > at || (run > 0 && runs[run]![0] === value.length)) run--;
        return runs[run]![1] + at - runs[run]![0];
      };
      const estree = expressionProgram(value, 0, value.length, allowEmpty, (at) => this.point(source(at)));
      if (estree) return { end: pos + 1, value, estree };
    }
    return undefined;
  }

  /** The JSX tags a line holds, if it holds only tags (and spaces); undefined if it holds text too. */
  private jsxFlowTags(first: number, lineEnd: number): { tags: [number, JsxTag | JsxExpression][]; end: number } | undefined {
    const tags: [number, JsxTag | JsxExpression][] = [];
    // Outside block quotes and lists (whose prefixes each line repeats), a tag may go on over lines.
    const overLines = this.stack.every((open) => open.kind === 'root' || open.kind === 'jsx');
    let at = first;
    while (at < lineEnd) {
      const code = this.text.charCodeAt(at);
      if (code === 123) {
        // An expression on a line of flow follows a tag, or starts the line; a tag may follow it, not another.
        const previous = tags[tags.length - 1]?.[1];
        if (previous && !('name' in previous)) return undefined;
        const expression = overLines ? this.expressionOverLines(at, true) : this.expressionAt(at, lineEnd, true);
        if (!expression) giveUp('MDX expression over lines, or one micromark rejects');
        tags.push([at, expression]);
        if (expression.end > lineEnd) lineEnd = this.lineEndAt(expression.end);
        at = expression.end + this.spacesAt(expression.end, lineEnd);
        continue;
      }
      if (code !== 60) return undefined;
      const expression = (open: number) => {
        if (overLines) return this.expressionOverLines(open, false);
        if (open > lineEnd) this.countLinesUpTo(open);
        return this.expressionAt(open, this.lineEndAt(open), false);
      };
      const tag = jsxTagAt(this.text, at, overLines ? this.text.length : lineEnd, expression);
      if (tag === NOT_JSX) return undefined;
      if (tag === NOT_READ_JSX) giveUp('JSX the fast parser does not read');
      tags.push([at, tag]);
      if (tag.end > lineEnd) {
        this.countLinesUpTo(tag.end);
        lineEnd = this.lineEndAt(tag.end);
      }
      at = tag.end + this.spacesAt(tag.end, lineEnd);
    }
    return { tags, end: lineEnd };
  }

  /**
   * The MDX expression opened by the `{` at `open`, on its line: micromark tries acorn at each
   * `}` in turn and takes the first that closes an expression. Undefined if none on the line
   * does, or none of the first 32 tried (more is micromark's, which tries fewer: the `}`
   * inside a string or an open bracket are skipped here as there, by its scanner).
   */
  expressionAt(open: number, end: number, allowEmpty: boolean): JsxExpression | undefined {
    const text = this.text;
    const scanner = createExpressionScanner();
    let read = open + 1;
    let tries = 0;
    for (let close = text.indexOf('}', open + 1); close !== -1 && close < end; close = text.indexOf('}', close + 1)) {
      for (; read < close; read++) scanner.feed(text.charCodeAt(read));
      if (!scanner.mayEnd()) continue;
      if (++tries > 32) return undefined;
      const estree = expressionProgram(text, open + 1, close, allowEmpty, (offset) => this.point(offset));
      if (estree) return { end: close + 1, value: text.slice(open + 1, close), estree };
    }
    return undefined;
  }

  /** One JSX tag on a line of tags: an element opens (its blocks follow), closes, or stands alone; or an expression. Returns the container the line is in after it. */
  private jsxFlowTag(start: number, tag: JsxTag | JsxExpression, container: number): number {
    if (!('name' in tag)) {
      this.closeFrom(container + 1);
      const node: MdxFlowExpression = { type: 'mdxFlowExpression', value: tag.value, data: { estree: tag.estree } };
      node.position = { start: this.point(start), end: this.point(tag.end) };
      this.addBlock(node as unknown as RootContent);
      this.flowLine = { node, end: tag.end };
      return container;
    }
    if (tag.close) {
      // Its element must be the innermost one open here: only lists (no prefix of their own) may end with it.
      let open = this.stack.length - 1;
      while (open > 0 && this.stack[open]!.kind !== 'jsx') open--;
      const element = this.stack[open];
      if (element?.kind !== 'jsx' || element.node.name !== tag.name || open > container) giveUp('JSX closing tag that does not match, or outside its element\'s container');
      for (let i = open + 1; i <= container; i++) if (this.stack[i]!.kind !== 'list') giveUp('JSX closing tag inside a container of its element');
      this.closeFrom(open + 1);
      this.closeLeaf();
      this.stack.pop();
      element.node.position!.end = this.point(tag.end);
      this.flowLine = { node: element.node, end: tag.end };
      return this.stack.length - 1;
    }
    this.closeFrom(container + 1);
    const node: MdxJsxFlowElement = { type: 'mdxJsxFlowElement', name: tag.name, attributes: jsxAttributes(tag, (offset) => this.point(offset)), children: [] };
    node.position = { start: this.point(start), end: this.point(tag.end) };
    this.addBlock(node as unknown as RootContent);
    this.flowLine = { node, end: tag.end };
    if (tag.selfClosing) return container;
    this.stack.push({ kind: 'jsx', node, children: node.children as RootContent[] });
    return this.stack.length - 1;
  }

  /** An HTML block from `start` (its first line's indentation included, as micromark places it). */
  private openHtml(start: number, lineEnd: number, line: number, opened: HtmlFlowStart): void {
    const node: Html = { type: 'html', value: '' };
    node.position = { start: this.point(start), end: this.point(lineEnd) };
    this.addBlock(node);
    this.leaf = { kind: 'html', node, htmlKind: opened.kind, lines: [{ start, end: lineEnd, line }] };
    if (opened.closed) this.closeLeaf();
  }

  private openFence(first: number, lineEnd: number, indent: number, run: string, info: string): void {
    // micromark: the language is the first word; the rest, from its next non-space, is the meta
    // (trailing spaces kept); each is a string, its escapes and character references decoded
    // (React Native's docs: ```SnackPlayer name=Hello%20World&ext=js).
    const trimmed = info.replace(/^ +/, '');
    const space = trimmed.search(/ /);
    const lang = trimmed === '' ? null : decodeString(trimmed, 0, space === -1 ? trimmed.length : space);
    const rest = space === -1 ? '' : trimmed.slice(space).replace(/^ +/, '');
    const meta = space === -1 ? null : decodeString(rest, 0, rest.length) || null;
    const node: Code = { type: 'code', lang, meta, value: '' };
    node.position = { start: this.point(first), end: this.point(lineEnd) };
    this.addBlock(node);
    this.leaf = { kind: 'fence', node, marker: run[0]!, size: run.length, indent, lines: [], closed: false, lastEnd: node.position.end };
  }

  /**
   * The link reference definitions a paragraph's lines start with (fastDefinition.ts), added as
   * blocks; the lines after them, which are the paragraph's.
   */
  private addDefinitions(segments: Segment[]): Segment[] {
    let index = 0;
    while (index < segments.length) {
      // fastDefinition.ts reads spaces as whitespace, not tabs: a definition's lines (label,
      // destination, title) with a tab are micromark's.
      if (this.tabs && this.text.charCodeAt(segments[index]!.start) === 91 && segments.slice(index, index + 3).some((line) => this.text.slice(line.start, line.end).includes('\t'))) giveUp('a tab near a definition');
      const read = definitionAt(this.text, segments, index);
      if (read instanceof NotRead) giveUp(read.reason);
      if (!read) break;
      // micromark reads a directive's content after the text outside it: its definitions are its own to place.
      if (this.nested) giveUp('definition in a directive');
      if (!this.references.define(read.normalized)) giveUp('definition the scan missed');
      const node: Definition = { type: 'definition', identifier: read.normalized.toLowerCase(), label: read.label, title: read.title, url: read.url };
      node.position = { start: this.point(read.start), end: this.point(read.end) };
      this.addBlock(node);
      index = read.next;
    }
    return index === 0 ? segments : segments.slice(index);
  }

  /**
   * mdast-util-gfm-task-list-item drops the first character of the paragraph's first text (the
   * space after the check), and moves the paragraph's start there only if some of that text is left.
   */
  private dropCheckSpace(paragraph: Paragraph): void {
    const head = paragraph.children[0];
    if (head?.type !== 'text') return;
    head.value = head.value.slice(1);
    if (head.value.length === 0) {
      paragraph.children.shift();
      return;
    }
    const start = head.position!.start;
    head.position!.start = { line: start.line, column: start.column + 1, offset: start.offset! + 1 };
    paragraph.position!.start = { ...head.position!.start };
  }

  /**
   * The paragraph's last line is a table's head if this line is a delimiter row with as many
   * cells; the lines before it, if any, are a paragraph of their own (micromark's table
   * interrupts the paragraph at its head).
   */
  private startsTableUnder(paragraph: Extract<OpenLeaf, { kind: 'paragraph' }>, restStart: number, lineEnd: number): boolean {
    const head = paragraph.segments[paragraph.segments.length - 1]!;
    const delimiter = this.text.slice(restStart, trimEnd(this.text, restStart, lineEnd));
    if (!isDelimiterRow(delimiter)) return false;
    // micromark makes tables of those too (`y` over `:-:`), where a delimiter row is no setext underline.
    if (!delimiter.includes('|') && !hasPipe(this.text.slice(head.start, head.end))) giveUp('a table without pipes');
    // A head indented 4 columns or more (a later line of the paragraph) heads no table in micromark (in MDX, which has no indented code, it may).
    if (head.textStart !== undefined && !this.mdx) {
      if (head.textStart === -1 || this.text.slice(head.textStart, head.start).includes('\t')) giveUp('a table head on an indented line with a tab');
      if (head.start - head.textStart >= 4) return false;
    }
    if (paragraph.segments.length > 1) {
      if (paragraph.lastLazy) giveUp('a table head on a lazy line');
      paragraph.segments.pop();
      this.closeLeaf();
      this.leaf = { kind: 'paragraph', segments: [head] };
    }
    return this.startsTable(head, restStart, lineEnd);
  }

  /** The paragraph's one line, `head`, made a table's head by this line, a delimiter row (with a pipe in one of them): with as many cells, or micromark's. */
  private startsTable(head: Segment, restStart: number, lineEnd: number): true {
    const delimiter = this.text.slice(restStart, trimEnd(this.text, restStart, lineEnd));
    const aligns = splitCells(delimiter).map(({ value }): AlignType => {
      const cell = value.trim();
      const left = cell.startsWith(':');
      const right = cell.endsWith(':');
      return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
    });
    if (this.text.charCodeAt(head.start) === 91 && this.text.slice(head.start, head.end).includes(']:')) giveUp('a definition or a table');
    const item = this.stack[this.stack.length - 1]!;
    if (item.kind === 'item' && item.check === head.start) giveUp('a task list item\'s table');
    // A lone `|` is no row (micromark needs a cell): the lines are a paragraph.
    if (this.text.slice(head.start, head.end).trim() === '|') giveUp('table head of a lone pipe');
    const headCells = splitCells(this.text.slice(head.start, trimEnd(this.text, head.start, head.end)));
    if (headCells.length !== aligns.length) giveUp('table head cell count');
    const node: Table = { type: 'table', align: aligns, children: [] };
    node.children.push(this.tableRow(head.start, head.end, head.line));
    node.position = { start: this.point(head.start), end: this.point(lineEnd) };
    // The paragraph's line is the table's head.
    this.leaf = undefined;
    this.addBlock(node);
    this.leaf = { kind: 'table', node };
    return true;
  }

  private addTableRow(table: Extract<OpenLeaf, { kind: 'table' }>, start: number, end: number, line: number): void {
    const rest = this.text.slice(start, end);
    // A line that would start another block ends the table in micromark: leave those to it.
    if (/^(?:[>#`~]|[-+*](?: |$)|\d{1,9}[.)](?: |$)|(?:[-*_] *){3,}$)/.test(rest)) giveUp('table row starting a block');
    const row = this.tableRow(start, end, line);
    table.node.children.push(row);
    table.node.position!.end = row.position!.end;
  }

  /**
   * A row and its cells. micromark's cells start at their leading pipe (the first at the row's
   * start) and end at the next pipe; the last one at the line's end, trailing spaces included.
   */
  private tableRow(start: number, end: number, line: number): TableRow {
    const cells = splitCells(this.text.slice(start, trimEnd(this.text, start, end)));
    const row: TableRow = { type: 'tableRow', children: [] };
    cells.forEach((cell, i) => {
      const contentStart = start + cell.start + this.blanksAt(start + cell.start, start + cell.end);
      const contentEnd = trimEnd(this.text, contentStart, start + cell.end);
      const node: TableCell = { type: 'tableCell', children: contentEnd > contentStart ? new InlineParser(this, [{ start: contentStart, end: contentEnd, line }], this.mdx, false, true).parse() : [] };
      const cellStart = i === 0 ? start : start + cell.start - 1;
      const cellEnd = i === cells.length - 1 ? end : start + cells[i + 1]!.start - 1;
      node.position = { start: this.point(cellStart), end: this.point(cellEnd) };
      row.children.push(node);
    });
    row.position = { start: this.point(start), end: this.point(end) };
    return row;
  }

  private closeLeaf(): void {
    const leaf = this.leaf;
    if (!leaf) return;
    this.leaf = undefined;
    if (leaf.kind === 'paragraph') {
      const item = this.stack[this.stack.length - 1]!;
      let check = item.kind === 'item' && item.children.length === 0 && item.check === leaf.segments[0]!.start ? item.check : undefined;
      if (check !== undefined && item.kind === 'item' && item.checkAtLineEnd !== undefined) {
        // micromark takes a check with nothing after it on its line when its paragraph goes on
        // (the line ending is the space it needs); the paragraph of the check alone is text.
        if (leaf.segments.length > 1) item.node.checked = item.checkAtLineEnd !== ' ';
        else check = undefined;
      }
      // Link reference definitions come first (not after a task list item's check: that is text).
      const segments = check === undefined ? this.addDefinitions(leaf.segments) : leaf.segments;
      if (segments.length === 0) return;
      const last = segments[segments.length - 1]!;
      const end = last.end;
      last.end = trimEnd(this.text, last.start, last.end);
      // The check is no text: the paragraph's text starts after it.
      if (check !== undefined) segments[0] = { ...segments[0]!, start: check + 3 };
      const node: Paragraph = { type: 'paragraph', children: new InlineParser(this, segments, this.mdx, true).parse() };
      node.position = { start: this.point(check ?? segments[0]!.start), end: this.point(end) };
      if (check !== undefined) this.dropCheckSpace(node);
      this.addBlock(node);
    } else if (leaf.kind === 'directive') {
      if (!leaf.closed) giveUp('unclosed directive');
      const children = new BlockParser(this.text, this.mdx, this.lineStarts, this.references, this.tabs).parseLines(leaf.lines);
      if (leaf.label) {
        const label: Paragraph = { type: 'paragraph', data: { directiveLabel: true } as Paragraph['data'], children: new InlineParser(this, [leaf.label], this.mdx).parse() };
        label.position = { start: this.point(leaf.label.start - 1), end: this.point(leaf.label.end + 1) };
        children.unshift(label);
      }
      leaf.node.children = children as ContainerDirective['children'];
    } else if (leaf.kind === 'esm') {
      const start = leaf.lines[0]!.start;
      const end = leaf.lines[leaf.lines.length - 1]!.end;
      const estree = esmProgram(this.text, start, end, this.moduleSpecifiers, (offset) => this.point(offset));
      if (!estree) giveUp('MDX import/export micromark reads or rejects');
      leaf.node.value = this.text.slice(start, end);
      leaf.node.position!.end = this.point(end);
      leaf.node.data = { estree };
    } else if (leaf.kind === 'html') {
      leaf.node.value = leaf.lines.map((s) => this.text.slice(s.start, s.end)).join('\n');
      leaf.node.position!.end = this.point(leaf.lines[leaf.lines.length - 1]!.end);
    } else if (leaf.kind === 'indented') {
      // mdast-util-from-markdown drops one line ending at the end (a last line blank after its indent).
      leaf.node.value = leaf.lines.map((s) => codeLine(this.text, s)).join('\n').replace(/\n$/, '');
      leaf.node.position!.end = this.point(leaf.lines[leaf.lines.length - 1]!.end);
    } else if (leaf.kind === 'fence') {
      // micromark's value: the lines with their line endings, less one line ending at each end.
      const lines = leaf.lines.map((s) => codeLine(this.text, s));
      if (!leaf.closed && lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      leaf.node.value = lines.join('\n');
      // Unclosed, it ends where the last line it took ends.
      const lastLine = leaf.lines[leaf.lines.length - 1];
      leaf.node.position!.end = leaf.closed ? leaf.lastEnd : lastLine ? this.point(lastLine.end) : leaf.node.position!.end;
    }
  }
}

/** A GFM table's delimiter row: `| :-- | --: |`, pipes optional at the ends; spaces or tabs around each cell's dashes. */
function isDelimiterRow(row: string): boolean {
  return /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/.test(row) && row.includes('-');
}

/** Where the text before trailing spaces and tabs ends (lines with tabs reach here only where a tab is whitespace). */
function trimEnd(text: string, start: number, end: number): number {
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return end;
}

function isFenceRun(rest: string, marker: string): boolean {
  let i = 0;
  while (i < rest.length && rest[i] === marker) i++;
  for (; i < rest.length; i++) if (rest[i] !== ' ' && rest[i] !== '\t') return false;
  return true;
}

/** A table row's cells: where each starts and ends (pipes excluded) in the row's text. */
function splitCells(row: string): { start: number; end: number; value: string }[] {
  let start = row.startsWith('|') ? 1 : 0;
  // A pipe after a backslash is the cell's (as is a backslash after one): micromark reads both as escapes.
  const pipes: number[] = [];
  for (let i = start; i < row.length; i++) {
    if (row[i] === '\\' && (row[i + 1] === '\\' || row[i + 1] === '|')) i++;
    else if (row[i] === '|') pipes.push(i);
  }
  const end = pipes[pipes.length - 1] === row.length - 1 && row.length > start ? row.length - 1 : row.length;
  const cells: { start: number; end: number; value: string }[] = [];
  for (const pipe of pipes) {
    if (pipe >= end) break;
    cells.push({ start, end: pipe, value: row.slice(start, pipe) });
    start = pipe + 1;
  }
  cells.push({ start, end, value: row.slice(start, end) });
  return cells;
}

/** Whether `row` holds a pipe no backslash escapes. */
function hasPipe(row: string): boolean {
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\' && (row[i + 1] === '\\' || row[i + 1] === '|')) i++;
    else if (row[i] === '|') return true;
  }
  return false;
}

interface Delimiter {
  char: number;
  /** Characters of the run not yet used by emphasis. */
  count: number;
  /** Where the run starts in the source. */
  offset: number;
  canOpen: boolean;
  canClose: boolean;
  /** The run's text piece (its start and end move as characters are used). */
  piece: TextPiece;
  previous: Delimiter | undefined;
  next: Delimiter | undefined;
  removed?: boolean;
}

/** Text before it becomes a text node: value and source range; neighbours are merged at the end. */
interface TextPiece {
  type: 'piece';
  value: string;
  start: number;
  end: number;
  /** The delimiter run this piece is, if it is one. */
  delimiter?: Delimiter;
}

/** A JSX tag in text: elements are made from them once emphasis and links are (finish). */
interface JsxMarker {
  type: 'jsxTag';
  tag: JsxTag;
  start: number;
}

type Item = TextPiece | PhrasingContent | JsxMarker;

interface Bracket {
  image: boolean;
  /** Index in items of the `[` (or `![`) piece. */
  index: number;
  delimiter: Delimiter | undefined;
  /** Order of opening: link openers up to `inactiveUpTo` are text (no links in links). */
  order: number;
}

class InlineParser {
  private readonly items: Item[] = [];
  private delimiters: Delimiter | undefined;
  private brackets: Bracket[] = [];
  private bracketOrder = 0;
  private inactiveUpTo = 0;
  private readonly text: string;

  constructor(
    private readonly block: BlockParser,
    private readonly segments: Segment[],
    private readonly mdx: boolean,
    /** A paragraph's text goes on after its last line's trailing spaces (a heading's or a cell's ends before them). */
    private readonly paragraph = false,
    /** In a table's cell: mdast-util-gfm-table unescapes pipes in its code (`\|` is `|` there). */
    private readonly inTable = false,
  ) {
    this.text = block.text;
  }

  parse(): PhrasingContent[] {
    const { segments, text } = this;
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s]!;
      const last = s === segments.length - 1;
      const end = segment.end;
      // Trailing spaces of a line: a hard break (two or more, and no tab among them) or nothing.
      const contentEnd = last ? end : trimEnd(text, segment.start, end);
      this.segment = segment;
      this.segmentIndex = s;
      const from = this.resumeAt ?? segment.start;
      this.resumeAt = undefined;
      this.parseRange(from, contentEnd, last ? undefined : end);
      if (this.resumeAt !== undefined) {
        // A code span took this line's end: the lines up to its closing run are its own.
        s = this.resumeSegment - 1;
        continue;
      }
      if (!last) {
        // A backslash at the line's end made its hard break already (parseRange).
        if (end - contentEnd >= 2 && !(this.block.tabs && text.slice(contentEnd, end).includes('\t'))) this.items.push({ type: 'break', position: { start: this.block.point(contentEnd), end: this.block.point(end + 1) } });
        else if (!this.trailingEscape) this.items.push({ type: 'piece', value: '\n', start: end, end: end + 1 });
        this.trailingEscape = false;
      }
    }
    return this.finish(this.processEmphasis(this.items, undefined));
  }

  /** How many emphasis, strong and delete nodes deep each one made so far is, itself included. */
  private readonly groupDepths = new WeakMap<object, number>();

  /** The line read last ended with a backslash hard break. */
  private trailingEscape = false;

  /** The last tab in the line being read (-1: none): constructs read past whitespace (link resources, tags, attributes) are micromark's after one. */
  private lastTab = -1;

  private parseRange(pos: number, end: number, lineEnding: number | undefined): void {
    const text = this.text;
    let textStart = pos;
    this.lastTab = -1;
    if (this.block.tabs) for (let at = end - 1; at >= pos; at--) if (text.charCodeAt(at) === 9) {
      this.lastTab = at;
      break;
    }
    const flush = (to: number) => {
      if (to > textStart) this.items.push({ type: 'piece', value: text.slice(textStart, to), start: textStart, end: to });
    };
    while (pos < end) {
      const code = text.charCodeAt(pos);
      // GFM autolink literals, where micromark attempts them: not after an unclosed `[`.
      if (code < 128 && LITERAL_START[code] === 1 && this.brackets.length === 0) {
        const previous = pos === this.segment!.start ? (this.segment === this.segments[0] ? -1 : 10) : text.charCodeAt(pos - 1);
        // Inside a word only `h` and `w` can start one (after a digit or `_`, say); an email starts a word.
        const wordStart = previous >= 128 || LITERAL_START[previous] !== 1;
        const textEnd = lineEnding === undefined && !(this.paragraph && (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9)) ? 'null' : 'line ending';
        const literal = wordStart || (code | 32) === 104 || (code | 32) === 119 ? autolinkLiteralAt(text, pos, end, previous, textEnd) : undefined;
        if (literal) {
          flush(pos);
          const position = { start: this.block.point(pos), end: this.block.point(literal.end) };
          this.items.push({ type: 'link', title: null, url: literal.url, children: [{ type: 'text', value: text.slice(pos, literal.end), position }], position: { ...position } });
          textStart = pos = literal.end;
          continue;
        }
      }
      switch (code) {
        case 92: {
          // \
          if (pos + 1 === end) {
            if (lineEnding !== undefined && lineEnding === end) {
              flush(pos);
              this.items.push({ type: 'break', position: { start: this.block.point(pos), end: this.block.point(lineEnding + 1) } });
              this.trailingEscape = true;
              textStart = pos = end;
              continue;
            }
            pos++;
            continue;
          }
          const next = text[pos + 1]!;
          if (ASCII_PUNCTUATION.test(next)) {
            flush(pos);
            this.items.push({ type: 'piece', value: next, start: pos, end: pos + 2 });
            textStart = pos += 2;
            continue;
          }
          pos++;
          continue;
        }
        case 96: {
          // `
          let run = 1;
          while (text.charCodeAt(pos + run) === 96) run++;
          const close = this.findCodeClose(pos + run, run);
          if (close === -1) {
            pos += run;
            continue;
          }
          flush(pos);
          const overLines = this.codeCloseSegment !== this.segmentIndex;
          // Over lines, mdast keeps the line endings and each later line's indent (mdast-util-to-hast makes the endings spaces).
          let value = overLines ? this.textBetween(pos + run, close) : text.slice(pos + run, close);
          if (value.length > 2 && /^[ \n]/.test(value) && /[ \n]$/.test(value) && /[^ \n]/.test(value)) value = value.slice(1, -1);
          if (this.inTable) value = value.replace(/\\([\\|])/g, (escape, char: string) => (char === '|' ? char : escape));
          this.items.push({ type: 'inlineCode', value, position: { start: this.block.point(pos), end: this.block.point(this.codeCloseEnd + run) } });
          textStart = pos = this.codeCloseEnd + run;
          if (overLines) {
            // The rest of this line is the code's: go on after the closing run, on its line (parse).
            this.resumeAt = pos;
            this.resumeSegment = this.codeCloseSegment;
            return;
          }
          continue;
        }
        case 42:
        case 95: {
          // * _
          flush(pos);
          let run = 1;
          while (text.charCodeAt(pos + run) === code) run++;
          const before = pos === this.segments[0]!.start ? -1 : this.codeBefore(pos);
          const after = pos + run >= end ? (lineEnding === undefined ? -1 : 10) : text.charCodeAt(pos + run);
          const beforeKind = classify(before);
          const afterKind = classify(after);
          // GFM makes `~` an attention marker: a run next to one can open (before it) or close (after it).
          const leftFlanking = (afterKind !== 1 && (afterKind !== 2 || beforeKind !== 0)) || after === 126;
          const rightFlanking = (beforeKind !== 1 && (beforeKind !== 2 || afterKind !== 0)) || before === 126;
          const canOpen = code === 42 ? leftFlanking : leftFlanking && (!rightFlanking || beforeKind === 2);
          const canClose = code === 42 ? rightFlanking : rightFlanking && (!leftFlanking || afterKind === 2);
          const piece: TextPiece = { type: 'piece', value: text.slice(pos, pos + run), start: pos, end: pos + run };
          this.items.push(piece);
          if (canOpen || canClose) {
            const delimiter: Delimiter = { char: code, count: run, offset: pos, canOpen, canClose, piece, previous: this.delimiters, next: undefined };
            piece.delimiter = delimiter;
            if (this.delimiters) this.delimiters.next = delimiter;
            this.delimiters = delimiter;
          }
          textStart = pos += run;
          continue;
        }
        case 33: {
          // !
          if (text.charCodeAt(pos + 1) === 91) {
            // `![^a]` may be a `!` and a footnote call: see potentialFootnoteCall.
            flush(pos);
            this.items.push({ type: 'piece', value: '![', start: pos, end: pos + 2 });
            this.brackets.push({ image: true, index: this.items.length - 1, delimiter: this.delimiters, order: ++this.bracketOrder });
            textStart = pos += 2;
            continue;
          }
          pos++;
          continue;
        }
        case 91: {
          // [
          if (text.charCodeAt(pos + 1) === 94 /* ^ */) {
            const call = this.footnoteCall(pos, end);
            if (call) {
              flush(pos);
              this.items.push(call);
              textStart = pos = call.position!.end.offset!;
              continue;
            }
          }
          flush(pos);
          this.items.push({ type: 'piece', value: '[', start: pos, end: pos + 1 });
          this.brackets.push({ image: false, index: this.items.length - 1, delimiter: this.delimiters, order: ++this.bracketOrder });
          textStart = pos += 1;
          continue;
        }
        case 93: {
          // ]
          flush(pos);
          const after = this.closeBracket(pos, end);
          textStart = pos = after;
          continue;
        }
        case 38: {
          // & a character reference: the text it stands for, placed where it is written
          const reference = characterReferenceAt(text, pos, end);
          if (!reference) {
            pos++;
            continue;
          }
          flush(pos);
          this.items.push({ type: 'piece', value: reference.value, start: pos, end: reference.end });
          textStart = pos = reference.end;
          continue;
        }
        case 58: {
          // : a text directive (remark-directive reads "10:30" as one named "30")
          const name = this.directiveNameEnd(pos, end);
          // micromark-extension-directive reads a tab (its code below 0) as a character of a name (trailing ones too),
          // so a run of name characters a tab follows is micromark's even when it could not end a name (`:d_\tx`).
          if (this.block.tabs && (text.charCodeAt(pos + 1) === 9 || (name !== -1 && text.charCodeAt(name) === 9) || this.tabAfterName(pos + 1, end))) giveUp('a tab in or after a text directive\'s name');
          if (name === -1) {
            pos++;
            continue;
          }
          flush(pos);
          // A label and attributes may go on to the next lines: those are micromark's. Unclosed
          // at the paragraph's end, they are not the directive's (it ends before them).
          let at = name;
          let children: PhrasingContent[] = [];
          // The line the directive ends on (its label may go on over lines): where its attributes
          // must end, and whether a line ending follows them.
          let closeLine = this.segmentIndex;
          let attributesEnd = end;
          let attributesLineEnding = lineEnding;
          if (text.charCodeAt(at) === 91) {
            const labelEnd = directiveLabelEnd(text, at, end);
            if (labelEnd === LINE_END && lineEnding !== undefined) {
              // Closed on a later line of the paragraph: its label's text is those lines'.
              const over = this.directiveLabelOverLines(at);
              const segments = this.segments;
              closeLine = over.line;
              const lines = [{ ...this.segment!, start: at + 1 }, ...segments.slice(this.segmentIndex + 1, closeLine), { ...segments[closeLine]!, end: over.end - 1 }];
              children = new InlineParser(this.block, lines, this.mdx, false, this.inTable).parse();
              at = over.end;
              const last = closeLine === segments.length - 1;
              attributesEnd = last ? segments[closeLine]!.end : trimEnd(text, segments[closeLine]!.start, segments[closeLine]!.end);
              attributesLineEnding = last ? undefined : segments[closeLine]!.end;
            } else if (labelEnd >= 0) {
              children = labelEnd - 1 > at + 1 ? new InlineParser(this.block, [{ start: at + 1, end: labelEnd - 1, line: this.segment!.line }], this.mdx, false, this.inTable).parse() : [];
              at = labelEnd;
            }
          }
          let attributes: Record<string, string> = {};
          if (text.charCodeAt(at) === 123) {
            if (this.lastTab > at) giveUp('a tab after a directive\'s {');
            const read = directiveAttributes(text, at, attributesEnd);
            if (read === NOT_READ) giveUp('character reference in directive attributes');
            if (read === LINE_END && attributesLineEnding !== undefined) giveUp('text directive attributes across lines');
            if (read !== FAIL && read !== LINE_END) {
              attributes = read.attributes;
              at = read.end;
            }
          }
          const node = { type: 'textDirective', name: text.slice(pos + 1, name), attributes, children, position: { start: this.block.point(pos), end: this.block.point(at) } };
          this.items.push(node as unknown as PhrasingContent);
          textStart = pos = at;
          if (closeLine !== this.segmentIndex) {
            // Go on after it, on the line it ends on (parse).
            this.resumeAt = at;
            this.resumeSegment = closeLine;
            return;
          }
          continue;
        }
        case 60: {
          // < an autolink, inline HTML, or text (in MDX: a JSX tag, or text before a space)
          if (this.lastTab > pos) giveUp('a tab after <');
          if (this.mdx) {
            const tag = jsxTagAt(text, pos, end, (open) => this.block.expressionAt(open, end, false));
            if (tag === NOT_READ_JSX || (tag === NOT_JSX && pos + 1 >= end && lineEnding === undefined)) giveUp('JSX the fast parser does not read');
            if (tag === NOT_JSX) {
              pos++;
              continue;
            }
            flush(pos);
            this.items.push({ type: 'jsxTag', tag, start: pos });
            textStart = pos = tag.end;
            continue;
          }
          const autolink = autolinkAt(text, pos, end);
          if (autolink) {
            flush(pos);
            const position = { start: this.block.point(pos), end: this.block.point(autolink.end) };
            const inner = { start: this.block.point(pos + 1), end: this.block.point(autolink.end - 1) };
            this.items.push({ type: 'link', title: null, url: autolink.url, children: [{ type: 'text', value: text.slice(pos + 1, autolink.end - 1), position: inner }], position });
            textStart = pos = autolink.end;
            continue;
          }
          const html = htmlTextEnd(text, pos, end);
          if (html === HTML_LINE_END && lineEnding !== undefined) giveUp('inline HTML across lines');
          if (html >= 0) {
            flush(pos);
            this.items.push({ type: 'html', value: text.slice(pos, html), position: { start: this.block.point(pos), end: this.block.point(html) } });
            textStart = pos = html;
            continue;
          }
          pos++;
          continue;
        }
        case 126: {
          // ~ GFM strikethrough: a run of one or two (more is text), which opens and closes by
          // micromark-extension-gfm-strikethrough's own rule (no attention markers, no rule of three).
          flush(pos);
          let run = 1;
          while (text.charCodeAt(pos + run) === 126) run++;
          const piece: TextPiece = { type: 'piece', value: text.slice(pos, pos + run), start: pos, end: pos + run };
          this.items.push(piece);
          if (run <= 2) {
            const beforeKind = classify(pos === this.segments[0]!.start ? -1 : this.codeBefore(pos));
            const afterKind = classify(pos + run >= end ? (lineEnding === undefined ? -1 : 10) : text.charCodeAt(pos + run));
            const canOpen = afterKind === 0 || (afterKind === 2 && beforeKind !== 0);
            const canClose = beforeKind === 0 || (beforeKind === 2 && afterKind !== 0);
            if (canOpen || canClose) {
              const delimiter: Delimiter = { char: 126, count: run, offset: pos, canOpen, canClose, piece, previous: this.delimiters, next: undefined };
              piece.delimiter = delimiter;
              if (this.delimiters) this.delimiters.next = delimiter;
              this.delimiters = delimiter;
            }
          }
          textStart = pos += run;
          continue;
        }
        case 123: {
          // { in MDX: an expression (on this line, here)
          if (!this.mdx) {
            pos++;
            continue;
          }
          if (this.lastTab > pos) giveUp('a tab after {');
          const expression = this.block.expressionAt(pos, end, true);
          if (!expression) giveUp('MDX expression over lines, or one micromark rejects');
          flush(pos);
          const node: MdxTextExpression = { type: 'mdxTextExpression', value: expression.value, data: { estree: expression.estree } };
          node.position = { start: this.block.point(pos), end: this.block.point(expression.end) };
          this.items.push(node as unknown as PhrasingContent);
          textStart = pos = expression.end;
          continue;
        }
        default:
          pos++;
      }
    }
    flush(end);
  }

  private codeCloseEnd = 0;
  /** The line the last closing run found is on (an index in `segments`). */
  private codeCloseSegment = 0;
  /** The line being read. */
  private segment: Segment | undefined;
  private segmentIndex = 0;
  /** Where to go on reading, on line `resumeSegment`, after a code span over lines. */
  private resumeAt: number | undefined;
  private resumeSegment = 0;

  /**
   * Where a text directive's label opened at `open` (its `[`) and going on past its line ends
   * (after its `]`), and the line that is on: micromark-extension-directive's label, its
   * brackets balanced and `\[`, `\]`, `\\` escaped, as directiveLabelEnd reads one line. One
   * closed on no later line, or past micromark's limits, is micromark's; so is any label over
   * lines in a file with tabs (the tab checks here know only the line a construct starts on).
   */
  private directiveLabelOverLines(open: number): { end: number; line: number } {
    if (this.block.tabs) giveUp('text directive label across lines, with a tab in the file');
    const text = this.text;
    const segments = this.segments;
    let balance = 0;
    let escapes = 0;
    for (let index = this.segmentIndex; index < segments.length; index++) {
      const lineEnd = segments[index]!.end;
      for (let at = index === this.segmentIndex ? open + 1 : segments[index]!.start; at < lineEnd; at++) {
        const code = text.charCodeAt(at);
        if (code === 91 && ++balance > 32) giveUp('text directive label nested deep');
        if (code === 93 && !balance--) return { end: at + 1, line: index };
        if (code === 92 && at + 1 < lineEnd && isLabelEscape(text.charCodeAt(at + 1))) {
          at++;
          if (++escapes > 999) giveUp('text directive label with many escapes');
        }
      }
    }
    giveUp('text directive label across lines, unclosed');
  }

  /**
   * The closing run of a code span (as long as its opening one), on its line or a later line
   * of the paragraph; -1 if there is none on its line and the paragraph ends there.
   */
  private findCodeClose(from: number, run: number): number {
    const text = this.text;
    const segments = this.segments;
    for (let index = this.segmentIndex; index < segments.length; index++) {
      const lineEnd = segments[index]!.end;
      let pos = index === this.segmentIndex ? from : segments[index]!.start;
      while (pos < lineEnd) {
        if (text.charCodeAt(pos) === 96) {
          let size = 1;
          while (text.charCodeAt(pos + size) === 96) size++;
          if (size === run) {
            this.codeCloseEnd = pos;
            this.codeCloseSegment = index;
            return pos;
          }
          pos += size;
        } else pos++;
      }
    }
    // Closed on no later line either: micromark reads the run as text, and the positions it
    // gives after going back from that search are its own: leave those to it.
    if (this.segmentIndex < segments.length - 1) giveUp('code span across lines');
    return -1;
  }

  /**
   * Where the name of a text directive at `pos` (a colon) ends, or -1 if there is none
   * (micromark-extension-directive's rules): not after a colon; a first character that is
   * not punctuation or space; then no punctuation but `-` and `_`, which cannot end it; not
   * followed by a colon. A label or attributes after it are micromark's to read.
   */
  /** Whether the characters a directive name may hold, from `at`, run up to a tab. */
  private tabAfterName(at: number, end: number): boolean {
    const text = this.text;
    while (at < end && (classify(text.charCodeAt(at)) === 0 || text.charCodeAt(at) === 45 || text.charCodeAt(at) === 95)) at++;
    return at < end && text.charCodeAt(at) === 9;
  }

  private directiveNameEnd(pos: number, end: number): number {
    const text = this.text;
    if (pos > this.segment!.start && text.charCodeAt(pos - 1) === 58) {
      if (pos > this.segment!.start + 1 && text.charCodeAt(pos - 2) === 92) giveUp('directive after an escaped colon');
      return -1;
    }
    let at = pos + 1;
    if (at >= end || classify(text.charCodeAt(at)) !== 0) return -1;
    at++;
    while (at < end) {
      const code = text.charCodeAt(at);
      const kind = classify(code);
      if (kind === 1 || (kind === 2 && code !== 45 && code !== 95)) break;
      at++;
    }
    const last = text.charCodeAt(at - 1);
    if (last === 45 || last === 95) return -1;
    const after = at < end ? text.charCodeAt(at) : -1;
    if (after === 58) return -1;
    return at;
  }

  /** The character before pos as micromark sees it: a line's first character follows a line ending. */
  private codeBefore(pos: number): number {
    return pos === this.segment!.start ? 10 : this.text.charCodeAt(pos - 1);
  }

  private closeBracket(pos: number, end: number): number {
    const text = this.text;
    const bracket = this.brackets.pop();
    if (!bracket) {
      this.items.push({ type: 'piece', value: ']', start: pos, end: pos + 1 });
      return pos + 1;
    }
    if (!bracket.image && bracket.order <= this.inactiveUpTo) {
      this.items.push({ type: 'piece', value: ']', start: pos, end: pos + 1 });
      return pos + 1;
    }
    if (pos - (this.items[bracket.index] as TextPiece).end > 500) giveUp('long link text');
    if (this.lastTab > pos && text.charCodeAt(pos + 1) === 40) giveUp('a tab after ](');
    const resource = text.charCodeAt(pos + 1) === 40 ? parseResource(text, pos + 2, end, this.segment === this.segments[this.segments.length - 1]) : undefined;
    // A resource that is not one (`[a](b c d)`): a shortcut reference if `a` is defined, else
    // the brackets are text (micromark's label end tries the resource, then the shortcut).
    const reference = resource ? undefined : this.referenceAt(bracket, pos, end);
    if (!resource && !reference) {
      const call = bracket.image ? this.potentialFootnoteCall(bracket, pos) : undefined;
      if (call !== undefined) return call;
      this.items.push({ type: 'piece', value: ']', start: pos, end: pos + 1 });
      return pos + 1;
    }
    const opener = this.items[bracket.index] as TextPiece;
    const inner = this.items.splice(bracket.index + 1);
    this.items.pop(); // the opener
    // Emphasis inside the brackets first, down to the opener's place in the delimiter stack.
    const innerItems = this.processEmphasis(inner, bracket.delimiter);
    const children = this.finish(innerItems);
    const position = { start: this.block.point(opener.start), end: this.block.point(resource?.end ?? reference!.end) };
    if (reference) {
      const { identifier, label, referenceType } = reference;
      if (bracket.image) {
        const node: ImageReference = { type: 'imageReference', alt: toPlainString(children), position, label, identifier, referenceType };
        this.items.push(node);
        return reference.end;
      }
      const node: LinkReference = { type: 'linkReference', children, position, label, identifier, referenceType };
      this.items.push(node);
      this.inactiveUpTo = this.bracketOrder;
      return reference.end;
    }
    if (!resource) throw new Error('unreachable');
    if (bracket.image) {
      const node: Image = { type: 'image', title: resource.title, url: resource.url, alt: toPlainString(children) };
      node.position = position;
      this.items.push(node);
    } else {
      const node: Link = { type: 'link', title: resource.title, url: resource.url, children };
      node.position = position;
      this.items.push(node);
      // No links in links: earlier openers are text now.
      this.inactiveUpTo = this.bracketOrder;
    }
    return resource.end;
  }

  /**
   * `![^label]` that is no image, closed by the `]` at `pos`: a `!` and a footnote call when
   * `^label` names a footnote, as gfm-footnote's "potential call" reads it after micromark's
   * label end fails; what is between the brackets is the call's label, raw (its emphasis
   * markers are no delimiters). Where it ends. (The potential call walks back from the `]` to
   * the `![`, and fails at any link, image, call or bracket between: each has a `[`, which no
   * footnote's label has, so the label names none then anyway.)
   */
  private potentialFootnoteCall(bracket: Bracket, pos: number): number | undefined {
    const references = this.block.references;
    const text = this.text;
    const opener = this.items[bracket.index] as TextPiece;
    if (!references.anyFootnotes || text.charCodeAt(opener.end) !== 94 /* ^ */) return undefined;
    if (opener.end < this.segment!.start) giveUp('a footnote call after ! over lines');
    const raw = text.slice(opener.end, pos);
    if (/[\\&]/.test(raw)) giveUp('an escape or character reference in a footnote call after !');
    const id = normalizeIdentifier(raw);
    if (id.charCodeAt(0) !== 94 || !references.isFootnote(id.slice(1))) return undefined;
    this.items.splice(bracket.index);
    while (this.delimiters && this.delimiters !== bracket.delimiter) this.removeDelimiter(this.delimiters);
    this.items.push({ type: 'piece', value: '!', start: opener.start, end: opener.start + 1 });
    const label = raw.slice(1);
    this.items.push({ type: 'footnoteReference', identifier: normalizeIdentifier(label).toLowerCase(), label, position: { start: this.block.point(opener.start + 1), end: this.block.point(pos + 1) } });
    return pos + 1;
  }

  /**
   * The reference a `]` at `pos` closes, as micromark's label-end reads one: `[text][label]`
   * (full) when `label` is defined; `[text][]` (collapsed) and `[text]` (shortcut) when `text`
   * is; after a `[` that starts neither, nothing (`[a][b]` with `b` undefined is text, `[a]`
   * included). A full label over lines, and labels with character references, are
   * micromark's when they name a definition.
   */
  private referenceAt(bracket: Bracket, pos: number, end: number): { end: number; identifier: string; label: string; referenceType: 'full' | 'collapsed' | 'shortcut' } | undefined {
    const references = this.block.references;
    if (!references.anyLinks) return undefined;
    const text = this.text;
    const opener = this.items[bracket.index] as TextPiece;
    // mdast's label is the label decoded (`[a\\]b]` is "a]b"); its identifier is made from it as written.
    const reference = (raw: string, referenceEnd: number, referenceType: 'full' | 'collapsed' | 'shortcut') => {
      if (raw.includes('&')) giveUp('character reference in a reference label');
      // (How micromark counts a label with escapes toward its 999 characters: left to it near there.)
      if (raw.length > 900 && raw.includes('\\')) giveUp('a long reference label with escapes');
      return { end: referenceEnd, identifier: normalizeIdentifier(raw).toLowerCase(), label: decodeString(raw, 0, raw.length), referenceType };
    };
    const textLabel = () => {
      // A text over lines: its lines' text, as micromark serializes it (the containers' prefixes left out).
      const overLines = opener.end < this.segment!.start;
      const raw = overLines ? this.textBetween(opener.end, pos) : text.slice(opener.end, pos);
      if (raw.length > 999 || !references.isDefined(normalizeIdentifier(raw))) return undefined;
      return raw;
    };
    if (text.charCodeAt(pos + 1) !== 91) {
      const label = textLabel();
      return label === undefined ? undefined : reference(label, pos + 1, 'shortcut');
    }
    if (text.charCodeAt(pos + 2) === 93) {
      const label = textLabel();
      return label === undefined ? undefined : reference(label, pos + 3, 'collapsed');
    }
    let at = pos + 2;
    let seen = false;
    for (; at < end; at++) {
      const code = text.charCodeAt(at);
      if (code === 93) break;
      if (code === 91) return undefined;
      if (code === 9) giveUp('a tab in a reference label');
      if (code !== 32) seen = true;
      // An escaped bracket or backslash is the label's (micromark-factory-label).
      if (code === 92 && isLabelEscape(text.charCodeAt(at + 1))) at++;
    }
    if (at >= end) {
      if (this.segment !== this.segments[this.segments.length - 1]) giveUp('reference label over lines');
      return undefined;
    }
    const label = text.slice(pos + 2, at);
    if (!seen || label.length > 999 || !references.isDefined(normalizeIdentifier(label))) return undefined;
    return reference(label, at + 1, 'full');
  }

  /** The text of the lines from `from` to `to`, joined by line endings (what a label over lines holds). */
  private textBetween(from: number, to: number): string {
    // From the line `from` is on (found by halving: a paragraph may have thousands of lines,
    // and each bracket over lines asks), to the line `to` is on.
    const segments = this.segments;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (segments[mid]!.start <= from) low = mid;
      else high = mid - 1;
    }
    const parts: string[] = [];
    for (let i = low; i < segments.length && segments[i]!.start <= to; i++) {
      const segment = segments[i]!;
      if (segment.end < from) continue;
      // A later line's indent is in micromark's text of it (`[a\n   b]`: "a\n   b").
      const start = from < segment.start ? (segment.textStart ?? segment.start) : from;
      if (start === -1) giveUp('a tab before a line of a label over lines');
      parts.push(this.text.slice(start, Math.min(to, segment.end)));
    }
    return parts.join('\n');
  }

  /** A GFM footnote call (`[^label]`) at `pos` when its label names a footnote definition. */
  private footnoteCall(pos: number, end: number): FootnoteReference | undefined {
    const references = this.block.references;
    if (!references.anyFootnotes) return undefined;
    const labelEnd = footnoteLabelEnd(this.text, pos, end);
    if (labelEnd instanceof NotRead) giveUp(labelEnd.reason);
    if (labelEnd === -1) return undefined;
    const label = this.text.slice(pos + 2, labelEnd);
    const normalized = normalizeIdentifier(label);
    if (!references.isFootnote(normalized)) return undefined;
    return { type: 'footnoteReference', identifier: normalized.toLowerCase(), label, position: { start: this.block.point(pos), end: this.block.point(labelEnd + 1) } };
  }

  /**
   * CommonMark's "process emphasis" for the delimiters above `bottom`, as micromark's resolver
   * does it: closers left to right, each walking back to an opener. The items are copied to
   * `out` as the walk goes, so a match replaces only the end of `out` (what lies between its
   * opener and closer): a paragraph of 100,000 emphasis costs 100,000 small steps, not that many
   * moves of the whole paragraph.
   */
  private processEmphasis(items: Item[], bottom: Delimiter | undefined): Item[] {
    const out: Item[] = [];
    const openersBottom = new Map<string, Delimiter>();
    for (const item of items) {
      out.push(item);
      const closer = item.type === 'piece' ? item.delimiter : undefined;
      if (!closer || closer.removed || !closer.canClose) continue;
      while (closer.count > 0) {
        // micromark reads the rule of three, and keys its floors, with the sizes left now, not the runs' first sizes.
        const key = `${closer.char}:${closer.canOpen}:${closer.count % 3}`;
        // micromark stops at the floor's place in the paragraph, wherever the floor went since
        // (inside emphasis made later, too), unless it was used up.
        const floor = openersBottom.get(key);
        const floorAt = floor && floor.count > 0 ? floor.offset : -1;
        let opener = closer.previous;
        while (opener && opener !== bottom && opener.offset >= floorAt) {
          if (opener.char === closer.char && opener.canOpen) {
            // Strikethrough: the nearest opener of the same size.
            if (closer.char === 126) {
              if (opener.count === closer.count) break;
            } else {
              const refused = (opener.canClose || closer.canOpen) && closer.count % 3 !== 0 && (opener.count + closer.count) % 3 === 0;
              if (!refused) break;
            }
          }
          opener = opener.previous;
        }
        if (!opener || opener === bottom || opener.offset < floorAt) {
          openersBottom.set(key, closer);
          if (!closer.canOpen) this.removeDelimiter(closer);
          break;
        }
        const use = closer.char === 126 ? closer.count : opener.count >= 2 && closer.count >= 2 ? 2 : 1;
        const openerPiece = opener.piece;
        const closerPiece = closer.piece;
        // The closer is the last item; the opener's piece is found walking back over what the new node takes.
        const openerIndex = out.lastIndexOf(openerPiece, out.length - 2);
        if (openerIndex === -1 || out[out.length - 1] !== closerPiece) giveUp('emphasis bookkeeping');
        opener.count -= use;
        closer.count -= use;
        const nodeStart = openerPiece.end - use;
        const nodeEnd = closerPiece.start + use;
        openerPiece.end -= use;
        openerPiece.value = openerPiece.value.slice(0, opener.count);
        closerPiece.start += use;
        closerPiece.value = closerPiece.value.slice(0, closer.count);
        const inner = out.splice(openerIndex + 1, out.length - openerIndex - 2);
        const type = closer.char === 126 ? 'delete' : use === 2 ? 'strong' : 'emphasis';
        const node = { type, children: this.finish(inner), position: { start: this.block.point(nodeStart), end: this.block.point(nodeEnd) } } as Strong | Emphasis | Delete;
        // micromark refuses emphasis nested past MAX_NESTING while it resolves it, at a place of its
        // own (linearResolvers.ts): such files are its to refuse.
        const depth = 1 + groupDepth(node.children, this.groupDepths);
        if (depth >= MAX_NESTING) giveUp('emphasis nested deep');
        this.groupDepths.set(node, depth);
        out.splice(out.length - 1, 0, node);
        // Delimiters between are inside the node now. micromark resolves emphasis and
        // strikethrough in two passes (in the order each kind first appears), and a group
        // resolves what it holds when it is made: a delimiter of the other kind still open in
        // this group would match across its edge in one order and be text in the other. With
        // none, the groups of the two kinds nest, and either order makes what this pass makes.
        let between = closer.previous;
        while (between && between !== opener) {
          const previous = between.previous;
          if ((between.char === 126) !== (closer.char === 126)) giveUp('emphasis and strikethrough across each other');
          this.removeDelimiter(between);
          between = previous;
        }
        if (opener.count === 0) {
          out.splice(openerIndex, 1);
          this.removeDelimiter(opener);
        }
        if (closer.count === 0) {
          out.pop();
          this.removeDelimiter(closer);
        }
      }
    }
    // The delimiters above bottom are done with.
    while (this.delimiters && this.delimiters !== bottom) this.removeDelimiter(this.delimiters);
    return out;
  }

  private removeDelimiter(delimiter: Delimiter): void {
    delimiter.removed = true;
    if (delimiter.previous) delimiter.previous.next = delimiter.next;
    if (delimiter.next) delimiter.next.previous = delimiter.previous;
    else this.delimiters = delimiter.previous;
  }

  /** Items as mdast: neighbouring text pieces become one text node. */
  private finish(items: Item[]): PhrasingContent[] {
    const out: PhrasingContent[] = [];
    let text: Text | undefined;
    let textEnd = 0;
    for (const item of items) {
      if (item.type === 'piece') {
        if (item.start === item.end) continue;
        if (text) {
          text.value += item.value;
          textEnd = item.end;
          text.position!.end = this.block.point(textEnd);
        } else {
          text = { type: 'text', value: item.value, position: { start: this.block.point(item.start), end: this.block.point(item.end) } };
          textEnd = item.end;
          out.push(text);
        }
        continue;
      }
      text = undefined;
      out.push(item as PhrasingContent);
    }
    return out.some((node) => (node.type as string) === 'jsxTag') ? this.jsxElements(out as (PhrasingContent | JsxMarker)[]) : out;
  }

  /** Text JSX tags paired into elements, in one list of siblings (a pair across emphasis or a link is micromark's error). */
  private jsxElements(nodes: (PhrasingContent | JsxMarker)[]): PhrasingContent[] {
    const result: PhrasingContent[] = [];
    const open: { element: MdxJsxTextElement; siblings: PhrasingContent[] }[] = [];
    let siblings = result;
    for (const node of nodes) {
      if (node.type !== 'jsxTag') {
        siblings.push(node);
        continue;
      }
      const { tag, start } = node as JsxMarker;
      if (tag.close) {
        const top = open.pop();
        if (!top || top.element.name !== tag.name) giveUp('JSX closing tag that does not match');
        top.element.position!.end = this.block.point(tag.end);
        siblings = top.siblings;
        continue;
      }
      const element: MdxJsxTextElement = { type: 'mdxJsxTextElement', name: tag.name, attributes: jsxAttributes(tag, (offset) => this.block.point(offset)), children: [] };
      element.position = { start: this.block.point(start), end: this.block.point(tag.end) };
      siblings.push(element);
      if (!tag.selfClosing) {
        open.push({ element, siblings });
        siblings = element.children;
      }
    }
    if (open.length > 0) giveUp('JSX element without its closing tag');
    return result;
  }
}

/** The depth of the deepest emphasis, strong or delete among the nodes (through links and the like). */
function groupDepth(nodes: PhrasingContent[], depths: WeakMap<object, number>): number {
  let deepest = 0;
  for (const node of nodes) {
    const depth = depths.get(node) ?? ('children' in node ? groupDepth(node.children as PhrasingContent[], depths) : 0);
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/** A tag's attributes as mdast-util-mdx-jsx makes them. */
function jsxAttributes(tag: JsxTag, point: (offset: number) => Point): MdxJsxAttribute[] {
  return tag.attributes.map((attribute) => ({ type: 'mdxJsxAttribute', name: attribute.name, value: attribute.value, position: { start: point(attribute.start), end: point(attribute.end) } }));
}

/** micromark's character classes: 1 whitespace (or nothing), 2 punctuation, 0 other. */
function classify(code: number): 0 | 1 | 2 {
  if (code === -1 || code === 10 || code === 32) return 1;
  const char = String.fromCharCode(code);
  if (UNICODE_WHITESPACE.test(char)) return 1;
  if (UNICODE_PUNCTUATION.test(char)) return 2;
  return 0;
}

/** `(destination "title")` after `](`, on one line; undefined if it is not one. */
/**
 * A link's `(destination "title")` from `pos`, up to `end` (its line's end); undefined where
 * micromark's resource fails. One that goes on past the line is micromark's to read, unless
 * the line is the paragraph's last (`lastLine`): then it fails there.
 */
function parseResource(text: string, pos: number, end: number, lastLine: boolean): { url: string; title: string | null; end: number } | undefined {
  const acrossLines = (what: string) => {
    if (lastLine) return undefined;
    giveUp(`link ${what} across lines`);
  };
  while (pos < end && text.charCodeAt(pos) === 32) pos++;
  const enclosed = text.charCodeAt(pos) === 60 ? enclosedDestinationAt(text, pos, end) : undefined;
  if (text.charCodeAt(pos) === 60 && !enclosed) return undefined;
  if (enclosed) pos = enclosed.end;
  let depth = 0;
  let url = enclosed?.value ?? '';
  while (!enclosed && pos < end) {
    const c = text.charCodeAt(pos);
    if (c === 32) break;
    if (c < 32 || c === 127) return undefined;
    if (c === 92 && pos + 1 < end && ASCII_PUNCTUATION.test(text[pos + 1]!)) {
      url += text[pos + 1];
      pos += 2;
      continue;
    }
    const reference = c === 38 ? characterReferenceAt(text, pos, end) : undefined;
    if (reference) {
      url += reference.value;
      pos = reference.end;
      continue;
    }
    if (c === 40) {
      depth++;
      if (depth > 3) giveUp('nested parentheses');
    } else if (c === 41) {
      if (depth === 0) break;
      depth--;
    }
    url += text[pos];
    pos++;
  }
  if (depth !== 0) return undefined;
  let title: string | null = null;
  const afterDest = pos;
  while (pos < end && text.charCodeAt(pos) === 32) pos++;
  if (pos >= end) return acrossLines('resource');
  const open = text[pos];
  if (pos > afterDest && (open === '"' || open === "'" || open === '(')) {
    const close = open === '(' ? ')' : open;
    // Its end: an escaped quote or parenthesis is the title's (character references hold none).
    const start = ++pos;
    for (;;) {
      if (pos >= end) return acrossLines('title');
      const c = text[pos]!;
      if (c === close) break;
      if (open === '(' && c === '(') return undefined;
      pos += c === '\\' && pos + 1 < end && ASCII_PUNCTUATION.test(text[pos + 1]!) ? 2 : 1;
    }
    // An empty title is none (micromark makes no title string of it).
    title = pos > start ? decodeString(text, start, pos) : null;
    pos++;
    while (pos < end && text.charCodeAt(pos) === 32) pos++;
    // `)` may be on the next line.
    if (pos >= end) return acrossLines('resource');
  }
  if (text.charCodeAt(pos) !== 41) return undefined;
  return { url, title, end: pos + 1 };
}

function toPlainString(nodes: PhrasingContent[]): string {
  let out = '';
  for (const node of nodes) {
    if ('value' in node && typeof node.value === 'string') out += node.value;
    else if ('alt' in node && typeof node.alt === 'string') out += node.alt;
    else if ('children' in node) out += toPlainString(node.children as PhrasingContent[]);
  }
  return out;
}
