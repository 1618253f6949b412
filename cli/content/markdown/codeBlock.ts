import type { Code } from 'mdast';
import type { VFile } from 'vfile';
import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from './magicComments.ts';
import type { Element, ElementContent, Root as HastRoot, Text as HastText } from 'hast';
import type { State } from 'mdast-util-to-hast';
import type { MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import { attribute } from './jsxElement.ts';
import { refractor } from 'refractor/core';
import bash from 'refractor/bash';
import javascript from 'refractor/javascript';
import typescript from 'refractor/typescript';
import jsx from 'refractor/jsx';
import tsx from 'refractor/tsx';
import json from 'refractor/json';
import yaml from 'refractor/yaml';
import markup from 'refractor/markup';
import css from 'refractor/css';
import php from 'refractor/php';
import python from 'refractor/python';
import swift from 'refractor/swift';
import kotlin from 'refractor/kotlin';
import java from 'refractor/java';
import http from 'refractor/http';
import diff from 'refractor/diff';
import sql from 'refractor/sql';
import go from 'refractor/go';
import ruby from 'refractor/ruby';
import csharp from 'refractor/csharp';
import ini from 'refractor/ini';
import markdown from 'refractor/markdown';
import c from 'refractor/c';
import cpp from 'refractor/cpp';
import objectivec from 'refractor/objectivec';
import rust from 'refractor/rust';
import graphql from 'refractor/graphql';
import reason from 'refractor/reason';
import jsExtras from 'refractor/js-extras';

/**
 * The grammars, registered (all of them, in this order) when the first code block needs
 * them: registering them costs every process that loads the parser 50-70 ms of CPU (Prism's
 * insertBefore walks every grammar), though a warm rebuild or check may parse no code at all.
 * Some grammars change others as they register (css adds style tags to markup), so the order
 * is fixed, never the order pages happen to ask. The rest of what Docusaurus highlights
 * without `additionalLanguages` (prism-react-renderer's own set) is here too, in its order:
 * js-extras (console, known classes, method calls in JavaScript) after jsx and tsx, which
 * copied the JavaScript grammar as it was, and the last six.
 */
let registered = false;
export function grammars(): typeof refractor {
  if (!registered) {
    for (const lang of [markup, css, javascript, typescript, jsx, tsx, jsExtras, bash, json, yaml, php, python, swift, kotlin, java, http, diff, sql, go, ruby, csharp, ini, markdown, c, cpp, objectivec, rust, graphql, reason]) {
      refractor.register(lang);
    }
    refractor.alias({ bash: ['shell', 'console', 'zsh'], json: ['json5', 'jsonc'], markup: ['svg'] });
    registered = true;
  }
  return refractor;
}

/** A Prism language's id (`powershell`, `markup-templating`): the config's schema requires it; here it keeps the import below inside refractor's grammars. */
const PRISM_LANGUAGE_ID = /^[a-z][a-z0-9-]*$/;

let registering: Promise<void> = Promise.resolve();

/**
 * Adds Prism's grammars for `names` (prism.additionalLanguages: `flow`, `scss`, `docker`…),
 * after the generator's and in the config's order, before code is highlighted: each
 * thread that highlights calls it first (the loader, its workers, the renderers), as
 * `highlight` itself runs synchronously. One that is there already (`json5` is an alias of
 * json here) or that Prism does not have is passed over: its blocks keep the language
 * they had, or are drawn plain (the config's warning names it). Calls run one after another.
 */
export function registerLanguages(names: readonly string[] | undefined): Promise<void> {
  if (!names?.length) return registering;
  const prism = grammars();
  registering = registering.then(async () => {
    for (const name of names) {
      if (!PRISM_LANGUAGE_ID.test(name) || prism.registered(name)) continue;
      try {
        // Loaded from the package at run time (a grammar the site names, not one bundled in); it registers into this refractor.
        // Only a grammar's file: `all` or `core` are the package's other entry points.
        const url = import.meta.resolve(`refractor/${name}`);
        if (!url.endsWith(`/lang/${name}.js`)) continue;
        prism.register(((await import(url)) as { default: Parameters<typeof prism.register>[0] }).default);
      } catch {
        // Not one of Prism's languages.
      }
    }
  });
  return registering;
}

/**
 * Source characters a page may have highlighted; code past them is shown plain (each line
 * still its own span, so marked lines and numbers work). Highlighting makes up to 60 bytes
 * of HTML per character (a span per backtick): a 1 MB file of one unclosed fence took 10 s
 * and 1.6 GB to build into a 95 MB page, and Prism's regular expressions are not all
 * linear. The most code on one page of four real Docusaurus sites (React Native's, 2,500
 * pages) is 59 KB, its largest block 11 KB. GitHub, likewise, stops colouring large files.
 */
export const HIGHLIGHT_BUDGET = 256 * 1024;

/** The longest line, run of one character, and run of identifier characters a block may hold and still be highlighted (see slowToHighlight). */
const MAX_HIGHLIGHTED_LINE = 2000;
const MAX_HIGHLIGHTED_RUN = 256;

/** Grammars whose selector rules look ahead for the next `{` across lines: CSS and its kin. */
const BRACE_SEEKING = new Set(['css', 'less', 'scss', 'sass', 'stylus', 'nginx']);

/**
 * Code that Prism's grammars read in time growing with the square of a token's or a line's
 * length, drawn plain instead: a run of identifier characters or of one character longer
 * than MAX_HIGHLIGHTED_RUN (a 20,000-letter word took 2.8 s in JavaScript, 256 KB of it
 * minutes; 8,000 `[` 0.3 s in Markdown), a line longer than MAX_HIGHLIGHTED_LINE, or, in
 * CSS and its kin, that many characters without a `{`, `}` or `;` (240 KB of short lines
 * with none took 3 minutes). Real code has none of these (minified code and data have
 * long lines, and read no better highlighted). One pass, in linear time.
 */
export function slowToHighlight(code: string, lang: string): boolean {
  const braces = BRACE_SEEKING.has(lang);
  let line = 0;
  let word = 0;
  let same = 0;
  let sinceBrace = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (braces) sinceBrace = c === 123 || c === 125 || c === 59 ? 0 : sinceBrace + 1;
    if (sinceBrace > MAX_HIGHLIGHTED_LINE) return true;
    if (c === 10) {
      line = word = same = 0;
      continue;
    }
    if (++line > MAX_HIGHLIGHTED_LINE) return true;
    // Letters, digits, _ $ @ and anything past ASCII: what a name (or a PHP/Ruby variable) is made of.
    const wordChar = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 64 || c > 127;
    word = wordChar ? word + 1 : 0;
    same = i > 0 && c === code.charCodeAt(i - 1) ? same + 1 : 1;
    if (word > MAX_HIGHLIGHTED_RUN || same > MAX_HIGHLIGHTED_RUN) return true;
  }
  return false;
}
const highlighted = new WeakMap<State, number>();

