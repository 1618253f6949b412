import fs from 'node:fs';
import { catalog } from '../errors/catalog.ts';
import { decodeText, type DecodedText } from './decodeText.ts';

/**
 * A content file's text, read only when it is not over the size a page may be
 * (markdown.maxFileSize). A build's time and memory grow with a file (micromark kept every
 * event of a file until it built its tree: a 2 MB table took 10–20 s and 1.2–1.8 GB; with the
 * fast parser, 1 MB of nested lists still takes 4 s and 600 MB), and a much larger file would
 * run the worker out of memory. Such a file is refused at once, before it is read, naming it
 * and how to go on.
 */
export function readText(absPath: string, file: string, maxBytes: number): DecodedText {
  // One open for both: the size is the open file's, so it cannot change between them.
  const fd = fs.openSync(absPath, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > maxBytes) return { ok: false, diagnostic: { severity: 'error', file, line: 1, column: 1, ...catalog.fileTooLarge(size, maxBytes) } };
    return decodeText(fs.readFileSync(fd), file);
  } finally {
    fs.closeSync(fd);
  }
}
