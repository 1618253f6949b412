import type { Program } from 'estree';

/**
 * MDX JSX tags as micromark-extension-mdx-jsx 3.0.2 reads them (factory-tag.js), for the
 * fast parser, in their plain form only: `<Name attr="literal" flag expr={…}>`, `</Name>`,
 * `<Name.member … />`, names and attributes in ASCII, over several lines where the caller
 * lets `end` run past the line (line endings are whitespace in a tag). Anything else (a
 * spread, a fragment, a character reference, a value over lines, and every shape micromark
 * reports as an error) is `NOT_READ`, and the file is micromark's.
 */

export const NOT_JSX = -1;
export const NOT_READ = -2;

/** An expression in braces: where it ends (after `}`), its code and its program. */
export interface JsxExpression {
  end: number;
  value: string;
  estree: Program;
}

export interface JsxAttribute {
  name: string;
  value: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string; data: { estree: Program } };
  start: number;
  end: number;
}

export interface JsxTag {
  name: string;
  close: boolean;
  selfClosing: boolean;
  attributes: JsxAttribute[];
  /** After its `>`. */
  end: number;
}

/**
 * The tag opened by the `<` at `pos`, on the line ending at `end`; `NOT_JSX` where `<` is text
 * (followed by a space or the line's end). `expression` reads an attribute's `{value}` at its `{`.
 */
export function jsxTagAt(text: string, pos: number, end: number, expression: (open: number) => JsxExpression | undefined): JsxTag | typeof NOT_JSX | typeof NOT_READ {
  const at = (i: number) => (i < end ? text.charCodeAt(i) : -1);
  let i = pos + 1;
  const first = at(i);
  if (first === 32 || first === 10 || first === -1) return NOT_JSX;
  let close = false;
  if (first === 47) {
    close = true;
    i++;
  }
  if (!isNameStart(at(i))) return NOT_READ;
  let name = '';
  for (;;) {
    const start = i;
    i++;
    while (isNameCharacter(at(i))) i++;
    name += text.slice(start, i);
    if (at(i) !== 46) break;
    // `.member`
    i++;
    if (!isNameStart(at(i))) return NOT_READ;
    name += '.';
  }
  const attributes: JsxAttribute[] = [];
  let selfClosing = false;
  for (;;) {
    const c = at(i);
    if (c === 32 || c === 10) {
      i++;
      continue;
    }
    if (c === 62) break;
    if (c === 47) {
      if (close) return NOT_READ;
      i++;
      while (at(i) === 32 || at(i) === 10) i++;
      if (at(i) !== 62) return NOT_READ;
      selfClosing = true;
      break;
    }
    // An attribute (after whitespace, or right after a value).
    if (close || !isNameStart(c)) return NOT_READ;
    const start = i;
    i++;
    while (isNameCharacter(at(i))) i++;
    const attribute: JsxAttribute = { name: text.slice(start, i), value: null, start, end: i };
    attributes.push(attribute);
    while (at(i) === 32 || at(i) === 10) i++;
    if (at(i) !== 61) {
      // Another attribute, `/` or `>` follows; anything else (`:`, `{`, the line's end) is not read.
      const next = at(i);
      if (!(next === 62 || next === 47 || isNameStart(next))) return NOT_READ;
      continue;
    }
    i++;
    while (at(i) === 32 || at(i) === 10) i++;
    const quote = at(i);
    if (quote === 123) {
      const read = expression(i);
      if (!read) return NOT_READ;
      attribute.value = { type: 'mdxJsxAttributeValueExpression', value: read.value, data: { estree: read.estree } };
      i = read.end;
      attribute.end = i;
      continue;
    }
    if (quote !== 34 && quote !== 39) return NOT_READ;
    const quoteEnd = text.indexOf(String.fromCharCode(quote), i + 1);
    if (quoteEnd === -1 || quoteEnd >= end) return NOT_READ;
    const value = text.slice(i + 1, quoteEnd);
    // mdast-util-mdx-jsx decodes references ended by `;` only (`?a=1&b=2` stays as it is): those are not read here.
    if (/&(?:#|[A-Za-z][A-Za-z\d]*;)/.test(value) || value.includes('\n')) return NOT_READ;
    attribute.value = value;
    i = quoteEnd + 1;
    attribute.end = i;
  }
  return { name, close, selfClosing, attributes, end: i + 1 };
}

/** `[A-Za-z$_]`: the ASCII characters that start an identifier. */
function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 36 || code === 95;
}

/** Identifier characters and JSX's `-`, in ASCII; a character past ASCII makes the tag not read (caught by its caller's next check). */
function isNameCharacter(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 45;
}
