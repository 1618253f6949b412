import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { characterReferenceAt, decodeString } from './fastCharacterReference.ts';

/**
 * Link reference definitions (`[label]: destination "title"`) and GFM footnote labels for the
 * fast parser (fastParser.ts), read as micromark-core-commonmark's definition.js (with
 * micromark-factory-label, -destination and -title) and micromark-extension-gfm-footnote read
 * them, for the shapes where that is plain; the rest the fast parser leaves to micromark.
 *
 * micromark knows every definition before it reads any text (content is resolved as flow is
 * read; text only after), so `[a]` names a definition made further down. The fast parser
 * reads text as it goes, so it asks `References`, which answers from the labels that look
 * defined anywhere in the file (a scan of the whole text for `[label]:`, a superset of the
 * definitions), remembers what it answered yes to, and checks once the file is read that each
 * of those was defined: if one was not, the file is micromark's. A label the scan did not see
 * is never defined; a definition whose label it missed is left to micromark as well.
 */
export class References {
  /** Normalized labels of every `[label]:` in the text (not `[^…]:`): all that may be defined. */
  private readonly candidates = new Set<string>();
  /** Normalized labels of every `[^label]:` in the text. */
  private readonly footnoteCandidates = new Set<string>();
  private readonly defined = new Set<string>();
  private readonly footnotes = new Set<string>();
  /** Labels answered as defined while reading (checked at the end). */
  private readonly used = new Set<string>();
  private readonly usedFootnotes = new Set<string>();

  constructor(text: string) {
    // One pass: a label runs from the last unescaped `[` on its line to a `]:`. (A regular
    // expression for it started again at every `[`, escaped ones included, and scanned to the
    // line's end each time: 1.9 s for 100 KB of `\\[`.)
    let open = -1;
    for (let at = text.indexOf('[') , end = text.length; at !== -1 && at < end; at++) {
      const code = text.charCodeAt(at);
      if (code === 92 /* \\ */) {
        // An escaped character is the label's; an escaped line ending ends it.
        if (text.charCodeAt(at + 1) === 10) open = -1;
        at++;
      } else if (code === 91 /* [ */) open = at;
      else if (code === 10) {
        open = -1;
        // Nothing to read until the next `[`.
        at = text.indexOf('[', at) - 1;
        if (at < 0) break;
      } else if (code === 93 /* ] */) {
        if (open !== -1 && at > open + 1 && text.charCodeAt(at + 1) === 58 /* : */) this.addCandidate(text.slice(open + 1, at));
        open = -1;
      }
    }
  }

  private addCandidate(label: string): void {
    if (label[0] === '^') {
      // A footnote's label: no spaces, escapes or brackets (micromark-extension-gfm-footnote).
      if (/^[^\\\s]+$/.test(label.slice(1))) this.footnoteCandidates.add(normalizeIdentifier(label.slice(1)));
      return;
    }
    // A label of only spaces defines nothing.
    const id = normalizeIdentifier(label);
    if (id !== '' && id[0] !== '^') this.candidates.add(id);
  }

  get anyLinks(): boolean {
    return this.candidates.size > 0;
  }

  get anyFootnotes(): boolean {
    return this.footnoteCandidates.size > 0;
  }

  /** Whether the (normalized) label names a link reference definition. */
  isDefined(id: string): boolean {
    if (!this.candidates.has(id)) return false;
    this.used.add(id);
    return true;
  }

  /** Whether the (normalized) label names a footnote definition. */
  isFootnote(id: string): boolean {
    if (!this.footnoteCandidates.has(id)) return false;
    this.usedFootnotes.add(id);
    return true;
  }

  /** Records a definition; false if the scan missed its label (the file is micromark's then). */
  define(id: string): boolean {
    this.defined.add(id);
    return this.candidates.has(id);
  }

  defineFootnote(id: string): boolean {
    this.footnotes.add(id);
    return this.footnoteCandidates.has(id);
  }

  /** Why the answers given while reading were wrong, if they were: a label taken as defined that nothing defined. */
  wrongAnswer(): string | undefined {
    for (const id of this.used) if (!this.defined.has(id)) return `reference to ${JSON.stringify(id)}, which only looked defined`;
    for (const id of this.usedFootnotes) if (!this.footnotes.has(id)) return `footnote call ${JSON.stringify(id)}, which only looked defined`;
    return undefined;
  }
}

