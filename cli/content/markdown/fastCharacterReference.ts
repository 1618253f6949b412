import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';

/**
 * A character reference (`&amp;`, `&#123;`, `&#x1F600;`) at the `&` at `pos`, as
 * micromark-core-commonmark's character-reference.js reads one and mdast-util-from-markdown
 * decodes it (with the same two packages): where it ends and the text it stands for; undefined
 * if there is none (a name no entity has, too many digits, no `;`).
 */
export function characterReferenceAt(text: string, pos: number, end: number): { end: number; value: string } | undefined {
  let at = pos + 1;
  let base = 0;
  let max = 31;
  if (text.charCodeAt(at) === 35) {
    at++;
    const x = text.charCodeAt(at);
    if (x === 88 || x === 120) {
      at++;
      base = 16;
      max = 6;
    } else {
      base = 10;
      max = 7;
    }
  }
  const start = at;
  while (at < end && at - start < max && isValueCharacter(text.charCodeAt(at), base)) at++;
  if (at === start || at >= end || text.charCodeAt(at) !== 59) return undefined;
  const value = text.slice(start, at);
  const decoded = base === 0 ? decodeNamedCharacterReference(value) : decodeNumericCharacterReference(value, base);
  return decoded === false ? undefined : { end: at + 1, value: decoded };
}

function isValueCharacter(code: number, base: number): boolean {
  const digit = code >= 48 && code <= 57;
  if (base === 10) return digit;
  const hexLetter = (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
  if (base === 16) return digit || hexLetter;
  return digit || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** A string as mdast-util-from-markdown decodes one: backslash escapes and character references. */
export function decodeString(text: string, start: number, end: number): string {
  if (!/[\\&]/.test(text.slice(start, end))) return text.slice(start, end);
  let value = '';
  for (let pos = start; pos < end; ) {
    const char = text[pos]!;
    if (char === '\\' && pos + 1 < end && ASCII_PUNCTUATION.test(text[pos + 1]!)) {
      value += text[pos + 1];
      pos += 2;
      continue;
    }
    const reference = char === '&' ? characterReferenceAt(text, pos, end) : undefined;
    if (reference) {
      value += reference.value;
      pos = reference.end;
      continue;
    }
    value += char;
    pos++;
  }
  return value;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