/** Without the code's line count, no range marks lines past this one (no code block is that long). */
const MAX_MARKED_LINE = 1_000_000;

export interface CodeMeta {
  title?: string;
  highlight: Set<number>;
  showLineNumbers: boolean;
}

/**
 * Reads ` ```js title="a.js" {1,4-6} showLineNumbers `. Lines past `lineCount` (the code's)
 * are not marked: a range is walked only as far as there are lines, so `{1-999999999}` costs
 * what the code's own lines do (it took 52 s to fail with "Set maximum size exceeded").
 */
export function parseCodeMeta(meta: string | null | undefined, lineCount = Number.POSITIVE_INFINITY): CodeMeta {
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  const highlight = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(text);
  for (const part of ranges?.[1]?.split(',') ?? []) {
    const [a, b] = part.trim().split('-').map(Number);
    if (a === undefined || Number.isNaN(a)) continue;
    for (let n = a, last = Math.min(b && !Number.isNaN(b) ? b : a, lineCount, MAX_MARKED_LINE); n <= last; n++) highlight.add(n);
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlight, showLineNumbers: /\bshowLineNumbers\b/.test(text) };
}

/**
 * mdast `code` → the theme's `<CodeBlock language title>` around the code, highlighted at
 * build time by `highlightedCodeBlock`. A page's code past HIGHLIGHT_BUDGET (counted over
 * its fences) is shown plain.
 */
export function codeBlockHandler(state: State, node: Code): MdxJsxFlowElementHast | Element {
  const lang = node.lang?.toLowerCase();
  const data = (state.options as { file?: VFile }).file?.data;
  // With markdown.mermaid, a `mermaid` block is a diagram: the theme's <Mermaid value>, as Docusaurus's MDX loader makes it.
  if (lang === 'mermaid' && data?.mermaid) return { type: 'mdxJsxFlowElement', name: 'Mermaid', attributes: [attribute('value', node.value)], children: [], position: node.position };
  // With markdown.math, a `math` block is display math, as remark-math's `$$` block (rehype-katex reads both alike).
  if (lang === 'math' && data?.math) return { type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [text(node.value)] }], position: node.position };
  const used = highlighted.get(state) ?? 0;
  const magicComments = (data?.magicComments as MagicComment[] | undefined) ?? DEFAULT_MAGIC_COMMENTS;
  const block = highlightedCodeBlock({ lang, meta: node.meta, value: node.value }, { magicComments, budget: HIGHLIGHT_BUDGET - used });
  highlighted.set(state, used + block.highlighted);
  return { ...block.element, position: node.position };
}