/** A line of a paragraph, as fastParser.ts keeps it: from its first non-space to its end (trailing spaces in). */
export interface DefinitionLine {
  start: number;
  end: number;
}

export interface ReadDefinition {
  /** The label normalized as micromark compares labels (micromark-util-normalize-identifier). */
  normalized: string;
  label: string;
  url: string;
  title: string | null;
  start: number;
  /** Where it ends: its last line's end (trailing spaces are its). */
  end: number;
  /** The index of the paragraph line after it. */
  next: number;
}

/**
 * A definition's label that goes on past its first line: a `[` before its `]`, a `]` not
 * followed by `:`, or the paragraph's end make it no definition (micromark-factory-label), so
 * the line is text; one that is a definition over lines is micromark's. (Giving up on every
 * such line sent 512 KB of `[a` lines, in a file with a definition, to micromark: 6.6 s.)
 */
function labelOverLines(text: string, lines: DefinitionLine[], index: number, size: number): NotRead | undefined {
  for (let next = index + 1; next < lines.length; next++) {
    for (let at = lines[next]!.start; at < lines[next]!.end; at++) {
      const code = text.charCodeAt(at);
      if (code === 91) return undefined;
      if (code === 93) return text.charCodeAt(at + 1) === 58 ? new NotRead('definition label over lines') : undefined;
      // Escapes, and labels near micromark's 999 characters, are micromark's to count.
      if (code === 92 || ++size > 900) return new NotRead('definition label over lines');
    }
  }
  return undefined;
}

/** A reason to leave the file to micromark. */
export class NotRead {
  constructor(readonly reason: string) {}
}

/**
 * The definition that starts the paragraph line `index`, if one does; undefined if the line
 * starts the paragraph's text instead (definitions come only before it). Labels over lines,
 * labels with escapes or character references (mdast decodes those), titles over lines and
 * destinations nested deep in parentheses are micromark's.
 */
export function definitionAt(text: string, lines: DefinitionLine[], index: number): ReadDefinition | NotRead | undefined {
  const first = lines[index]!;
  let end = first.end;
  const start = first.start;
  if (text.charCodeAt(start) !== 91) return undefined;
  // The label: no unescaped brackets, something other than spaces, on this line.
  let at = start + 1;
  let seen = false;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 93) break;
    if (code === 91) return undefined;
    if (code === 38 && characterReferenceAt(text, at, end)) return new NotRead('character reference in a definition label');
    if (code !== 32) seen = true;
    // An escaped bracket or backslash is the label's (micromark-factory-label); a later `]` may end it.
    if (code === 92 && isLabelEscape(text.charCodeAt(at + 1))) at++;
  }
  if (at >= end) return labelOverLines(text, lines, index, at - start);
  if (!seen) return undefined;
  const raw = text.slice(start + 1, at);
  // (How micromark counts a label with escapes toward its 999 characters: left to it near there.)
  if (raw.length > 999 || (raw.length > 900 && raw.includes('\\'))) return new NotRead('long definition label');
  // mdast's label is the label decoded; its identifier is made from the label as written.
  const label = decodeString(raw, 0, raw.length);
  at++;
  if (text.charCodeAt(at) !== 58) return undefined;
  // `[^a b]: x` is no footnote (spaces), so a definition labelled `^a b`: such labels are micromark's.
  if (label[0] === '^') return new NotRead('definition label starting with ^');
  at = skipSpaces(text, at + 1, end);
  // The destination: on this line, or the next.
  let line = index;
  if (at >= end) {
    if (line + 1 >= lines.length) return undefined;
    line++;
    at = lines[line]!.start;
    end = lines[line]!.end;
  }
  const destination = destinationAt(text, at, end);
  if (!destination || destination instanceof NotRead) return destination;
  // A title: after spaces on the same line, or on the next line; then nothing but spaces.
  // A title that does not end so is no title: the definition must end with its line then.
  const afterDestination = skipSpaces(text, destination.end, end);
  let title: string | null = null;
  if (afterDestination < end) {
    if (afterDestination === destination.end) return undefined;
    const read = titleAt(text, afterDestination, end);
    if (read instanceof NotRead) return line + 1 < lines.length ? read : undefined;
    if (!read || skipSpaces(text, read.end, end) < end) return undefined;
    title = read.value;
  } else if (line + 1 < lines.length && /["'(]/.test(text[lines[line + 1]!.start]!)) {
    const next = lines[line + 1]!;
    const read = titleAt(text, next.start, next.end);
    if (read instanceof NotRead) return read;
    if (read && skipSpaces(text, read.end, next.end) === next.end) {
      title = read.value;
      line++;
      end = next.end;
    }
  }
  return { normalized: normalizeIdentifier(raw), label, url: destination.value, title, start, end, next: line + 1 };
}

