import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import remarkEmojiPlugin from 'remark-emoji';

declare module 'vfile' {
  interface DataMap {
    /** markdown.emoji: `:shortcode:`s in text become their emoji. */
    emoji: true;
  }
}

/** remark-emoji's pattern: a shortcode between colons, `:+1:` and `:-1:` included. */
const SHORTCODE = /:\+1:|:-1:|:[\w-]+:/;

/** remark-emoji's transformer, with Docusaurus's settings (its defaults: no emoticons, no padding). */
const replaceShortcodes = (remarkEmojiPlugin as unknown as (options: object) => (tree: Root) => void)({});

/**
 * `:tada:` in text → 🎉, as Docusaurus does by default (remark-emoji, markdown.emoji), for a
 * file whose site has it on. After the heading ids, as in Docusaurus: `## Done :tada:` keeps
 * the anchor `done-tada`, and the table of contents shows the emoji, as the heading does
 * (its entries are read after this, `remarkTocEntries`).
 * Code and inline code keep their colons.
 */
export function remarkEmoji() {
  return (tree: Root, file: VFile) => {
    if (!file.data.emoji || !SHORTCODE.test(String(file.value))) return;
    replaceShortcodes(tree);
  };
}
