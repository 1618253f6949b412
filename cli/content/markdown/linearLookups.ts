import { definition, htmlText, labelEnd } from 'micromark-core-commonmark';
import type { Code, Construct, Effects, State as TokenizerState, Token, TokenizeContext, Tokenizer } from 'micromark-util-types';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { FootnoteReference } from 'mdast';
import type { Element } from 'hast';
import type { State } from 'mdast-util-to-hast';
import { defaultHandlers } from 'remark-rehype';

/*
 * Lists the parsers and mdast-util-to-hast keep per document are searched with
 * `includes`/`indexOf` once per reference, so a page with n references to n definitions
 * costs n²: 20,000 footnotes took 25 s to parse and convert.
 * - micromark's `parser.defined` (link reference definitions: label-end asks it at
 *   every `]`);
 * - micromark-extension-gfm-footnote's `parser.gfmFootnotes` (asked at every `[^x]`);
 * - mdast-util-to-hast's `state.footnoteOrder` (asked at every footnote reference);
 * - acorn's scope lists (names declared in a scope, asked at every declaration: MDX's
 *   imports and exports are one program per block), see acornParser.ts.
 * Each is only ever added to with `push`, so an array that also keeps a map from item to
 * its first index answers the same in constant time. The constructs, the handler and the
 * parser that use them are made to swap the list for such an array before they read it.
 */

/** An array, added to only with `push`, whose `includes` and `indexOf` look items up in a map. */
export class IndexedList<T> extends Array<T> {
  /** Copies (map, slice…) are plain arrays: only the list itself is kept indexed. */
  static override get [Symbol.species]() {
    return Array;
  }

  private readonly first = new Map<T, number>();

  /** The list's items, indexed (one at a time: a spread of a long list would overflow the stack). */
  static indexing<T>(items: Iterable<T>): IndexedList<T> {
    const list = new IndexedList<T>();
    for (const item of items) list.push(item);
    return list;
  }

  override push(...items: T[]): number {
    for (const item of items) {
      if (!this.first.has(item)) this.first.set(item, this.length);
      super.push(item);
    }
    return this.length;
  }

  override includes(item: T): boolean {
    return this.first.has(item);
  }

  override indexOf(item: T): number {
    return this.first.get(item) ?? -1;
  }
}

const indexed = <T>(list: T[] | undefined): IndexedList<T> => (list instanceof IndexedList ? list : IndexedList.indexing(list ?? []));

const WRAPPED = Symbol('indexed lookups');

/** Makes `construct` swap the parser's lists for indexed ones before it reads them. */
function indexBefore(construct: Construct & { [WRAPPED]?: true }): void {
  if (construct[WRAPPED] || typeof construct.tokenize !== 'function') return;
  const tokenize = construct.tokenize;
  construct.tokenize = function (this: TokenizeContext, effects, ok, nok) {
    const parser = this.parser as TokenizeContext['parser'] & { gfmFootnotes?: string[] };
    parser.defined = indexed(parser.defined);
    parser.gfmFootnotes = indexed(parser.gfmFootnotes);
    return tokenize.call(this, effects, ok, nok);
  } as Tokenizer;
  construct[WRAPPED] = true;
}

/*
 * Two more costs per `]` grew with the text before it, so a paragraph of many `]` was
 * quadratic: 'a]' 40,000 times (80 KB) took 82 s of CPU, and 25,000 nested brackets 34 s.
 * - label-end serializes the whole label from its `[` to decide whether it names a
 *   definition: with brackets nested n deep, each `]` reads a label of up to 2n characters;
 * - gfm-footnote's potential call (`![^x]`) walks every event of the paragraph back to its
 *   start looking for a `![`.
 * A link label, and so a definition's or a footnote's label, is at most 999 characters
 * (CommonMark; micromark's own definitions and footnote calls stop there), so neither
 * needs to look further back than that: a longer label names no definition.
 */
const LABEL_MAX = 999;

/** Makes label-end read a label only when it is short enough to name a definition. */
function boundLabelReads(construct: Construct & { [BOUNDED]?: true }): void {
  if (construct[BOUNDED] || typeof construct.tokenize !== 'function') return;
  const tokenize = construct.tokenize;
  construct.tokenize = function (this: TokenizeContext, effects, ok, nok) {
    const context = this;
    // '' names no definition (a label holds something other than white space).
    const sliceSerialize: TokenizeContext['sliceSerialize'] = (token, expandTabs) => (token.end.offset - token.start.offset > LABEL_MAX ? '' : context.sliceSerialize(token, expandTabs));
    return tokenize.call(Object.create(context, { sliceSerialize: { value: sliceSerialize } }) as TokenizeContext, effects, ok, nok);
  } as Tokenizer;
  construct[BOUNDED] = true;
}