/** The code a block draws: a fence's language, meta and text, or a string `<CodeBlock>`'s props and child (cli/render/stringCodeBlocks.ts). */
export interface CodeSource {
  /** Lower case, as the theme's class names it. */
  lang?: string;
  /** ` title="a.js" {1,4-6} showLineNumbers `, as a fence's info string after the language. */
  meta?: string | null;
  /** The code, without the fence's last newline: a newline at its end is an empty last line the author wrote. */
  value: string;
  /** Props that `meta` does not override (Docusaurus's CodeBlock: the meta's title wins over `title`, `showLineNumbers` over the meta's). */
  title?: string;
  showLineNumbers?: boolean;
}

/**
 * The theme's `<CodeBlock language title>` around `<pre class="code-block__pre"><code>`,
 * highlighted at build time (Prism grammars through refractor), so no highlighter reaches
 * the browser. Each source line becomes a `.token-line` span so lines can be highlighted
 * and numbered by CSS. Unknown languages, and code longer than `budget` characters, are
 * shown plain. Pure (the grammars are registered once): `highlighted` is the characters it
 * highlighted, for the caller's budget.
 */
export function highlightedCodeBlock(source: CodeSource, options: { magicComments: readonly MagicComment[]; budget: number }): { element: MdxJsxFlowElementHast; highlighted: number } {
  const { lang, meta: metaText } = source;
  const comments = options.magicComments;
  // Magic comments (`// highlight-next-line`) mark lines and are taken out, unless the meta marks lines itself, as in Docusaurus.
  const magic = lang && !LINE_RANGES_RE.test(metaText ?? '') ? magicCommentLines(source.value, lang, comments) : undefined;
  const code = magic?.code ?? source.value;
  const meta = parseCodeMeta(metaText, lineCountOf(code));
  const title = meta.title || source.title;
  const showLineNumbers = source.showLineNumbers ?? meta.showLineNumbers;
  // The meta's lines take the first magic comment's class (the theme's highlight, for Docusaurus's default).
  const metaClass = lineClassOf(comments[0]?.className ?? DEFAULT_MAGIC_COMMENTS[0]!.className);
  let tokens: ElementContent[] = [text(code)];
  let spent = 0;
  if (lang && code.length <= options.budget && grammars().registered(lang) && !slowToHighlight(code, lang)) {
    spent = code.length;
    try {
      tokens = (refractor.highlight(code, lang) as HastRoot).children as ElementContent[];
    } catch {
      // A grammar that throws leaves the code plain.
    }
  }
  // Each line's newline ends its own span: `textContent` (what copy reads) is exactly the
  // source, and a newline at the end of a `display: block` line draws no extra line, where
  // one between the spans drew an empty line after every line.
  const lines = splitLines(tokens);
  const body = lines.map((children, i): Element => ({
    type: 'element',
    tagName: 'span',
    properties: { className: ['token-line', ...(meta.highlight.has(i + 1) ? [metaClass] : []), ...(magic?.classes.get(i + 1) ?? [])] },
    children: i < lines.length - 1 ? [...children, text('\n')] : children.length ? children : [text('')],
  }));
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['code-block__pre'], tabIndex: 0 },
    children: [
      {
        type: 'element',
        tagName: 'code',
        properties: { className: [lang ? `language-${lang}` : 'language-text', ...(showLineNumbers ? ['line-numbers'] : [])] },
        children: body,
      },
    ],
  };
  const attributes = [...(lang ? [attribute('language', lang)] : []), ...(title ? [attribute('title', title)] : [])];
  return { element: { type: 'mdxJsxFlowElement', name: 'CodeBlock', attributes, children: [pre] }, highlighted: spent };
}

/** A meta's line ranges (`{1,4-6}`), which `parseCodeMeta` reads. */
const LINE_RANGES_RE = /\{([\d,\s-]+)\}/;

/**
 * Comment forms a magic comment is written in, by Docusaurus's names: what opens and what
 * closes it, as regular expressions.
 */