/** `[`, `\` or `]`: what a backslash in a label escapes (the label reads on after it). */
export function isLabelEscape(code: number): boolean {
  return code === 91 || code === 92 || code === 93;
}

/** A footnote label at `[^` (`pos` at the `[`), up to its `]`: where that `]` is, or -1 (micromark-extension-gfm-footnote's rules). */
export function footnoteLabelEnd(text: string, pos: number, end: number): number | NotRead {
  let at = pos + 2;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 93) break;
    if (code === 32 || code === 9 || code === 91) return -1;
    if (code === 92) return new NotRead('escape in a footnote label');
  }
  if (at >= end || at === pos + 2) return -1;
  if (at - pos - 2 > 999) return new NotRead('long footnote label');
  if (text.slice(pos + 2, at).includes('&')) return new NotRead('character reference in a footnote label');
  return at;
}

export { normalizeIdentifier };

function skipSpaces(text: string, at: number, end: number): number {
  while (at < end && text.charCodeAt(at) === 32) at++;
  return at;
}

/** micromark-factory-destination: `<…>` on one line, or a run without spaces or controls, its parentheses balanced. */
function destinationAt(text: string, at: number, end: number): { value: string; end: number } | NotRead | undefined {
  if (text.charCodeAt(at) === 60) return enclosedDestinationAt(text, at, end);
  const first = text.charCodeAt(at);
  if (first === 41 || first < 32 || first === 127) return undefined;
  let balance = 0;
  let pos = at;
  for (; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (balance === 0 && (code === 41 || code === 32)) break;
    if (code === 40) {
      if (++balance > 3) return new NotRead('definition destination nested deep in parentheses');
    } else if (code === 41) balance--;
    else if (code === 32 || code < 32 || code === 127) return undefined;
    else if (code === 92 && pos + 1 < end && /[()\\]/.test(text[pos + 1]!)) pos++;
  }
  if (balance !== 0) return undefined;
  return { value: decodeString(text, at, pos), end: pos };
}

/**
 * A destination in `<…>` from `at` (its `<`), closed before `end` (a line's end): undefined
 * where micromark-factory-destination fails it (an unescaped `<`, no `>` on the line).
 * Shared by definitions and link resources.
 */
export function enclosedDestinationAt(text: string, at: number, end: number): { value: string; end: number } | undefined {
  let close = at + 1;
  for (; close < end; close++) {
    const code = text.charCodeAt(close);
    if (code === 62) break;
    if (code === 60) return undefined;
    if (code === 92 && close + 1 < end) close++;
  }
  if (close >= end) return undefined;
  return { value: decodeString(text, at + 1, close), end: close + 1 };
}

/** micromark-factory-title: `"…"`, `'…'` or `(…)`, closed on its line (over lines is micromark's). */
function titleAt(text: string, at: number, end: number): { value: string | null; end: number } | NotRead | undefined {
  const open = text.charCodeAt(at);
  const close = open === 40 ? 41 : open;
  if (open !== 34 && open !== 39 && open !== 40) return undefined;
  let pos = at + 1;
  for (; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code === close) break;
    if (code === 92 && pos + 1 < end && (text.charCodeAt(pos + 1) === close || text.charCodeAt(pos + 1) === 92)) pos++;
  }
  if (pos >= end) return new NotRead('definition title over lines');
  // An empty title is none (micromark makes no title string of it).
  return { value: pos > at + 1 ? decodeString(text, at + 1, pos) : null, end: pos + 1 };
}