const BOUNDED = Symbol('bounded label reads');

/**
 * micromark-extension-gfm-footnote's `tokenizePotentialGfmFootnoteCall` (2.1.0), with its
 * walk back for the `![` stopped past the longest label: the same calls, in linear time.
 */
function tokenizePotentialFootnoteCall(this: TokenizeContext, effects: Effects, ok: TokenizerState, nok: TokenizerState): TokenizerState {
  const self = this;
  const parser = self.parser as TokenizeContext['parser'] & { gfmFootnotes?: string[] };
  const defined = (parser.gfmFootnotes ??= []);
  const from = self.now().offset - LABEL_MAX - 3;
  let labelStart: Token | undefined;
  for (let index = self.events.length - 1; index >= 0; index--) {
    const token = self.events[index]![1];
    if (token.type === 'labelImage') {
      labelStart = token;
      break;
    }
    if (token.type === 'gfmFootnoteCall' || token.type === 'labelLink' || token.type === 'label' || token.type === 'image' || token.type === 'link') break;
    if (token.start.offset < from) break;
  }
  return (code: Code) => {
    if (!labelStart || !labelStart._balanced) return nok(code);
    const id = normalizeIdentifier(self.sliceSerialize({ start: labelStart.end, end: self.now() }));
    if (id.codePointAt(0) !== 94 || !defined.includes(id.slice(1))) return nok(code);
    effects.enter('gfmFootnoteCallLabelMarker');
    effects.consume(code);
    effects.exit('gfmFootnoteCallLabelMarker');
    return ok(code);
  };
}

/*
 * An HTML comment in a paragraph (`<!-- … -->`) is scanned to its `-->`, and to the end of
 * the paragraph when there is none, at every `<!--`: a paragraph of n unclosed `<!--` was
 * quadratic (20,000 of them, 78 KB: 40 s). Once a scan from one `<!--` has reached the end,
 * no `-->` follows it, so a later `<!--` in the same paragraph fails as well: it is failed
 * at once. (Not when its fifth character is `>` or `-`: `<!-->` and `<!--->` end there. Each
 * holds a `-->` the failed scan would have found, so this cannot happen; it is left to
 * micromark all the same.)
 */
const commentScanFailed = new WeakMap<TokenizeContext, number>();
const COMMENT_OPEN = [60, 33, 45, 45]; // <!--

/** Makes html-text remember, per paragraph, where a comment scan ran to its end unclosed. */
function rememberUnclosedComments(construct: Construct & { [REMEMBERS]?: true }): void {
  if (construct[REMEMBERS] || typeof construct.tokenize !== 'function') return;
  const tokenize = construct.tokenize;
  construct.tokenize = function (this: TokenizeContext, effects, ok, nok) {
    const context = this;
    const from = context.now().offset;
    const failedFrom = () => commentScanFailed.get(context) ?? Infinity;
    // How many characters the construct has been given, and whether the first four are `<!--`.
    let seen = 0;
    let comment = true;
    let done = false;
    const finish = (next: TokenizerState) => (code: Code) => {
      done = true;
      // The end of the paragraph, reached inside a comment: none from here on closes.
      if (code === null && comment && seen > 4 && from < failedFrom()) commentScanFailed.set(context, from);
      return next(code);
    };
    // Each state it returns is followed, until it ends, to see the `<!--` and its fifth character.
    const follow = (state: TokenizerState): TokenizerState => (code: Code) => {
      if (seen === 4 && comment && code !== 62 && code !== 45 && failedFrom() < from) {
        done = true;
        return nok(code);
      }
      if (seen < 4) comment &&= code === COMMENT_OPEN[seen];
      seen++;
      const next = state(code);
      return done || typeof next !== 'function' ? next : follow(next);
    };
    return follow(tokenize.call(context, effects, finish(ok), finish(nok)));
  } as Tokenizer;
  construct[REMEMBERS] = true;
}

const REMEMBERS = Symbol('remembers unclosed comments');

/*
 * A link title in parentheses (`[a](b (title))`) is scanned to its `)`, and to the end of
 * the paragraph when there is none, at every `](` that has one: '[ (](' repeated was
 * quadratic (20,000 times, 98 KB: 40 s). Once a resource whose title opened with a `(` has
 * failed at the end of the paragraph, a title opened by a later `(` fails as well, and is
 * failed at once: it reads the same characters as the first from there on (a `(` is not
 * the closing marker, and the first scan is in the same state after it whether it opened a
 * title or was read inside one), so it finds no `)` where the first found none, and the
 * `)` the first found is followed by nothing but white space to the end, where the resource
 * fails. Titles in quotes are left alone: a quote the failed scan read unescaped would have
 * closed it, and a title's quote follows white space, so never one escaped. The resource
 * construct is private to label-end, so it is caught where label-end attempts it, at the
 * `(` after its `]`.
 */