const COMMENT_FORMS: Record<string, [start: string, end: string]> = {
  js: ['\\/\\/', ''],
  jsBlock: ['\\/\\*', '\\*\\/'],
  jsx: ['\\{\\s*\\/\\*', '\\*\\/\\s*\\}'],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  tex: ['%', ''],
  lua: ['--', ''],
  wasm: ['\\;\\;', ''],
  vb: ["['\u2018\u2019]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  f90: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
};

/** The comment forms a language's magic comments are read in (Docusaurus's getAllMagicCommentDirectiveStyles); every form for a language it does not list. */
function commentFormsOf(lang: string): string[] {
  switch (lang) {
    case 'js': case 'javascript': case 'ts': case 'typescript': return ['js', 'jsBlock'];
    case 'jsx': case 'tsx': return ['js', 'jsBlock', 'jsx'];
    case 'html': return ['js', 'jsBlock', 'html'];
    case 'python': case 'py': case 'bash': return ['bash'];
    case 'markdown': case 'md': return ['html', 'jsx', 'bash'];
    case 'tex': case 'latex': case 'matlab': return ['tex'];
    case 'lua': case 'haskell': return ['lua'];
    case 'sql': return ['lua', 'jsBlock'];
    case 'wasm': return ['wasm'];
    case 'vb': case 'vba': case 'visual-basic': case 'vbnet': return ['vb', 'rem'];
    case 'batch': return ['rem'];
    case 'basic': return ['rem', 'f90'];
    case 'fsharp': return ['js', 'ml'];
    case 'ocaml': case 'sml': return ['ml'];
    case 'fortran': return ['f90'];
    case 'cobol': return ['cobol'];
    default: return Object.keys(COMMENT_FORMS);
  }
}

/** A magic comment's class on a line: Docusaurus's highlighted line is the theme's `highlighted`. */
const lineClassOf = (className: string) => (className === 'theme-code-block-highlighted-line' ? 'highlighted' : className);

const magicRegexes = new Map<string, RegExp>();

/**
 * The magic comments in a block of `lang`: a line that is only a comment's `line` (in a
 * comment form of the language: `// highlight-next-line`, `# …`, `<!-- … -->`) marks the
 * line after it, its `block.start` … `block.end` the lines between; the comment lines are
 * taken out of the code. Marked lines are numbered from 1, as `parseCodeMeta` numbers them,
 * each with the classes of the comments that mark it.
 */
function magicCommentLines(code: string, lang: string, comments: readonly MagicComment[]): { code: string; classes: Map<number, string[]> } | undefined {
  const words = comments.flatMap((c) => [c.line, c.block?.start, c.block?.end]).filter((w): w is string => w !== undefined);
  if (!words.some((word) => code.includes(word))) return undefined;
  const key = `${lang}\0${words.join(' ')}`;
  let directive = magicRegexes.get(key);
  if (!directive) {
    // The words were checked by the schema (letters, digits, "_" and "-"): nothing to escape. Matched
    // against the trimmed line, with no two runs of spaces side by side: a long line of spaces after
    // a comment took the square of its length (40,000 spaces: 2 s).
    const forms = commentFormsOf(lang).map((form) => `(?:${COMMENT_FORMS[form]![0]}\\s*(${words.join('|')})${COMMENT_FORMS[form]![1] ? `\\s*${COMMENT_FORMS[form]![1]}` : ''})`);
    magicRegexes.set(key, (directive = new RegExp(`^(?:${forms.join('|')})$`)));
  }
  const lines = code.split('\n');
  const kept: string[] = [];
  const classes = new Map<number, string[]>();
  const mark = (n: number, className: string) => {
    const list = classes.get(n) ?? [];
    if (!list.includes(lineClassOf(className))) list.push(lineClassOf(className));
    classes.set(n, list);
  };
  const open = new Map<MagicComment, number>();
  for (const line of lines) {
    const match = words.some((word) => line.includes(word)) ? directive.exec(line.trim()) : null;
    const name = match?.slice(1).find((group) => group !== undefined);
    if (!name) {
      kept.push(line);
      continue;
    }
    // Numbered as the lines kept so far: the next line kept is `kept.length + 1`.
    for (const comment of comments) {
      if (name === comment.line) mark(kept.length + 1, comment.className);
      else if (name === comment.block?.start) open.set(comment, kept.length + 1);
      else if (name === comment.block?.end && open.has(comment)) {
        for (let n = open.get(comment)!; n <= kept.length; n++) mark(n, comment.className);
        open.delete(comment);
      }
    }
  }
  return kept.length === lines.length ? undefined : { code: kept.join('\n'), classes };
}

function lineCountOf(code: string): number {
  let lines = 1;
  for (let at = code.indexOf('\n'); at !== -1; at = code.indexOf('\n', at + 1)) lines++;
  return lines;
}

function text(value: string): HastText {
  return { type: 'text', value };
}

/** Splits highlighted tokens at newlines; a token spanning lines is re-opened on each line. */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) lines[lines.length - 1]!.push(text(part));
      });
    } else if (node.type === 'element') {
      splitLines(node.children).forEach((children, i) => {
        if (i > 0) lines.push([]);
        if (children.length) lines[lines.length - 1]!.push({ ...node, children });
      });
    }
  }
  return lines;
}
