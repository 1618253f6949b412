import { termOf, toTerm, WORD_RE } from './terms.ts';
import { escapeHtml } from '../escape.ts';

/** One attribute's highlight or snippet, as Algolia returns it. */
export interface HighlightedValue {
  value: string;
  matchLevel: 'full' | 'partial' | 'none';
  matchedWords: string[];
}

export interface MarkOptions {
  /** Terms (as `toTerm` makes them) that matched the query. */
  terms: Set<string>;
  /** How many query terms there were, to tell a full match from a partial one. */
  queryTermCount: number;
  pre?: string;
  post?: string;
}


interface Piece {
  text: string;
  word: boolean;
  hit: boolean;
}

function pieces(text: string, terms: Set<string>): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD_RE)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index), word: false, hit: false });
    const term = termOf(match[0]);
    out.push({ text: match[0], word: true, hit: term !== null && terms.has(term) });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), word: false, hit: false });
  return out;
}

function render(list: Piece[], options: MarkOptions): string {
  const pre = options.pre ?? '<mark>';
  const post = options.post ?? '</mark>';
  return list.map((p) => (p.hit ? `${pre}${escapeHtml(p.text)}${post}` : escapeHtml(p.text))).join('');
}

function levelOf(list: Piece[], options: MarkOptions): Pick<HighlightedValue, 'matchLevel' | 'matchedWords'> {
  const matched = [...new Set(list.filter((p) => p.hit).map((p) => p.text.toLowerCase()))];
  const distinct = new Set(matched.map((w) => toTerm(w))).size;
  const matchLevel = distinct === 0 ? 'none' : distinct >= options.queryTermCount ? 'full' : 'partial';
  return { matchLevel, matchedWords: matched };
}

/** The whole text, HTML-escaped, with matched words wrapped in `<mark>`. */
export function highlight(text: string, options: MarkOptions): HighlightedValue {
  return highlightOf(pieces(text, options.terms), options);
}

/**
 * About `size` words around the first matched word (the start of the text when none
 * matched), escaped and marked, with `ellipsis` where the text was cut.
 */
export function snippet(text: string, options: SnippetOptions): HighlightedValue {
  return snippetOf(pieces(text, options.terms), options);
}

export type SnippetOptions = MarkOptions & { size: number; ellipsis?: string };

/** A text's highlight, and its snippet when `size` is given (else the highlight again), from one pass over its words. */
export function marks(text: string, options: MarkOptions & Partial<SnippetOptions>): { highlight: HighlightedValue; snippet: HighlightedValue } {
  const list = pieces(text, options.terms);
  const whole = highlightOf(list, options);
  return { highlight: whole, snippet: options.size ? snippetOf(list, { ...options, size: options.size }) : whole };
}

function highlightOf(list: Piece[], options: MarkOptions): HighlightedValue {
  return { value: render(list, options), ...levelOf(list, options) };
}

function snippetOf(list: Piece[], options: SnippetOptions): HighlightedValue {
  const wordAt = list.flatMap((p, i) => (p.word ? [i] : []));
  if (wordAt.length <= options.size) return highlightOf(list, options);
  const firstHit = wordAt.findIndex((i) => list[i]!.hit);
  // Two words of context before the match, as Algolia does.
  const startWord = Math.max(0, Math.min((firstHit === -1 ? 0 : firstHit) - 2, wordAt.length - options.size));
  const endWord = startWord + options.size - 1;
  const from = startWord === 0 ? 0 : wordAt[startWord]!;
  const to = endWord >= wordAt.length - 1 ? list.length : wordAt[endWord]! + 1;
  const ellipsis = options.ellipsis ?? '…';
  const value = `${from > 0 ? ellipsis : ''}${render(list.slice(from, to), options)}${to < list.length ? ellipsis : ''}`;
  return { value, ...levelOf(list, options) };
}
