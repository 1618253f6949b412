/**
 * Raw HTML and autolinks as micromark-core-commonmark 2.0.4 reads them (html-flow.js,
 * html-text.js, autolink.js), for the fast parser. Each function follows its construct's
 * states in order and reads one line: where a construct would go on to the next line, it
 * says so (`LINE_END`) and the fast parser leaves the file to micromark.
 */

export const FAIL = -1;
export const LINE_END = -2;

/** CommonMark's HTML block kinds: 1 raw text (`<script>`…), 2 comment, 3 instruction, 4 declaration, 5 CDATA, 6 block tag, 7 any complete tag. */
export type HtmlKind = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface HtmlFlowStart {
  kind: HtmlKind;
  /** Whether the block ends on its first line (its end condition is on it). */
  closed: boolean;
}

const RAW_NAMES = ['pre', 'script', 'style', 'textarea'];
// micromark-util-html-tag-name 2.0.1's htmlBlockNames.
const BLOCK_NAMES = new Set(['address', 'article', 'aside', 'base', 'basefont', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup', 'dd', 'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'iframe', 'legend', 'li', 'link', 'main', 'menu', 'menuitem', 'nav', 'noframes', 'ol', 'optgroup', 'option', 'p', 'param', 'search', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul']);

/**
 * The HTML block a line opens with the `<` at `pos` (its line ends at `end`), or undefined.
 * `interrupt`: the line would otherwise go on a paragraph, which only kinds 1-6 end.
 */
export function htmlFlowStart(text: string, pos: number, end: number, interrupt: boolean): HtmlFlowStart | undefined {
  const at = (i: number) => (i < end ? text.charCodeAt(i) : NULL);
  let i = pos + 1;
  const c = at(i);
  if (c === 33) {
    // <!
    const d = at(i + 1);
    if (d === 45) return at(i + 2) === 45 ? started(2, text, i + 3, end, 'declaration') : undefined;
    if (d === 91) return text.startsWith('CDATA[', i + 2) && i + 8 <= end ? started(5, text, i + 8, end, 'continuation') : undefined;
    return isAsciiAlpha(d) ? started(4, text, i + 2, end, 'declaration') : undefined;
  }
  if (c === 63) return started(3, text, i + 1, end, 'declaration');
  const closing = c === 47;
  if (closing) i++;
  if (!isAsciiAlpha(at(i))) return undefined;
  const nameStart = i;
  while (at(i) === 45 || isAsciiAlphanumeric(at(i))) i++;
  const after = at(i);
  if (!(after === NULL || after === 47 || after === 62 || after === 32)) return undefined;
  const name = text.slice(nameStart, i).toLowerCase();
  if (after !== 47 && !closing && RAW_NAMES.includes(name)) return started(1, text, i, end, 'continuation');
  if (BLOCK_NAMES.has(name)) {
    if (after === 47) return at(i + 1) === 62 ? started(6, text, i + 2, end, 'continuation') : undefined;
    return started(6, text, i, end, 'continuation');
  }
  if (interrupt) return undefined;
  const tagEnd = closing ? completeClosingTagEnd(at, i) : completeOpenTagEnd(at, i);
  if (tagEnd === FAIL) return undefined;
  // Only spaces after the tag.
  for (let j = tagEnd; j < end; j++) if (text.charCodeAt(j) !== 32) return undefined;
  return { kind: 7, closed: false };
}

function started(kind: HtmlKind, text: string, from: number, end: number, state: ScanState): HtmlFlowStart {
  return { kind, closed: kind <= 5 && htmlFlowLineCloses(kind, text, from, end, state) };
}

type ScanState = 'continuation' | 'declaration';

/**
 * Whether an HTML block of kind 1-5 ends on the line from `from` to `end` (its end
 * condition: `</script>`…, `-->`, `?>`, `>`, `]]>`), as micromark's continuation states scan it.
 */
export function htmlFlowLineCloses(kind: HtmlKind, text: string, from: number, end: number, state: ScanState = 'continuation'): boolean {
  let mode: 'continuation' | 'comment' | 'rawOpen' | 'rawEnd' | 'cdata' | 'declaration' = state;
  let buffer = '';
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    // Each state either takes the character or hands it to `continuation`.
    if (mode === 'comment') {
      if (c === 45) {
        mode = 'declaration';
        continue;
      }
      mode = 'continuation';
    } else if (mode === 'rawOpen') {
      if (c === 47) {
        mode = 'rawEnd';
        buffer = '';
        continue;
      }
      mode = 'continuation';
    } else if (mode === 'rawEnd') {
      if (c === 62) {
        if (RAW_NAMES.includes(buffer.toLowerCase())) return true;
        mode = 'continuation';
      } else if (isAsciiAlpha(c) && buffer.length < 8) {
        buffer += text[i];
        continue;
      } else mode = 'continuation';
    } else if (mode === 'cdata') {
      if (c === 93) {
        mode = 'declaration';
        continue;
      }
      mode = 'continuation';
    } else if (mode === 'declaration') {
      if (c === 62) return true;
      if (c === 45 && kind === 2) continue;
      mode = 'continuation';
    }
    // continuation
    if (c === 45 && kind === 2) mode = 'comment';
    else if (c === 60 && kind === 1) mode = 'rawOpen';
    else if (c === 62 && kind === 4) return true;
    else if (c === 63 && kind === 3) mode = 'declaration';
    else if (c === 93 && kind === 5) mode = 'cdata';
  }
  return false;
}

/** After a complete closing tag's name: spaces, then `>`. */
function completeClosingTagEnd(at: (i: number) => number, i: number): number {
  while (at(i) === 32) i++;
  return at(i) === 62 ? i + 1 : FAIL;
}

/** After a complete open tag's name: attributes, an optional `/`, then `>` (html-flow.js's `complete*` states, one for one). */
function completeOpenTagEnd(at: (i: number) => number, i: number): number {
  let state: 'nameBefore' | 'name' | 'nameAfter' | 'valueBefore' | 'quoted' | 'unquoted' | 'quotedAfter' | 'end' = 'nameBefore';
  let marker = 0;
  for (;;) {
    const c = at(i);
    switch (state) {
      case 'nameBefore':
        if (c === 47) {
          i++;
          state = 'end';
        } else if (c === 58 || c === 95 || isAsciiAlpha(c)) {
          i++;
          state = 'name';
        } else if (c === 32) i++;
        else state = 'end';
        break;
      case 'name':
        if (isAttributeNameCharacter(c)) i++;
        else state = 'nameAfter';
        break;
      case 'nameAfter':
        if (c === 61) {
          i++;
          state = 'valueBefore';
        } else if (c === 32) i++;
        else state = 'nameBefore';
        break;
      case 'valueBefore':
        if (c === NULL || c === 60 || c === 61 || c === 62 || c === 96) return FAIL;
        if (c === 34 || c === 39) {
          marker = c;
          i++;
          state = 'quoted';
        } else if (c === 32) i++;
        else state = 'unquoted';
        break;
      case 'quoted':
        if (c === marker) {
          i++;
          state = 'quotedAfter';
        } else if (c === NULL) return FAIL;
        else i++;
        break;
      case 'unquoted':
        if (isUnquotedEnd(c)) state = 'nameAfter';
        else i++;
        break;
      case 'quotedAfter':
        if (c === 47 || c === 62 || c === 32) state = 'nameBefore';
        else return FAIL;
        break;
      case 'end':
        return c === 62 ? i + 1 : FAIL;
    }
  }
}

function isUnquotedEnd(c: number): boolean {
  return c === NULL || c === 34 || c === 39 || c === 47 || c === 60 || c === 61 || c === 62 || c === 96 || c === 32;
}

/** The index of `code` at or after `i` on the line, or FAIL (a quoted value does not end on its line). */
function text_indexOf(at: (i: number) => number, i: number, code: number): number {
  for (;;) {
    const c = at(i);
    if (c === NULL) return FAIL;
    if (c === code) return i;
    i++;
  }
}

function isAttributeNameCharacter(c: number): boolean {
  return c === 45 || c === 46 || c === 58 || c === 95 || isAsciiAlphanumeric(c);
}

/**
 * Where inline HTML opened by the `<` at `pos` ends (after its `>`): an open or closing tag, a
 * comment, an instruction, a declaration or CDATA, on this line (`LINE_END` where it would go
 * on, `FAIL` where it is not HTML and `<` is text).
 */
export function htmlTextEnd(text: string, pos: number, end: number): number {
  const at = (i: number) => (i < end ? text.charCodeAt(i) : NULL);
  let i = pos + 1;
  const c = at(i);
  if (c === 33) {
    const d = at(i + 1);
    if (d === 45) {
      if (at(i + 2) !== 45) return FAIL;
      // commentEnd after `<!--`: `>` ends it at once, `-` is a closing dash.
      i += 3;
      let dashes = 2;
      for (;;) {
        const e = at(i);
        if (e === NULL) return i >= end ? LINE_END : FAIL;
        if (e === 62 && dashes >= 2) return i + 1;
        dashes = e === 45 ? dashes + 1 : 0;
        i++;
      }
    }
    if (d === 91) {
      if (!text.startsWith('CDATA[', i + 2) || i + 8 > end) return i + 2 + 6 > end && 'CDATA['.startsWith(text.slice(i + 2, end)) ? LINE_END : FAIL;
      i += 8;
      let brackets = 0;
      for (;;) {
        const e = at(i);
        if (e === NULL) return LINE_END;
        if (e === 62 && brackets >= 2) return i + 1;
        brackets = e === 93 ? brackets + 1 : 0;
        i++;
      }
    }
    if (!isAsciiAlpha(d)) return FAIL;
    const close = text.indexOf('>', i + 2);
    return close === -1 || close >= end ? LINE_END : close + 1;
  }
  if (c === 63) {
    // instruction: up to `?>`; `<?>` does not end at its own `?`.
    for (i += 1; ; i++) {
      const e = at(i);
      if (e === NULL) return LINE_END;
      if (e === 63 && at(i + 1) === 62) return i + 2;
    }
  }
  if (c === 47) {
    if (!isAsciiAlpha(at(i + 1))) return FAIL;
    i += 2;
    while (at(i) === 45 || isAsciiAlphanumeric(at(i))) i++;
    while (at(i) === 32) i++;
    if (at(i) === NULL) return LINE_END;
    return at(i) === 62 ? i + 1 : FAIL;
  }
  if (!isAsciiAlpha(c)) return FAIL;
  i++;
  while (at(i) === 45 || isAsciiAlphanumeric(at(i))) i++;
  const afterName = at(i);
  if (!(afterName === 47 || afterName === 62 || afterName === 32 || afterName === NULL)) return FAIL;
  for (;;) {
    // tagOpenBetween
    const e = at(i);
    if (e === 47) return at(i + 1) === 62 ? i + 2 : FAIL;
    if (e === 32) {
      i++;
      continue;
    }
    if (e === NULL) return LINE_END;
    if (!(e === 58 || e === 95 || isAsciiAlpha(e))) return e === 62 ? i + 1 : FAIL;
    i++;
    while (isAttributeNameCharacter(at(i))) i++;
    // tagOpenAttributeNameAfter
    while (at(i) === 32) i++;
    if (at(i) === NULL) return LINE_END;
    if (at(i) !== 61) continue;
    i++;
    while (at(i) === 32) i++;
    const v = at(i);
    if (v === NULL) return LINE_END;
    if (v === 60 || v === 61 || v === 62 || v === 96) return FAIL;
    if (v === 34 || v === 39) {
      const close = text_indexOf(at, i + 1, v);
      if (close === FAIL) return LINE_END;
      i = close + 1;
      const after = at(i);
      if (after === NULL) return LINE_END;
      if (!(after === 47 || after === 62 || after === 32)) return FAIL;
      continue;
    }
    i++;
    for (;;) {
      const u = at(i);
      if (u === NULL) return LINE_END;
      if (u === 34 || u === 39 || u === 60 || u === 61 || u === 96) return FAIL;
      if (u === 47 || u === 62 || u === 32) break;
      i++;
    }
  }
}

/** An autolink (`<https://…>`, `<a@b.co>`) opened by the `<` at `pos`: where it ends and its url. */
export function autolinkAt(text: string, pos: number, end: number): { end: number; url: string; email: boolean } | undefined {
  const at = (i: number) => (i < end ? text.charCodeAt(i) : NULL);
  let i = pos + 1;
  let size = 0;
  let c = at(i);
  // open → schemeOrEmailAtext → schemeInsideOrEmailAtext
  if (isAsciiAlpha(c)) {
    i++;
    c = at(i);
    if (c === 43 || c === 45 || c === 46 || isAsciiAlphanumeric(c)) {
      size = 1;
      for (;;) {
        c = at(i);
        if (c === 58) {
          // urlInside
          for (i++; ; i++) {
            const u = at(i);
            if (u === 62) return { end: i + 1, url: text.slice(pos + 1, i), email: false };
            if (u === NULL || u === 32 || u === 60 || u < 32 || u === 127) return undefined;
          }
        }
        if ((c === 43 || c === 45 || c === 46 || isAsciiAlphanumeric(c)) && size++ < 32) {
          i++;
          continue;
        }
        break;
      }
    }
  } else if (c === 64) return undefined;
  // emailAtext
  for (;;) {
    c = at(i);
    if (c === 64) break;
    if (!isAsciiAtext(c)) return undefined;
    i++;
  }
  i++;
  size = 0;
  for (;;) {
    // emailAtSignOrDot
    if (!isAsciiAlphanumeric(at(i))) return undefined;
    // emailLabel / emailValue
    for (;;) {
      c = at(i);
      if (c === 46) {
        i++;
        size = 0;
        break;
      }
      if (c === 62) return { end: i + 1, url: 'mailto:' + text.slice(pos + 1, i), email: true };
      if ((c === 45 || isAsciiAlphanumeric(c)) && size++ < 63) {
        i++;
        if (c === 45) {
          // emailValue again: a label does not end with `-`.
          for (;;) {
            const d = at(i);
            if ((d === 45 || isAsciiAlphanumeric(d)) && size++ < 63) {
              i++;
              if (d !== 45) break;
              continue;
            }
            return undefined;
          }
        }
        continue;
      }
      return undefined;
    }
  }
}

const NULL = -1;

function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}

/** `#$%&'*+-./0-9=?A-Z^_\`a-z{|}~` */
function isAsciiAtext(code: number): boolean {
  return code === 35 || code === 36 || code === 37 || code === 38 || code === 39 || code === 42 || code === 43 || code === 45 || code === 46 || code === 47 || (code >= 48 && code <= 57) || code === 61 || code === 63 || (code >= 65 && code <= 90) || (code >= 94 && code <= 126);
}
