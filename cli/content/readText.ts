import fs from 'node:fs';
import { catalog } from '../errors/catalog.ts';
import { decodeText, type DecodedText } from './decodeText.ts';

/**
 * A content file's text, read only when it is not over the size a page may be
 * (markdown.maxFileSize). The Markdown parser keeps every event of a file until it builds its
 * tree, so its time and memory grow with the file: a 2 MB table took 10–20 s and 1.2–1.8 GB,
 * and a larger file ran the worker out of memory. Such a file is refused at once, before it
 * is read, naming it and how to go on.
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
