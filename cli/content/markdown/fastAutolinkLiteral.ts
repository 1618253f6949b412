/**
 * GFM autolink literals as micromark-extension-gfm-autolink-literal 2.1.0 tokenizes them, for
 * the fast parser: `https://…`, `www.…` and `a@b.co` in text become links with positions.
 * Each rule below is a state of that extension's tokenizer, in its order, so a literal is
 * found exactly where micromark finds one. (Literals micromark's tokenizer does not see,
 * after an unclosed `[` or inside emphasis markers, are found later by
 * mdast-util-gfm-autolink-literal's transform, which the fast parser runs as micromark does.)
 */

export interface AutolinkLiteral {
  /** Where it ends (exclusive). */
  end: number;
  /** The link's url: the text, with `mailto:` or `http://` before an email or `www.` literal. */
  url: string;
}

/** What the text is when the literal would run past `end`: the end of the text (null) or a line ending. */
export type TextEnd = 'null' | 'line ending';

/**
 * The literal starting at `pos`, or undefined; `previous` is the code before it (-1 at the
 * text's start, 10 after a line ending). The caller checks there is no unbalanced `[` before
 * (micromark's previousUnbalanced).
 */
export function autolinkLiteralAt(text: string, pos: number, end: number, previous: number, textEnd: TextEnd): AutolinkLiteral | undefined {
  const code = text.charCodeAt(pos);
  const at = (i: number) => (i < end ? text.charCodeAt(i) : NULL);
  // micromark attempts the email construct first at every character it may start with.
  if (isAtext(code) && previous !== 47 && !isAtext(previous)) {
    const email = emailEnd(at, pos);
    if (email !== -1) return { end: email, url: 'mailto:' + text.slice(pos, email) };
  }
  if ((code === 104 || code === 72) && !isAsciiAlpha(previous)) {
    const protocol = protocolEnd(at, pos);
    if (protocol !== -1) return { end: protocol, url: text.slice(pos, protocol) };
  }
  if ((code === 119 || code === 87) && isPreviousWww(previous)) {
    // `www.` (any case), then something: the end of the text is not enough (a line ending is).
    const prefix = isW(at(pos + 1)) && isW(at(pos + 2)) && at(pos + 3) === 46 && !(pos + 4 >= end && textEnd === 'null');
    if (prefix) {
      const domain = domainEnd(at, pos);
      if (domain !== -1) {
        const path = pathEnd(at, domain);
        return { end: path, url: 'http://' + text.slice(pos, path) };
      }
    }
  }
  return undefined;
}

/** Past the text's end (micromark's null; line endings read the same in every rule but `www.`'s). */
const NULL = -1;

type At = (i: number) => number;

function emailEnd(at: At, pos: number): number {
  let i = pos;
  while (isAtext(at(i))) i++;
  if (at(i) !== 64) return -1;
  i++;
  let data = false;
  let dot = false;
  for (;;) {
    const code = at(i);
    if (code === 46) {
      // A dot followed by a letter or digit is part of the domain; otherwise it ends it.
      if (!isAsciiAlphanumeric(at(i + 1))) break;
      dot = true;
      i++;
      continue;
    }
    if (code === 45 || code === 95 || isAsciiAlphanumeric(code)) {
      data = true;
      i++;
      continue;
    }
    break;
  }
  return data && dot && isAsciiAlpha(at(i - 1)) ? i : -1;
}

function protocolEnd(at: At, pos: number): number {
  let i = pos + 1;
  while (isAsciiAlpha(at(i)) && i - pos < 5) i++;
  if (at(i) !== 58) return -1;
  let protocol = '';
  for (let j = pos; j < i; j++) protocol += String.fromCharCode(at(j));
  protocol = protocol.toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') return -1;
  i++;
  if (at(i) !== 47 || at(i + 1) !== 47) return -1;
  i += 2;
  const first = at(i);
  if (first === NULL || first < 32 || first === 127 || isWhitespace(first) || isUnicodePunctuation(first)) return -1;
  const domain = domainEnd(at, i);
  return domain === -1 ? -1 : pathEnd(at, domain);
}

function domainEnd(at: At, pos: number): number {
  let underscoreInLast = false;
  let underscoreInLastButOne = false;
  let seen = false;
  let i = pos;
  for (;;) {
    const code = at(i);
    if (code === 46 || code === 95) {
      if (trailEnds(at, i)) break;
      if (code === 95) underscoreInLast = true;
      else {
        underscoreInLastButOne = underscoreInLast;
        underscoreInLast = false;
      }
      i++;
      continue;
    }
    if (code === NULL || isWhitespace(code) || (code !== 45 && isUnicodePunctuation(code))) break;
    seen = true;
    i++;
  }
  return underscoreInLast || underscoreInLastButOne || !seen ? -1 : i;
}

/** Punctuation that may end a path when only trailing punctuation follows it. */
const PATH_PUNCTUATION = new Set([33, 34, 38, 39, 41, 42, 44, 46, 58, 59, 60, 63, 93, 95, 126]);
const TRAIL = new Set([33, 34, 39, 41, 42, 44, 46, 58, 59, 63, 95, 126]);

function pathEnd(at: At, pos: number): number {
  let opened = 0;
  let closed = 0;
  let i = pos;
  for (;;) {
    const code = at(i);
    if (code === 40) {
      opened++;
      i++;
      continue;
    }
    if (code === 41 && closed < opened) {
      closed++;
      i++;
      continue;
    }
    if (PATH_PUNCTUATION.has(code)) {
      if (trailEnds(at, i)) return i;
      if (code === 41) closed++;
      i++;
      continue;
    }
    if (code === NULL || isWhitespace(code)) return i;
    i++;
  }
}

/** Whether what starts at `pos` is trailing punctuation up to the literal's end (micromark's `trail` check). */
function trailEnds(at: At, pos: number): boolean {
  let i = pos;
  for (;;) {
    const code = at(i);
    if (TRAIL.has(code)) {
      i++;
      continue;
    }
    if (code === 38) {
      // `&` and letters then `;`: a character reference's shape.
      i++;
      if (!isAsciiAlpha(at(i))) return false;
      while (isAsciiAlpha(at(i))) i++;
      if (at(i) !== 59) return false;
      i++;
      continue;
    }
    if (code === 93) {
      i++;
      const next = at(i);
      if (next === NULL || next === 40 || next === 91 || isWhitespace(next)) return true;
      continue;
    }
    return code === 60 || code === NULL || isWhitespace(code);
  }
}

function isW(code: number): boolean {
  return code === 119 || code === 87;
}

function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}

/** An email's local part character (`gfmAtext`). */
function isAtext(code: number): boolean {
  return code === 43 || code === 45 || code === 46 || code === 95 || isAsciiAlphanumeric(code);
}

/** Before `www.`: nothing, a space or line ending, or one of `( * _ [ ] ~`. */
function isPreviousWww(code: number): boolean {
  return code === -1 || code === 9 || code === 10 || code === 32 || code === 40 || code === 42 || code === 95 || code === 91 || code === 93 || code === 126;
}

/** A space, a line ending or Unicode whitespace. */
function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || (code > 127 && UNICODE_WHITESPACE.test(String.fromCharCode(code))) || (code < 32 && code >= 9 && code <= 13);
}

function isUnicodePunctuation(code: number): boolean {
  return code >= 0 && UNICODE_PUNCTUATION.test(String.fromCharCode(code));
}

const UNICODE_WHITESPACE = /\s/;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
