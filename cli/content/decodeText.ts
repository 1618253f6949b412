import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';

/** A file's bytes as text, or why they are not text we can publish. */
export type DecodedText = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Decodes a content file the way editors save them, and refuses to guess otherwise:
 * - UTF-8, with or without a byte order mark (the mark is dropped);
 * - UTF-16 LE or BE, only with a byte order mark (without one it cannot be told apart);
 * - anything else (Latin-1, Windows-1252, invalid UTF-8, binary files with NUL or other
 *   control bytes) is an error at the line of the first bad byte. Decoding leniently would
 *   publish U+FFFD and control characters in place of the author's text.
 *
 * Line endings become `\n`: CommonMark reads `\r\n`, `\r` and `\n` alike, and browsers turn
 * `\r\n` in HTML into `\n` anyway, so a page reads the same; but the output is then the same
 * bytes whether the site was checked out on Windows (git's autocrlf) or not, and the fast
 * parser (fastParser.ts), which reads only `\n`, takes the file: micromark took 20 s for a
 * 512 KB CRLF list.
 */
export function decodeText(bytes: Uint8Array, file: string): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeUtf8(bytes, 3, file);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return decodeUtf16(bytes, bytes[0] === 0xff ? 'utf-16le' : 'utf-16be', file);
  return decodeUtf8(bytes, 0, file);
}

function decodeUtf8(bytes: Uint8Array, start: number, file: string): DecodedText {
  // Node's own check first (10,000 docs: 96 ms for the loop below on every file, about 10x
  // less this way); the loop then only finds where the bad byte is.
  const bad = isUtf8(bytes.subarray(start)) ? -1 : firstInvalidUtf8(bytes, start);
  if (bad !== -1) {
    const line = lineAt(bytes, start, bad);
    return { ok: false, diagnostic: { severity: 'error', file, line: line.line, column: line.column, ...catalog.notUtf8(bytes[bad]!) } };
  }
  return checkControl(normalizeLineEndings(new TextDecoder('utf-8').decode(bytes.subarray(start))), file);
}

function normalizeLineEndings(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', file: string): DecodedText {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, diagnostic: { severity: 'error', file, line: 1, column: 1, ...catalog.badUtf16(encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE') } };
  }
  return checkControl(normalizeLineEndings(text), file);
}

// C0 controls other than tab, line feed, form feed and carriage return, and DEL: no text
// file holds them; a binary file (an image saved as .md) almost always does.
const CONTROL_RE = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

function checkControl(text: string, file: string): DecodedText {
  const match = CONTROL_RE.exec(text);
  if (!match) return { ok: true, text };
  const before = text.slice(0, match.index);
  const line = before.split('\n').length;
  const column = match.index - before.lastIndexOf('\n');
  return { ok: false, diagnostic: { severity: 'error', file, line, column, ...catalog.binaryFile(match[0].charCodeAt(0)) } };
}

/** Index of the first byte that is not part of well-formed UTF-8 (RFC 3629), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0): number {
  let i = start;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: the sequence length and the allowed range of the second byte (no
    // overlong forms, no surrogates, nothing above U+10FFFF).
    let n: number, lo = 0x80, hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return -1;
}

function lineAt(bytes: Uint8Array, start: number, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = start;
  for (let i = start; i < index; i++) {
    // A line ends at \n, \r\n or a lone \r, as the decoded text's lines do.
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  // Columns count characters, as editors show them, not bytes.
  const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, index)).length + 1;
  return { line, column };
}
