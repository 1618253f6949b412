/**
 * Magic comments' shape and Docusaurus's own set, apart from the code block handler
 * (codeBlock.ts), which loads the highlighter: the scan stage reads these to key a file's
 * document, and must not load it.
 */

/** A magic comment (config `prism.magicComments`, Docusaurus's): its class, and the comment for one line, or for a block of them. */
export interface MagicComment {
  className: string;
  line?: string;
  block?: { start: string; end: string };
}

/** Docusaurus's own: the theme's highlighted line. */
export const DEFAULT_MAGIC_COMMENTS: MagicComment[] = [{ className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } }];
