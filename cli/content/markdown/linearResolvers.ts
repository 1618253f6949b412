import { attention } from 'micromark-core-commonmark';
import type { Construct, Event, Resolver, Token, TokenizeContext } from 'micromark-util-types';
import { MAX_NESTING } from './nesting.ts';
import { text } from './micromarkInternals.ts';

/*
 * micromark resolves a paragraph's inline content (its "text") at the end, in passes over
 * the paragraph's whole event list. Three of those passes edit the list with
 * Array#splice once per match, and each splice moves everything after it: a paragraph
 * with n events and m matches costs n × m. Ordinary short paragraphs do not notice; a
 * long one does (a 250 KB paragraph with emphasis: 9 s; 250 KB of block quote, which is
 * one paragraph: 3 s, 0.5 MB 6.7 s, growing with the square of the size).
 *
 * - text: adjacent `data` tokens are merged (one splice per run; autolink literals try
 *   at every word, so every word is its own token and runs are broken at every line end).
 * - attention (`*`, `_`) and GFM strikethrough (`~`): one splice per emphasis.
 *
 * micromark 4.0.3 (the newest) has no option for this. Like linearEditMap.ts, this
 * module installs, once per thread, resolvers that give the same events in linear
 * time: the data merge is done in one pass before micromark's own (which then finds
 * nothing to merge), and emphasis and strikethrough are resolved over a list that only
 * holds the events up to the closer being matched, so a splice moves only the span
 * being resolved, not the rest of the paragraph. The matching rules themselves are
 * micromark's, copied unchanged (MIT, © Titus Wormer).
 */

type Open = Token & { _open?: boolean; _close?: boolean };

/**
 * Emphasis (or strikethrough) nested deeper than MAX_NESTING, found while it is resolved.
 * Each match re-resolves everything between its markers, the levels inside included, so
 * the cost grows with size times depth: '*a **a ' 2,000 times and closed (27 KB) took 28 s
 * before the tree could be found too deep. Counting levels as they are made stops at the
 * limit the tree check would apply anyway, so the work stays within 100 times the size.
 */
export class EmphasisTooDeepError extends Error {
  constructor(readonly place: { line: number; column: number }) {
    super('emphasis nested too deep');
  }
}

/** A group made by a match: how many groups deep it is, itself included. */
type Group = Token & { _depth?: number };

/** Pushes the span's resolved events into `next`; the depth of the deepest group among them. */
function pushInside(next: Event[], inside: Event[]): number {
  let deepest = 0;
  for (const event of inside) {
    next.push(event);
    const depth = event[0] === 'enter' ? (event[1] as Group)._depth : undefined;
    if (depth !== undefined && depth > deepest) deepest = depth;
  }
  return deepest;
}

/** Sets the group's depth from the deepest inside it; past MAX_NESTING, the document is refused here. */
function nest(group: Group, deepest: number): void {
  group._depth = deepest + 1;
  if (group._depth > MAX_NESTING) throw new EmphasisTooDeepError({ line: group.start.line, column: group.start.column });
}

/** Replaces `remove` events at `start` with `items`, moving only what follows `start` (the list's end). */
function replace(list: Event[], start: number, remove: number, items: Event[]): void {
  const tail = list.splice(start + remove);
  list.length = start;
  for (const item of items) list.push(item);
  for (const item of tail) list.push(item);
}

/** micromark-util-resolve-all: each construct's `resolveAll`, once. */
function resolveAll(constructs: Pick<Construct, 'resolveAll'>[], events: Event[], context: TokenizeContext): Event[] {
  const called: Resolver[] = [];
  for (const construct of constructs) {
    const resolve = construct.resolveAll;
    if (resolve && !called.includes(resolve)) {
      events = resolve(events, context);
      called.push(resolve);
    }
  }
  return events;
}

/**
 * The skeleton both emphasis resolvers share: walk forwards to a closer, back to its
 * opener, replace the events from just before the opener to just after the closer, go on
 * from `resume`. Two things keep it linear:
 * - the walk happens over `list`, which holds only the events up to the closer's exit
 *   (the rest are appended as the walk reaches them), so a replacement moves only the
 *   span being resolved, not the rest of the paragraph;
 * - once a closer matches no opener, later closers of its kind stop where it is
 *   (`floor`, CommonMark's "openers_bottom"): openers are never added below, only used up,
 *   and a closer of the same kind would refuse the same ones. Without this, "word* "
 *   repeated (closers and no opener) walked back to the start every time: 0.25 MB took
 *   27 s; and "a**b" then "c* " repeated (an opener the rule of three refuses to every
 *   closer) 12 s at 59 KB.
 */
