/**
 * The parts of a directive (`:name[label]{#id .class key="value"}`) as
 * micromark-extension-directive 4.0.0 reads them (factory-name.js, factory-label.js,
 * factory-attributes.js), for the fast parser. Each function reads one line from `pos` up to
 * `end` and says where the part ends, that it is not one (`FAIL`: micromark's nok), or that
 * the line ended first (`LINE_END`: the caller knows whether micromark would go on to the
 * next line, as a text directive's label and attributes may, or stop).
 */

export const FAIL = -1;
export const LINE_END = -2;
/** A part the fast parser does not read (a character reference in an attribute, which micromark decodes). */
export const NOT_READ = -3;

/** Where the name starting at `pos` ends: not punctuation or space first; then no punctuation but `-` and `_`, which cannot end it. */
export function directiveNameEnd(text: string, pos: number, end: number): number {
  if (pos >= end || isPunctuation(text.charCodeAt(pos)) || isWhitespace(text.charCodeAt(pos))) return FAIL;
  let at = pos + 1;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (isWhitespace(code) || (isPunctuation(code) && code !== 45 && code !== 95)) break;
    at++;
  }
  const last = text.charCodeAt(at - 1);
  return last === 45 || last === 95 ? FAIL : at;
}

/**
 * Where the label opened by the `[` at `pos` ends (after its `]`). Brackets inside must
 * balance (32 deep at most); `\[`, `\]` and `\\` are escapes.
 */
export function directiveLabelEnd(text: string, pos: number, end: number): number {
  let balance = 0;
  let escapes = 0;
  let at = pos + 1;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (code === 91 && ++balance > 32) return FAIL;
    if (code === 93 && !balance--) return at + 1;
    at++;
    if (code === 92) {
      const next = text.charCodeAt(at);
      if (at < end && (next === 91 || next === 92 || next === 93)) {
        at++;
        // micromark counts escapes only, and stops after 999 of them.
        if (++escapes > 999) return FAIL;
      }
    }
  }
  return LINE_END;
}

export interface DirectiveAttributes {
  /** After the closing `}`. */
  end: number;
  attributes: Record<string, string>;
}

/**
 * The attributes opened by the `{` at `pos`: `#id`, `.class` (classes add up), `key`,
 * `key=value`, `key="value"`, `key='value'`, separated by spaces. `&` (a character reference
 * micromark decodes) is `NOT_READ`.
 */
export function directiveAttributes(text: string, pos: number, end: number): DirectiveAttributes | typeof FAIL | typeof LINE_END | typeof NOT_READ {
  const list: [string, string][] = [];
  let at = pos + 1;
  const code = () => (at < end ? text.charCodeAt(at) : NULL);
  for (;;) {
    // between
    while (code() === 32) at++;
    const c = code();
    if (c === NULL) return LINE_END;
    if (c === 35 || c === 46) {
      // #id or .class
      const name = c === 35 ? 'id' : 'class';
      at++;
      const first = code();
      if (first === NULL) return LINE_END;
      if (first === 34 || first === 35 || first === 39 || first === 46 || first === 60 || first === 61 || first === 62 || first === 96 || first === 125 || first === 32) return FAIL;
      const start = at;
      at++;
      for (;;) {
        const next = code();
        if (next === NULL) return LINE_END;
        if (next === 34 || next === 39 || next === 60 || next === 61 || next === 62 || next === 96) return FAIL;
        if (next === 35 || next === 46 || next === 125 || next === 32) break;
        at++;
      }
      list.push([name, text.slice(start, at)]);
      continue;
    }
    if (isWhitespace(c) || (isPunctuation(c) && c !== 45 && c !== 95)) {
      if (c !== 125) return FAIL;
      at++;
      break;
    }
    // key
    const nameStart = at;
    at++;
    for (;;) {
      const next = code();
      if (next === NULL || isWhitespace(next) || (isPunctuation(next) && next !== 45 && next !== 46 && next !== 58 && next !== 95)) break;
      at++;
    }
    const attribute: [string, string] = [text.slice(nameStart, at), ''];
    list.push(attribute);
    while (code() === 32) at++;
    if (code() !== 61) continue;
    at++;
    // value
    while (code() === 32) at++;
    const v = code();
    if (v === NULL) return LINE_END;
    if (v === 60 || v === 61 || v === 62 || v === 96 || v === 125) return FAIL;
    if (v === 34 || v === 39) {
      at++;
      const start = at;
      while (code() !== v) {
        if (code() === NULL) return LINE_END;
        at++;
      }
      attribute[1] = text.slice(start, at);
      at++;
      const after = code();
      if (after === NULL) return LINE_END;
      if (after !== 125 && after !== 32) return FAIL;
      continue;
    }
    const start = at;
    for (;;) {
      const next = code();
      if (next === NULL) return LINE_END;
      if (next === 34 || next === 39 || next === 60 || next === 61 || next === 62 || next === 96) return FAIL;
      if (next === 125 || next === 32) break;
      at++;
    }
    attribute[1] = text.slice(start, at);
  }
  if (list.some(([name, value]) => name.includes('&') || value.includes('&'))) return NOT_READ;
  const attributes: Record<string, string> = {};
  for (const [name, value] of list) {
    if (name === 'class' && attributes.class) attributes.class += ' ' + value;
    else attributes[name] = value;
  }
  return { end: at, attributes };
}

const NULL = -1;

function isPunctuation(code: number): boolean {
  return code >= 0 && UNICODE_PUNCTUATION.test(String.fromCharCode(code));
}

function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && UNICODE_WHITESPACE.test(String.fromCharCode(code)));
}

const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
const UNICODE_WHITESPACE = /\s/;

export interface DirectiveOpening {
  kind: 'leaf' | 'container';
  /** The size of its fence (a container's). */
  colons: number;
  name: string;
  /** The label's content, between its brackets. */
  label: { start: number; end: number } | undefined;
  attributes: Record<string, string>;
}

/**
 * A line that opens a container directive (`:::name[label]{attributes}`) or is a leaf one
 * (`::name[label]{attributes}`), from its first colon at `pos` to the line's end at `end`;
 * undefined if it is neither (micromark reads it as a paragraph), `NOT_READ` if the fast parser
 * does not read its attributes.
 */
export function directiveOpening(text: string, pos: number, end: number): DirectiveOpening | undefined | typeof NOT_READ {
  let at = pos;
  while (text.charCodeAt(at) === 58) at++;
  const colons = at - pos;
  if (colons < 2) return undefined;
  const nameEnd = directiveNameEnd(text, at, end);
  if (nameEnd === FAIL) return undefined;
  const name = text.slice(at, nameEnd);
  at = nameEnd;
  let label: DirectiveOpening['label'];
  if (text.charCodeAt(at) === 91) {
    const labelEnd = directiveLabelEnd(text, at, end);
    if (labelEnd < 0) return undefined;
    label = { start: at + 1, end: labelEnd - 1 };
    at = labelEnd;
  }
  let attributes: Record<string, string> = {};
  if (text.charCodeAt(at) === 123) {
    const read = directiveAttributes(text, at, end);
    if (read === NOT_READ) return NOT_READ;
    if (typeof read !== 'object') return undefined;
    attributes = read.attributes;
    at = read.end;
  }
  while (at < end && text.charCodeAt(at) === 32) at++;
  if (at < end) return undefined;
  return { kind: colons === 2 ? 'leaf' : 'container', colons, name, label, attributes };
}