const titleScanFailed = new WeakMap<TokenizeContext, number>();

/** Makes label-end's resource remember, per paragraph, where a `(` title ran to its end unclosed. */
function rememberUnclosedTitles(labelEndConstruct: Construct & { [REMEMBERS_TITLES]?: true }): void {
  if (labelEndConstruct[REMEMBERS_TITLES] || typeof labelEndConstruct.tokenize !== 'function') return;
  const tokenize = labelEndConstruct.tokenize;
  labelEndConstruct.tokenize = function (this: TokenizeContext, effects, ok, nok) {
    const attempt: Effects['attempt'] = (constructs, returnState, bogusState) => {
      const start = effects.attempt(constructs, returnState, bogusState);
      return (code: Code) => {
        if (code === 40 && !Array.isArray(constructs) && 'tokenize' in constructs) followTitles(constructs as Construct);
        return start(code);
      };
    };
    return tokenize.call(this, Object.create(effects, { attempt: { value: attempt } }) as Effects, ok, nok);
  } as Tokenizer;
  labelEndConstruct[REMEMBERS_TITLES] = true;
}

function followTitles(resource: Construct & { [REMEMBERS_TITLES]?: true }): void {
  if (resource[REMEMBERS_TITLES] || typeof resource.tokenize !== 'function') return;
  const tokenize = resource.tokenize;
  resource.tokenize = function (this: TokenizeContext, effects, ok, nok) {
    const context = this;
    const events = context.events;
    const failedFrom = () => titleScanFailed.get(context) ?? Infinity;
    // Where this resource's `(` title opened.
    let titleFrom: number | undefined;
    let done = false;
    const succeed = (code: Code) => {
      done = true;
      return ok(code);
    };
    // Failed at the end of the paragraph, with a `(` title opened.
    const fail = (code: Code) => {
      done = true;
      if (code === null && titleFrom !== undefined && titleFrom < failedFrom()) titleScanFailed.set(context, titleFrom);
      return nok(code);
    };
    const follow = (state: TokenizerState): TokenizerState => (code: Code) => {
      const next = state(code);
      if (done || typeof next !== 'function') return next;
      if (titleFrom === undefined && code === 40) {
        const last = events[events.length - 1];
        // A title's opening marker was just read.
        if (last?.[0] === 'exit' && last[1].type === 'resourceTitleMarker') {
          titleFrom = last[1].start.offset;
          if (failedFrom() < titleFrom) {
            done = true;
            return (after: Code) => nok(after);
          }
        }
      }
      return follow(next);
    };
    return follow(tokenize.call(context, effects, succeed, fail));
  } as Tokenizer;
  resource[REMEMBERS_TITLES] = true;
}

const REMEMBERS_TITLES = Symbol('remembers unclosed titles');

// Module singletons, shared by every parser in this thread: wrapped once.
indexBefore(definition);
indexBefore(labelEnd);
boundLabelReads(labelEnd);
rememberUnclosedComments(htmlText);
rememberUnclosedTitles(labelEnd);

/**
 * A unified plugin, used after remark-gfm: its footnote constructs are made per
 * processor, so they are wrapped in the micromark extensions the processor holds.
 */
export function remarkLinearFootnotes(this: { data(key: 'micromarkExtensions'): unknown[] | undefined }): void {
  for (const extension of (this.data('micromarkExtensions') ?? []) as { document?: Record<number, unknown>; text?: Record<number, unknown> }[]) {
    for (const constructs of [extension.document?.[91], extension.text?.[91], extension.text?.[93]]) {
      for (const construct of (Array.isArray(constructs) ? constructs : constructs ? [constructs] : []) as Construct[]) {
        if (construct.name === 'gfmPotentialFootnoteCall') construct.tokenize = tokenizePotentialFootnoteCall;
        if (/^gfm(Potential)?Footnote/.test(construct.name ?? '')) indexBefore(construct);
      }
    }
  }
}

/** mdast-util-to-hast's own footnote reference handler, over an indexed `footnoteOrder`. */
export function footnoteReferenceHandler(state: State, node: FootnoteReference): Element {
  state.footnoteOrder = indexed(state.footnoteOrder);
  return defaultHandlers.footnoteReference(state, node);
}