function resolvePairs<Kind>(
  events: Event[],
  side: {
    /**
     * The kind of closer at `index`, or undefined if it is none: closers of one kind find
     * the same openers acceptable (emphasis: its marker, its size modulo 3 and whether it can
     * also open, which the rule of three reads; strikethrough: its size).
     */
    closer: (event: Event) => Kind | undefined;
    /** Whether the event at `open` is an opener of the closer's kind. */
    opener: (list: Event[], open: number, index: number) => boolean;
    /** The events replacing `open - 1` to `index + 1`, and where to go on; undefined when the pair does not match. */
    match: (list: Event[], open: number, index: number) => { events: Event[]; resume: number } | undefined;
    /** The type of unmatched sequences, which become plain data. */
    leftover: string;
  },
): Event[] {
  const list: Event[] = [];
  const floor = new Map<Kind, Token>();
  let next = 0;
  let index = -1;
  for (;;) {
    index++;
    while (list.length < index + 2 && next < events.length) list.push(events[next++]!);
    if (index >= list.length) break;
    const kind = side.closer(list[index]!);
    if (kind === undefined) continue;
    const bottom = floor.get(kind);
    let open = index;
    let matched = false;
    while (open--) {
      if (list[open]![0] === 'enter' && list[open]![1] === bottom) break;
      if (!side.opener(list, open, index)) continue;
      const found = side.match(list, open, index);
      if (!found) continue;
      replace(list, open - 1, index - open + 3, found.events);
      index = found.resume;
      matched = true;
      break;
    }
    if (!matched) floor.set(kind, list[index]![1]);
  }
  for (const event of list) if (event[1].type === side.leftover) event[1].type = 'data';
  // Same array back, as micromark's own resolvers do.
  events.length = 0;
  for (const event of list) events.push(event);
  return events;
}

/** micromark-core-commonmark's resolveAllAttention, over resolvePairs. */
function resolveAllAttention(events: Event[], context: TokenizeContext): Event[] {
  const size = (token: Token) => token.end.offset - token.start.offset;
  const move = (point: Token['start'], offset: number) => {
    point.column += offset;
    point.offset += offset;
    point._bufferIndex += offset;
  };
  const marker = (token: Token) => context.sliceSerialize(token).charCodeAt(0);
  return resolvePairs(events, {
    closer: ([kind, token]) => (kind === 'enter' && token.type === 'attentionSequence' && (token as Open)._close ? `${marker(token)}:${size(token) % 3}:${(token as Open)._open ? 1 : 0}` : undefined),
    opener: (list, open, index) => {
      const [kind, token] = list[open]!;
      return kind === 'exit' && token.type === 'attentionSequence' && Boolean((token as Open)._open) && marker(token) === marker(list[index]![1]);
    },
    match: (list, open, index) => {
      const opener = list[open]![1] as Open;
      const closer = list[index]![1] as Open;
      // The rule of three: when either side can both open and close, sizes summing to a
      // multiple of three do not match, unless both are.
      if ((opener._close || closer._open) && size(closer) % 3 && !((size(opener) + size(closer)) % 3)) return undefined;
      const use = size(opener) > 1 && size(closer) > 1 ? 2 : 1;
      const start = { ...opener.end };
      const end = { ...closer.start };
      move(start, -use);
      move(end, use);
      const strong = use > 1;
      const openingSequence: Token = { type: strong ? 'strongSequence' : 'emphasisSequence', start, end: { ...opener.end } };
      const closingSequence: Token = { type: strong ? 'strongSequence' : 'emphasisSequence', start: { ...closer.start }, end };
      const text: Token = { type: strong ? 'strongText' : 'emphasisText', start: { ...opener.end }, end: { ...closer.start } };
      const group: Token = { type: strong ? 'strong' : 'emphasis', start: { ...openingSequence.start }, end: { ...closingSequence.end } };
      opener.end = { ...openingSequence.start };
      closer.start = { ...closingSequence.end };
      const next: Event[] = [];
      // Markers left over on the opening side stay before, on the closing side after.
      if (size(opener)) next.push(['enter', opener, context], ['exit', opener, context]);
      next.push(['enter', group, context], ['enter', openingSequence, context], ['exit', openingSequence, context], ['enter', text, context]);
      nest(group, pushInside(next, resolveAll(context.parser.constructs.insideSpan.null ?? [], list.slice(open + 1, index), context)));
      next.push(['exit', text, context], ['enter', closingSequence, context], ['exit', closingSequence, context], ['exit', group, context]);
      let offset = 0;
      if (size(closer)) {
        offset = 2;
        next.push(['enter', closer, context], ['exit', closer, context]);
      }
      return { events: next, resume: open + next.length - offset - 2 };
    },
    leftover: 'attentionSequence',
  });
}

