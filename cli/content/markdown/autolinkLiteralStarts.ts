import type { Construct, Previous, Token, TokenizeContext, Tokenizer } from 'micromark-util-types';

/*
 * GFM autolink literals (micromark-extension-gfm-autolink-literal 2.1.0) register a construct
 * on every letter and digit: an email literal (`a@b.co`) may start at any word. So prose
 * is cut into one data token per word, and at each word the email construct is attempted:
 * it reads the word, finds no `@` after it and is undone. That was about a third of the
 * tokenizing of an ordinary page, for literals few pages have.
 *
 * A literal can start only where the text ahead says so: an email's run of address
 * characters must end in `@`, a protocol literal needs `http://` or `https://`, a www
 * literal `www.` (letters in any case). When the line's text ahead shows the construct cannot
 * start, it is not a place to stop the data token (`previous` says no) and the construct fails
 * at once (as it would have, later). Where the text ahead cannot be seen (the run reaches the
 * end of the line's chunk), the construct is left to decide, as before. A skipped attempt's only
 * lasting effect was the mark its bracket check leaves on the last token ("no unbalanced `[` before
 * here"), a fact that stays true, so later checks answer the same without it. Adjacent data tokens are
 * merged before the tree is built, so the events and trees are the same, as a differential test
 * shows (tests/unit/autolinkLiteralStarts.test.ts).
 */

/** Characters of an email's local part (the construct's `gfmAtext`). */
const ATEXT_RUN = /[A-Za-z0-9+\-._]*/y;
const PROTOCOL = /https?:\/\//iy;
const WWW = /www\./iy;

/** The string chunk the tokenizer is at (its line's text up to a tab or the line's end) and the index in it. */
interface Found {
  chunk: string;
  at: number;
}

/** The chunk and index the tokenizer is at; undefined at a code chunk (a tab, a line ending). Called at each word's start: kept lean. */
function chunkAt(context: TokenizeContext): Found | undefined {
  const point = context.now();
  if (point._bufferIndex < 0) return undefined;
  // From the chunk's start (a start index of -1 keeps it whole) to the next chunk: sliceStream reads only these two fields.
  const [chunk] = context.sliceStream({ start: { _index: point._index, _bufferIndex: -1 }, end: { _index: point._index + 1, _bufferIndex: 0 } } as unknown as Token);
  return typeof chunk === 'string' ? { chunk, at: point._bufferIndex } : undefined;
}

/** Whether the prefix (one of `texts`, any case) is ruled out here: the text ahead differs from each, as far as the chunk shows it. */
function ruledOut(pattern: RegExp, texts: string[], found: Found): boolean {
  const longest = Math.max(...texts.map((t) => t.length));
  if (found.chunk.length - found.at < longest) {
    // Not all of it is in view: ruled out only if what is in view already differs.
    const seen = found.chunk.slice(found.at).toLowerCase();
    return !texts.some((text) => text.startsWith(seen) || seen.startsWith(text));
  }
  pattern.lastIndex = found.at;
  return !pattern.test(found.chunk);
}

/** Whether the construct cannot start here, as the line's text ahead shows. */
const cannotStart: Record<string, (found: Found) => boolean> = {
  emailAutolink(found) {
    ATEXT_RUN.lastIndex = found.at;
    ATEXT_RUN.test(found.chunk);
    const end = ATEXT_RUN.lastIndex;
    return end < found.chunk.length && found.chunk.charCodeAt(end) !== 64; // '@'
  },
  protocolAutolink: (found) => ruledOut(PROTOCOL, ['http://', 'https://'], found),
  wwwAutolink: (found) => ruledOut(WWW, ['www.'], found),
};

const WRAPPED = Symbol('autolink literal starts');

function wrap(construct: Construct & { [WRAPPED]?: true }): void {
  const check = construct.name ? cannotStart[construct.name] : undefined;
  if (!check || construct[WRAPPED] || !construct.previous) return;
  const cannot = (context: TokenizeContext) => {
    const found = chunkAt(context);
    return found !== undefined && check(found);
  };
  const previous = construct.previous;
  construct.previous = function (this: TokenizeContext, code) {
    return previous.call(this, code) && !cannot(this);
  } as Previous;
  const tokenize = construct.tokenize;
  construct.tokenize = function (this: TokenizeContext, effects, ok, nok) {
    const start = tokenize.call(this, effects, ok, nok);
    return cannot(this) ? nok : start;
  } as Tokenizer;
  construct[WRAPPED] = true;
}

/**
 * A unified plugin, used after remark-gfm: wraps the autolink literal constructs in the
 * micromark extensions the processor holds (they are the package's singletons: wrapped once).
 */
export function remarkAutolinkLiteralStarts(this: { data(key: 'micromarkExtensions'): unknown[] | undefined }): void {
  const visit = (extensions: unknown[]) => {
    for (const extension of extensions as (unknown[] | { text?: Record<number, Construct | Construct[]> })[]) {
      if (Array.isArray(extension)) {
        visit(extension);
        continue;
      }
      for (const constructs of Object.values(extension.text ?? {})) for (const construct of Array.isArray(constructs) ? constructs : [constructs]) wrap(construct);
    }
  };
  visit(this.data('micromarkExtensions') ?? []);
}