/** micromark-extension-gfm-strikethrough's resolveAllStrikethrough, over resolvePairs. */
function resolveAllStrikethrough(events: Event[], context: TokenizeContext): Event[] {
  const size = (token: Token) => token.end.offset - token.start.offset;
  return resolvePairs(events, {
    closer: ([kind, token]) => (kind === 'enter' && token.type === 'strikethroughSequenceTemporary' && (token as Open)._close ? size(token) : undefined),
    opener: (list, open, index) => {
      const [kind, token] = list[open]!;
      return kind === 'exit' && token.type === 'strikethroughSequenceTemporary' && Boolean((token as Open)._open) && size(token) === size(list[index]![1]);
    },
    match: (list, open, index) => {
      const opener = list[open]![1] as Open;
      const closer = list[index]![1] as Open;
      closer.type = 'strikethroughSequence';
      opener.type = 'strikethroughSequence';
      const strikethrough: Token = { type: 'strikethrough', start: { ...opener.start }, end: { ...closer.end } };
      const text: Token = { type: 'strikethroughText', start: { ...opener.end }, end: { ...closer.start } };
      const next: Event[] = [['enter', strikethrough, context], ['enter', opener, context], ['exit', opener, context], ['enter', text, context]];
      const insideSpan = context.parser.constructs.insideSpan.null;
      nest(strikethrough, pushInside(next, insideSpan ? resolveAll(insideSpan, list.slice(open + 1, index), context) : list.slice(open + 1, index)));
      next.push(['exit', text, context], ['enter', closer, context], ['exit', closer, context], ['exit', strikethrough, context]);
      return { events: next, resume: open + next.length - 2 };
    },
    leftover: 'strikethroughSequenceTemporary',
  });
}

/**
 * Merges each run of adjacent `data` tokens into its first, in one pass, exactly as
 * micromark's text resolver does with a splice per run.
 */
function mergeData(events: Event[]): Event[] {
  let out = 0;
  let index = 0;
  while (index < events.length) {
    if (events[index]![1].type !== 'data' || index + 1 >= events.length) {
      events[out++] = events[index++]!;
      continue;
    }
    const enter = index;
    let end = enter + 2;
    while (end < events.length && events[end]![1].type === 'data') end++;
    if (end !== enter + 2) events[enter]![1].end = events[end - 1]![1].end;
    events[out++] = events[enter]!;
    events[out++] = events[enter + 1]!;
    index = end;
  }
  events.length = out;
  return events;
}

const textResolveAll = text.resolveAll;
// Only where the shapes are the ones this was written for (a later micromark may differ).
if (typeof textResolveAll === 'function' && textResolveAll.length === 2) {
  text.resolveAll = (events, context) => textResolveAll(mergeData(events), context);
}
if (typeof attention.resolveAll === 'function') attention.resolveAll = resolveAllAttention;

/**
 * A unified plugin, used after remark-gfm: GFM strikethrough is made per processor, so
 * its resolver is replaced in the micromark extensions the processor holds.
 */
export function remarkLinearStrikethrough(this: { data(key: 'micromarkExtensions'): unknown[] | undefined }): void {
  for (const extension of (this.data('micromarkExtensions') ?? []) as { text?: Record<number, Construct | Construct[]> }[]) {
    const constructs = extension.text?.[126];
    for (const construct of Array.isArray(constructs) ? constructs : constructs ? [constructs] : []) {
      if (construct.name === 'strikethrough' && typeof construct.resolveAll === 'function') construct.resolveAll = resolveAllStrikethrough;
    }
  }
}
