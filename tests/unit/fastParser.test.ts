import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { markdownProcessor, mdxProcessor, parseFastAndTransform as parseFast } from '../../cli/content/markdown/processor.ts';
import { parseFrontMatter } from '../../cli/content/frontMatter.ts';
import { admonitionTitlesToLabels } from '../../cli/content/markdown/admonitions.ts';

/**
 * The fast parser must build micromark's tree, positions included, whenever it builds one at
 * all (cli/content/markdown/fastParser.ts). Held to micromark on random documents made of the
 * constructs it reads, mixed with ones it must leave alone, and on every page of this site.
 */

/** Documents per random test: FAST_PARSER_DOCS=200000 while working on the parser. */
const COUNT = Number(process.env.FAST_PARSER_DOCS ?? 1500);

const micromark = (text: string, mdx: boolean) => (mdx ? mdxProcessor : markdownProcessor).parse(new VFile({ value: text }));

const EMPHASIS = ['a', 'b', ' ', ' ', '*', '**', '***', '_', '__', '.', '(', ')', '[', '](u)', ']', '!', '`', 'é', '—', '😀', '\\*', '&amp;', '&nbsp;', '&#x2a;'];

/** Strikethrough runs among text, punctuation, escapes and links. */
const TILDES = ['a', 'b', ' ', ' ', '~', '~~', '~~~', '.', '(', ')', '[', '](u)', ']', '`', 'é'];

/** Emphasis and strikethrough runs in one text, with escapes of both. */
const EMPHASIS_AND_TILDES = ['a', 'b', ' ', ' ', '*', '**', '***', '_', '__', '~', '~~', '~~~', '.', '(', ')', '[', '](u)', ']', '`', 'é', '\\*', '\\~', '!'];

/** Pieces of GFM autolink literals (www., http(s)://, emails) and the punctuation that ends them or not. */
const LITERALS = ['www.', 'www', 'WwW.', 'https://', 'HTTP://', 'http:/', 'a@', 'x.y@', '.', 'w', 'h', 's', ':', '/', 'a', 'b.c', 'b.c', 'b.co', 'B.', '1', '@', '_', '-', '+', '(', ')', ']', '[', '](u)', '][', '])', '*', ' ', ' ', ' ', '&', 'amp;', ';', '!', '?', "'", '"', ',', '`', '\\', 'é', '\u00a0', '😀', '|', ':x', 'mailto:', 'xmpp:', '/r'];

/** Pieces of inline HTML and autolinks: tags, attributes, comments, instructions, declarations, CDATA, and what breaks them. */
const INLINE_HTML = ['<', '<', '>', '/', '/>', 'a', 'b', 'x-y', '=', '"', "'", ' ', ' ', '!', '-', '--', '?', '[CDATA[', ']]', ']', 'http:', 'x:', '@', '.', '`', '*', '_', ':', 'é', '\\', '<!--', '-->', '->', 'x->', '<a href="u">', '</a>', '<b>', '<br/>', '<http://a.b/c>', '<a@b.co>'];

/** Lines of HTML blocks (CommonMark's 7 kinds) and what ends them, in containers and among paragraphs. */
function randomHtmlDocuments(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const starts = ['<div>', '<div class="a">', '</div>', '<DIV/>', '<div/x', '<details>', '<summary>S</summary>', '<span>', '<span a="b" c=d e>', '</span>', '<span', '<x y=">', '<a/>', '<a b=/>', '<!-- c -->', '<!--', '<!-->', '<!--->', '<?php', '<?x?>', '<!DOCTYPE html>', '<!X', '<![CDATA[', '<![CDATA[x]]>', '<script>', '<script src="x">', '<pre>', '<style>', '<textarea>', '<Script/>', '<p>', '<hr/>'];
  const middles = ['text', '*a*', '-->', '--', '?>', '>', ']]>', ']]]>', '</script>', '</pre >', '</style>', '</textarea>', '</scrip>', '<b>', '', '', ':::', '```'];
  const line = () => {
    const r = random();
    const indent = pick(['', '', '', ' ', '   ']);
    if (r < 0.35) return indent + pick(starts) + pick(['', '', ' ', ' x', ' <b>', '-->']);
    if (r < 0.7) return indent + pick(middles) + pick(['', ' ', ' y']);
    if (r < 0.8) return pick(['- ', '> ', '1. ', '  ', '- > ']) + pick(starts);
    if (r < 0.9) return pick(['a', '# h', '- i', '> q', '***']);
    return '';
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(random() * 7) }, line).join('\n') + pick(['', '\n']));
}

/** Lines of MDX import/export blocks. */
const ESM_LINES = ['import A from "a"', 'import {b, c as d} from "./x.md"', 'export const e = (1) // c', 'export default function F() { return <div>{(e)}</div> }', 'export const f = [', '  2, (3)', ']', 'import x', 'const y = 1', 'export * from "m"', '/* c */ export const g = {h: 1}', 'importA', 'export  const i = 1', ' import B from "b"'];

/** MDX documents of JSX elements (flow and text), mostly balanced, in containers, with broken tags among them. */
function randomJsxDocuments(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const names = ['X', 'Tabs', 'TabItem', 'details', 'a.b', 'my-el'];
  const attributes = () => pick(['', '', ' a="1"', " b='c d'", ' flag', ' a="1" flag', ' value="x" label="Y"', ' e = "f"', ' g={1}', ' s={{a: "}"}}', ' t={(1)}', ' u={}', ' {...v}', ' w={1}x', ' h="&amp;"', ' src="?a=1&b=2&c"', ' d="&copy x &#"', ' i="j"k', ' l:m="n"', '\n  a="1"', '\n  b={2}\n', ' c="d"\n', '\nflag', ' e="f\ng"', ' s={{\n  a: 1,\n}}', ' v={[\n    {l: "A"},\n  ]}', ' t={`\n   x\n`}', ' c={\n}', ' d={{a: "}"\n }}', ' e={a\n  }', ' f={/* c\n */ 1}', ' g={{\n\tb: 1}}', ' h={{\n \n}}']);
  const inline = () => pick(['a', 'word', ' ', ' ', '*', '_', '`c`', '[l](u)', '<b>c</b>', '<kbd>K</kbd>', '<i>*e*</i>', '*x <i>y</i>*', '*a <b>c* d</b>', '<br/>', '<Y />', 'x < y', '<', '</b>', '<b>', '[<b>l</b>](u)', 'www.a.b', '<X a="1">t</X>', '{1}', '{a.b}', '{1 }', '{ a /* c */ }', "{'}'}", '{/* c */}', '{}', '{', '}', '{(1)} ', '<>', '<3']);
  const paragraph = () => Array.from({ length: 1 + Math.floor(random() * 6) }, inline).join('');
  const block = (depth: number): string[] => {
    const r = random();
    if (r < 0.35 || depth > 2) return [paragraph()];
    if (r < 0.6) {
      const name = pick(names);
      const children = blocks(depth + 1);
      // (In MDX, with no indented code, a tag 4 or more columns in is still a tag.)
      return [pick(['', '', '  ', '    ', '      ']) + '<' + name + attributes() + '>', ...children, pick(['', '', ' ', '    ']) + '</' + (random() < 0.95 ? name : pick(names)) + '>'];
    }
    if (r < 0.65) return [pick(['', '', '    ']) + '<' + pick(names) + attributes() + pick([' />', '/>']) + pick(['', ' ', ' t', ' <Y/>'])];
    if (r < 0.8) {
      const prefix = pick(['- ', '> ', '1. ']);
      return blocks(depth + 1).map((line, i) => (i === 0 ? prefix : prefix === '> ' ? '> ' : ' '.repeat(prefix.length)) + line);
    }
    if (r < 0.85) return [pick(['import A from "a"', 'export const b = 1', '# Heading <b>x</b>', '| a | <b>b</b> |\n| - | - |', '{1}', '{/* c */} ', '  {a}', '    {a}', '     {/* c */}', '{1}{2}', '<X/> {1}', '{1} <Y/>', '{1} t', '{\n1\n}', '{\n  1 + 2\n}', '{/* a\n   b */}', '{a\n  }', '{\n   \n}', '{a\n}} t', '{1\n  } <Y/>'])];
    return [''];
  };
  const blocks = (depth: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < 1 + Math.floor(random() * 3); i++) {
      if (i && random() < 0.6) out.push('');
      out.push(...block(depth));
    }
    return out;
  };
  return Array.from({ length: count }, () => blocks(0).join('\n') + pick(['', '\n']));
}

function randomDocuments(count: number, seed: number, only?: string[], mdx = false): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const pieces = ['word', 'foo', ' ', ' ', '  ', '*', '**', '***', '_', '__', 'a_b', '`c`', '``', '`', '[', ']', '](u)', '[l](u)', '[l](u "t")', '[l](u "")', '[l](<u v>)', '[l](<u> "t")', '](<u', '![i](<>)', '![i](s)', "![*a*](s 't')", "![i](s '')", '[l](u ())', '\\*', '\\', '!', '(', ')', '.', '—', '«', '😀', '#', '|', '&', '-', '1.', ':', 'é', '*a*', '**b**', '_c_', '[a (b)](c(d)e)', '&amp;', '&#65;', '&#x1f600;', '&#X1F60A;', '&bogus;', '&nbsp;', '[l](u&amp;v "t&lt;")', '![&lt;*a*](s)', '&#0;', '{', '<b>', 'x:y', '[x][y]', '[d]: /u', '[^e]: f', ']:', '~~s~~', '~', '~~', '~~~', 'a~b', '\\~', 'www.x.org', 'https://a.b/c', 'http://x.co/p_(q))', 'a@b.co', 'x.y@z.org.', 'HTTP://A.B/c?d=e&f', 'www.', 'www.x_y.z', 'a_b@c.de_', 'mailto:a@b.cd', 'xmpp:x@y.zz/r', 'https://a.b/*c*', 'https://a.b]', '10:30', ':x', 'x:-y', ':a_', '::', 'S:p-q', ':a[b]', ':a{k=v}'];
  // Text directives with labels and attributes, whole and broken: one piece among the others.
  const textDirectives = [':a[b *c*]{.d}', ':b[', ':c{', ':d[x]{y', ':e{#f}', ':g[]{}', ':h[[i]]', ':j{k="l m" .n .o}'];
  // In MDX, a `{` that is not a directive's attributes is an expression, which the fast parser leaves to micromark: fewer of them.
  if (mdx) textDirectives.splice(0, textDirectives.length, ...textDirectives.filter((piece) => !/^:[a-z]\[?\w*\]?\{\w*$/.test(piece)));
  pieces.push('text directive');
  const directiveName = () => pick(['note', 'tip', 'x-y', 'x-', 'é', '1a', 'a_b', 'tabs']);
  const directiveRest = () => pick([...(mdx ? [] : ['{bad', '{a="b"c}']), '', '', '[T *a*]', ' ', '[]', '[a [b] c]', '[a\\]b]', '[x', '{.c}', '{#i .c k="v" k2=w}', "{k='v' .d}", '[L]{x=y}', '{ k = v }', '{k=&amp;}', '{groupId="lang"}']);
  const piece = () => {
    const chosen = pick(pieces);
    return chosen === 'text directive' ? pick(textDirectives) : chosen;
  };
  const inline = (n: number) => (only ? Array.from({ length: n * 3 }, () => pick(only)) : Array.from({ length: n }, piece)).join('');
  const paragraph = () => Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => (i && random() < 0.3 ? pick([' ', '   ']) : '') + inline(1 + Math.floor(random() * 8)) + (random() < 0.15 ? pick([' ', '  ', '\\']) : ''));
  const block = (depth: number): string[] => {
    const r = random();
    if (r < 0.3) return paragraph();
    if (r < 0.4) return [pick(['#', '##', '####### ', '#x']) + ' ' + inline(1 + Math.floor(random() * 4)) + pick(['', ' #', '#', '  '])];
    if (r < 0.5) {
      const fence = pick(['```', '~~~', '````']);
      const lines = [fence + pick(['', 'js', 'js title="a"', ' ts x '])];
      for (let i = 0; i < Math.floor(random() * 3); i++) lines.push(pick(['', '  x', 'code', '```', ' ```']));
      if (random() < 0.8) lines.push(pick([fence, ' ' + fence, fence + ' ']));
      return lines;
    }
    if (r < 0.53) {
      // MDX: import/export blocks (whole, broken, declaring a name twice); in Markdown, paragraphs.
      if (mdx && random() < 0.5) return Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(ESM_LINES));
      return [pick(['---', '***', '- - -', '___', '----  '])];
    }
    if (r < 0.55) return ['::' + directiveName() + directiveRest() + pick(['', ' '])];
    if (r < 0.72 && depth < 3) {
      const marker = pick(['-', '*', '+', '1.', '2.', '1)']);
      const out: string[] = [];
      for (let i = 0; i < 1 + Math.floor(random() * 3); i++) {
        const item = random() < 0.1 ? pick(['-', '*', '1.', '3)']) : marker;
        const pad = pick([' ', ' ', '  ', '   ']);
        const indent = ' '.repeat(item.length + pad.length);
        // Task list items: checks whole and not quite.
        const task = random() < 0.25 ? pick(['[ ] ', '[x] ', '[X]  ', '[x]', '[ ]', '[X]', '[ ]a ', '[y] ', '[x] # ']) : '';
        blocks(depth + 1, 1 + Math.floor(random() * 2)).forEach((line, j) => out.push(j === 0 ? (line === '' && !task ? item : item + pad + task + line) : line === '' ? '' : indent + line));
        if (random() < 0.3) out.push('');
      }
      return out;
    }
    if (r < 0.8 && depth < 3) {
      const colons = pick([':::', '::::']);
      const indent = pick(['', '', '', ' ', '  ']);
      return [indent + colons + directiveName() + directiveRest(), ...blocks(depth + 1, 1 + Math.floor(random() * 2)).map((line) => (line && random() < 0.7 ? indent + line : line)), ...(random() < 0.9 ? [pick(['', indent]) + colons] : [])];
    }
    if (r < 0.87 && depth < 3) return blocks(depth + 1, 1 + Math.floor(random() * 2)).map((line) => (line === '' && random() < 0.5 ? '>' : '> ' + line));
    if (r < 0.97) {
      const columns = 1 + Math.floor(random() * 3);
      const row = (n: number) => (random() < 0.7 ? '|' : '') + Array.from({ length: n }, () => ' ' + inline(1 + Math.floor(random() * 2)) + ' ').join('|') + (random() < 0.7 ? '|' : '');
      const rows = [row(columns), (random() < 0.7 ? '|' : '') + Array.from({ length: columns }, () => pick([' --- ', ':--', '--:', ' :-: '])).join('|')];
      for (let i = 0; i < Math.floor(random() * 3); i++) rows.push(row(Math.max(1, columns + Math.floor(random() * 3) - 1)));
      return rows;
    }
    return [''];
  };
  const blocks = (depth: number, n: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      if (i) out.push(...(random() < 0.7 ? [''] : random() < 0.5 ? [] : ['', '']));
      out.push(...block(depth));
    }
    return out;
  };
  return Array.from({ length: count }, () => blocks(0, 1 + Math.floor(random() * 4)).join('\n') + (random() < 0.7 ? '\n' : ''));
}

/** Lines of directives, whole and broken: fences, names, labels and attributes made of the characters their rules name. */
function randomDirectiveDocuments(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const fragments = ['a', 'b', 'x-y', '-', '_', 'é', '1', '[', ']', '\\', '\\]', '\\\\]', '{', '}', '#', '.', '=', '"', "'", ' ', ' ', 'k', 'v w', ' .c', '.d', 'k="v"', "='w'", '*', '`', ':', '!', '(', ')', '\u00a0', 'https://a.b'];
  const run = (n: number) => Array.from({ length: n }, () => pick(fragments)).join('');
  const directive = () => pick(['a', 'note', 'x-y', 'b_', 'é']) + pick(['', '', '[' + run(2) + ']', '[' + run(3)]) + pick(['', '', '{' + run(4) + '}', '{' + run(3), '{#i .c k=v}', '{.c .d #e}']) + pick(['', ' ', run(1)]);
  const line = () => {
    const r = random();
    // Fences indented too: a container's content lines lose as many spaces as its opening fence had.
    if (r < 0.25) return pick(['', '', '', ' ', '  ', '   ']) + pick(['::', ':::', '::::']) + directive();
    // Closing fences indented too (micromark looks for them first, after up to 3 spaces; any number in MDX).
    if (r < 0.4) return pick(['', '', '', ' ', '   ', '    ']) + pick([':::', '::::', '::::: ']);
    if (r < 0.5) return '';
    return run(2) + ':' + directive() + run(2);
  };
  // Some lines in a list item or quote, or indented as its content.
  const prefixed = () => pick(['', '', '', '', '', '- ', '  ', '> ']) + line();
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(random() * 6) }, prefixed).join('\n'));
}

/**
 * Documents of link reference definitions (destinations, titles on their line or the next,
 * broken ones), footnote definitions (indented lines, blank lines, lazy lines) and the
 * references and calls that name them or not, in containers and among other blocks.
 */
function randomReferenceDocuments(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const labels = ['a', 'a', 'A', 'b c', 'B  C', 'x', 'é', 'Ä', ' a ', '^a b', 'a\\]', 'a&amp;', ' ', '*e*', 'a`', 'a\\b', 'a\\[', 'a\\\\', '\\]a', 'a\\*b'];
  const footnoteLabels = ['1', '1', 'n', 'N', 'x y', 'a\\]', 'é', 'b'];
  const destinations = ['/u', '/u', 'http://e.com/a?b=1&amp;c', '<u v>', '<>', '/u(x)', '(x', '<a', '/a\\(b', ')x', 'a"b', '<u>x', '/u)'];
  const titles = ['', '', '', ' "t"', " 't'", ' (t)', ' "t" x', '\n"t"', '\n(t', '\n"t" x', ' "a\\"b &amp;"', '  ', ' (t(x))', '"t"', ' "t', '\n[b]: /v', ' ""', " ''", ' ()', '\n""'];
  const definition = () => '[' + pick(labels) + ']:' + pick([' ', ' ', '', '  ', '\n  ', '\n']) + pick(destinations) + pick(titles) + pick(['', '', '  ']);
  const references = ['[a]', '[a]', '[b c]', '[x][a]', '[x][]', '[a][]', '![a]', '![x][b c]', '[^1]', '[^1]', '[^n]', '[^x y]', '![^1]', '![^n]', '![^x y]', '![^1][a]', '![^1](u)', '![^1 *e*]', '![^', '![^1 [a]]', '[a](u)', '[a][b', '*[a]*', '[*a*][b c]', '[A]', '[é]', '[ä]', 'text', 'text', ' ', ' ', '`[a]`', '[[a]]', '[a][b][c]', '\\[a]', '[x][a\\]]', '[a\\]]', '[a\\[][]', '[x][a\\\\]', '[\\]a]', '[a\\*b]', '[^b]', '[a]: mid', '[^1]:', '[a\n]', 'a_b', '*', '**'];
  const inline = () => Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(references)).join('');
  const block = (depth: number): string[] => {
    const r = random();
    if (r < 0.3) return definition().split('\n');
    if (r < 0.55) return Array.from({ length: 1 + Math.floor(random() * 2) }, inline);
    if (r < 0.7) {
      const lines = ['[^' + pick(footnoteLabels) + ']:' + pick([' ', ' ', '', '   ']) + pick(['note', inline(), '- item', '> q', '', '# h'])];
      for (let i = 0; i < Math.floor(random() * 3); i++) lines.push(pick(['    more ' + inline(), '', '    ' + definition(), '  lazy', '    - i', '        code']));
      return lines;
    }
    if (r < 0.75) return ['# ' + inline()];
    if (r < 0.9 && depth < 2) {
      const prefix = pick(['- ', '> ', '1. ']);
      return blocks(depth + 1).map((line, i) => (i === 0 || prefix === '> ' ? prefix : line === '' && random() < 0.5 ? '' : ' '.repeat(prefix.length)) + line);
    }
    // (Underlines: under definitions alone, a thematic break or a paragraph's text.)
    return [pick(['', '---', '===', '--', '=', '---\t', '```\n[a]: /u\n```', '| [a] | b |\n| - | - |\n| [^1] | c |', ':::note\n[a]\n:::'])];
  };
  const blocks = (depth: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < 1 + Math.floor(random() * 4); i++) {
      if (i && random() < 0.6) out.push('');
      out.push(...block(depth));
    }
    return out;
  };
  return Array.from({ length: count }, () => blocks(0).join('\n') + pick(['', '\n']));
}

/**
 * Setext headings, indented code and tabs, in containers and among paragraphs and fences: lines
 * of paragraph text (tabs inside), underlines, indented lines (spaces, tabs, both), blank lines
 * (with spaces and tabs), fences with tab-indented code, with tabs in every place a line has.
 */
function randomBlockDocuments(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const inline = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(['a', 'word', ' ', '\t', 'x\ty', '*e*', '_', '`c\td`', '[l](u)', 'www.a.b', '<b>', '\\', ':d', '|', '# ', '1.', '{x}', '&amp;', ']:', '  '])).join('');
  const text = () => pick(['', '', '', ' ', '  ', '\t', ' \t']) + pick(['a', 'T', 'word']) + inline() + pick(['', '', '', ' ', '  ', '\t', ' \t', '\\']);
  const underline = () => pick(['', '', ' ', '   ', '    ', '\t']) + pick(['===', '---', '-', '=', '--', '= =', '***', '- -', '-\t-\t-', '*\t* *', '=\t=', '_\t_\t_', '--\t-']) + pick(['', '', ' ', '  ', '\t']);
  const indented = () => pick(['    ', '    ', '     ', '\t', '\t\t', '  \t', ' \t', '    \t', '\t ', '        ']) + pick(['code', 'x\ty', '- a', '# h', '```', '', '---', 'a  ']);
  const blank = () => pick(['', '', '', ' ', '    ', '      ', '\t', ' \t ', '\t\t']);
  const fence = (): string[] => {
    const marker = pick(['```', '~~~', '````']);
    const lines = [pick(['', '', ' ', '  ', '\t']) + marker + pick(['', 'go', 'go title="a"', 'make\tx', ' js '])];
    for (let i = 0; i < Math.floor(random() * 4); i++) lines.push(pick(['\tfunc() {', '\t\treturn x', 'a\tb', '  \tx', ' \tx', '\t', '', 'code', '    four', '\t' + marker, marker + '\t', ' ' + marker + ' \t']));
    if (random() < 0.8) lines.push(pick([marker, ' ' + marker, marker + ' ', marker + '\t']));
    return lines;
  };
  const block = (depth: number): string[] => {
    const r = random();
    if (r < 0.25) return Array.from({ length: 1 + Math.floor(random() * 3) }, text);
    if (r < 0.4) return [...Array.from({ length: 1 + Math.floor(random() * 2) }, text), underline()];
    if (r < 0.55) return Array.from({ length: 1 + Math.floor(random() * 4) }, () => (random() < 0.25 ? blank() : indented()));
    if (r < 0.65) return fence();
    if (r < 0.7) return [pick(['# h', '#\th', '# a\tb', '## a #\t', '***', '-\t-\t-', '| a |\t', '<div>\t'])];
    if (r < 0.9 && depth < 3) {
      // Tabs in the prefixes too: after markers, before them, and as the indent that continues an item.
      const marker = pick(['- ', '- ', '* ', '1. ', '> ', '> ', '>', '-\t', '>\t', '1.\t', '-  ', '-\t\t', '1.\t\t', ' -\t', '-  \t', '10.\t', '>\t\t', ' >\t']);
      const quote = marker.trimStart()[0] === '>';
      const rest = quote ? pick(['> ', '> ', '>', '>\t', '', '>\t\t', ' >\t', '>  \t']) : pick([' '.repeat(marker.length), ' '.repeat(marker.length), '\t', '', '    ', '\t\t', ' \t', '  \t', '\t ']);
      return blocks(depth + 1).map((line, i) => (i === 0 ? marker : line === '' && random() < 0.5 ? '' : rest) + line);
    }
    return [blank()];
  };
  const blocks = (depth: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < 1 + Math.floor(random() * 3); i++) {
      if (i && random() < 0.6) out.push(blank());
      out.push(...block(depth));
    }
    return out;
  };
  return Array.from({ length: count }, () => blocks(0).join('\n') + pick(['', '\n']));
}

/** Tables whose cells hold escaped pipes and backslashes, code with them, and pipes, in containers and after paragraphs. */
function randomTableDocuments(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const pieces = ['a', 'b', ' ', ' ', '\\|', '\\\\', '\\', '|', '`', '`c\\|d`', '`\\\\|`', '``a|b``', '*', '[l](u)', '\\*', 'é', '<b>', '&amp;', '\\`', ':d[x\\|y]'];
  const row = () => pick(['', '', '|', ' |']) + Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(pieces)).join('') + pick(['', '|', ' |', '\\|', '\\\\|']);
  const cell = () => Array.from({ length: Math.floor(random() * 4) }, () => pick(pieces)).join('') || 'h';
  return Array.from({ length: count }, () => {
    const columns = 1 + Math.floor(random() * 3);
    const delimiter = pick(['|', '', '| ']) + Array.from({ length: columns }, () => pick(['---', ':--', '-:', ':-:'])).join('|') + pick(['|', '', ' |']);
    const head = random() < 0.7 ? pick(['', '|']) + Array.from({ length: columns }, cell).join('|') + pick(['', '|']) : pick([row(), 'a | b', 'a \\| b', '| a | b |']);
    // Lines of a paragraph the head row may end (the table interrupts it there), some of them lazy.
    const above = pick([[], [], ['p'], ['p', 'q  '], ['[d]: /u'], ['# h', 'p'], ['p', '[d]: /u'], ['p', 'lazy'], ['- [ ]', 'p']]);
    const lines = [...above, head, delimiter, ...Array.from({ length: Math.floor(random() * 4) }, row)];
    const prefix = pick(['', '', '> ', '- ']);
    const lazy = random() < 0.2;
    return pick(['', 'p\n\n']) + lines.map((line, i) => (i < above.length && lazy && i > 0 ? '' : i === 0 ? prefix : prefix === '- ' ? '  ' : prefix) + line).join('\n') + pick(['', '\n', '\n\nafter']);
  });
}

/** The documents with some of their spaces made tabs: tabs in every place the constructs have spaces. */
function withTabs(documents: string[], seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  return documents.map((text) => text.replace(/ /g, () => (random() < 0.3 ? '\t' : ' ')));
}

describe('the fast Markdown parser', () => {
  /** Each document the fast parser takes gets micromark's tree; how many it took. */
  const sameAsMicromark = (documents: string[], mdx: boolean) => {
    let taken = 0;
    for (const text of documents) {
      const tree = parseFast(text, mdx);
      if (!tree) continue;
      taken++;
      expect(tree, JSON.stringify(text)).toEqual(micromark(text, mdx));
    }
    return taken;
  };

  for (const mdx of [false, true]) {
    it(`builds micromark's tree for every random document it takes (${mdx ? 'MDX' : 'Markdown'})`, () => {
      // Most documents hold something it leaves to micromark; enough must be its own.
      expect(sameAsMicromark(randomDocuments(COUNT, mdx ? 7 : 3, undefined, mdx), mdx)).toBeGreaterThan(COUNT / 5);
    });
  }

  for (const mdx of [false, true]) {
    it(`builds micromark's tree for setext headings, indented code and tabs, in containers (${mdx ? 'MDX' : 'Markdown'})`, () => {
      // MDX reads constructs after any indent (no indented code): those, and tabs there, are micromark's.
      expect(sameAsMicromark(randomBlockDocuments(COUNT, mdx ? 43 : 41), mdx)).toBeGreaterThan(COUNT / (mdx ? 10 : 5));
    });
  }

  const withTabsCases: [string, () => string[], boolean][] = [
    ['Markdown', () => randomDocuments(COUNT, 3), false],
    ['MDX', () => randomDocuments(COUNT, 7, undefined, true), true],
    ['emphasis', () => randomDocuments(COUNT, 11, EMPHASIS), false],
    ['emphasis and strikethrough', () => randomDocuments(COUNT, 47, EMPHASIS_AND_TILDES), false],
    ['autolink literals', () => randomDocuments(COUNT, 13, LITERALS), false],
    ['inline HTML', () => randomDocuments(COUNT, 23, INLINE_HTML), false],
    ['HTML blocks', () => randomHtmlDocuments(COUNT, 29), false],
    ['JSX', () => randomJsxDocuments(COUNT, 31), true],
    ['directives', () => randomDirectiveDocuments(COUNT, 17), false],
    ['definitions, references and footnotes', () => randomReferenceDocuments(COUNT, 41), false],
    ['definitions, references and footnotes in MDX', () => randomReferenceDocuments(COUNT, 43), true],
    // A tab in a row, its head or its delimiter row is whitespace, as a space is.
    ['tables', () => randomTableDocuments(COUNT, 59), false],
  ];
  for (const [name, documents, mdx] of withTabsCases) {
    it(`builds micromark's tree for random documents with tabs among their spaces (${name})`, () => {
      // Constructs whose whitespace holds a tab are mostly micromark's: fewer are the fast parser's, but some.
      const tabbed = withTabs(documents(), 5).filter((text) => text.includes('\t'));
      // (JSX tags with a tab are micromark's, and so are definitions with one; a tab line holds one mostly.)
      expect(sameAsMicromark(tabbed, mdx)).toBeGreaterThan(tabbed.length / (name === 'JSX' || name.startsWith('definitions') ? 200 : 50));
    });
  }

  it("builds micromark's tree for runs of emphasis, links and code (delimiter rules)", () => {
    expect(sameAsMicromark(randomDocuments(COUNT, 11, EMPHASIS), false)).toBeGreaterThan(COUNT / 5);
  });

  it("builds micromark's tree for strikethrough (runs of one and two ~, nested, in links)", () => {
    expect(sameAsMicromark(randomDocuments(COUNT, 37, TILDES), false)).toBeGreaterThan(COUNT / 5);
    const edges = ['~a~~', '~~a~ b', 'x ~a ~~b~ c~~', 'a\\~~b~', '\\~*a*', '*a\\~*b', 'a*\\~b*', '~~a ~b~~ c~', '[~a](u)~', '~a [b~](u)', 'x~~~y~~~', 'a*~~~b*', 'a~~~*b*', '# ~a~ #', '| ~a~ |\n| - |'];
    expect(sameAsMicromark(edges, false)).toBe(edges.length);
  });

  it("builds micromark's tree for emphasis and strikethrough in one text (their groups nested or apart)", () => {
    for (const mdx of [false, true]) expect(sameAsMicromark(randomDocuments(COUNT, 53, EMPHASIS_AND_TILDES, mdx), mdx)).toBeGreaterThan(COUNT / 5);
    const edges = ['a ~~b~~ *c*', '~~*a*~~', '*~~a~~*', '**a ~b~ c**', '~a **b** c~', '*a* ~b~ _c_ ~~d~~', '~~a _b_~~ *c ~d~*', '***a ~~b~~***', '~~a~~*b*', '*a*~b~', 'a*~~b~~*c', '[~~a~~ *b*](u) ~c~', '~*a*~ *~b~*', '*a ~b* c~ d', '~a *b~ c*'];
    expect(sameAsMicromark(edges, false)).toBe(edges.length - 2);
  });

  it("builds micromark's tree for link destinations in <>, whole and broken", () => {
    const edges = ['[a](<b c>)', '[a](<>)', '[a](<b> "t")', '[a](<b>"t")', '[a](<b\\>c>)', '[a](<b<c>)', '[a](<b', '[a](<b\nc>)', '[a](<b>\n"t")', "![i](<s p.png> 't')", '[a](<b&amp;c> (t))', '[a](<b>x)', '[a](<b> )', '[a](< b >)', 'x [a](<b)>) y', '[a](<b\\\\>)'];
    // Two are micromark's for what follows (HTML over lines); in MDX so is a `<` left as text.
    expect(sameAsMicromark(edges, false)).toBe(edges.length - 2);
    expect(sameAsMicromark(edges, true)).toBeGreaterThan(edges.length / 2);
  });

  it("builds micromark's tree for tables with escaped pipes and backslashes, in text and in code", () => {
    for (const mdx of [false, true]) expect(sameAsMicromark(randomTableDocuments(COUNT, mdx ? 61 : 59), mdx)).toBeGreaterThan(COUNT / 5);
    const edges = ['| a \\| b | c |\n| - | - |\n| `x \\| y` | \\\\|', 'a \\| b\n---|\n', '| `a\\\\|b` |\n|---|---|', '| a |\n|---|\n| b \\|', '| a |\n|---|\n| b \\\\|',
      // A table under a longer paragraph interrupts it at its head row.
      'x 1\ny\n| a | b |\n|---|---|\n| c | d |', 'x\n| a |\n| - |', '> x\n> y\n> | a |\n> | - |', '- [ ]\n  b\n  | x |\n  | - |', '- [ ]\n  | x |\n  | - |', 'x\ny  \n| a |\n| - |', '[a]: /u\n| a |\n| - |\n\n[a]',
      // A table takes no lazy line: it ends with the containers the line does not continue, and the line is a paragraph.
      '> | a |\n> |---|\nlazy', '> | a |\n> |---|\n> | b |\nlazy', '- | a |\n  |---|\nlazy', '> | a |\n> |---|\n| lazy |', '> | a |\n> |---|\nlazy\nmore', '> - | a |\n>   |---|\n> lazy', '> > | a |\n> > |---|\n> x', '- | a |\n  |---|\n lazy',
      // A tab in a row, its head or its delimiter row is whitespace there (a 1 MB table of such rows took micromark 15 s of CPU).
      '| a\t| b |\n|---|---|\n| c1\t| d |', '| a |\t b\t|\n|\t---\t|:---:|\n|\tc | d\t|\t', 'x\n| a\t| b |\n|---|---|\n| c\t| d |', '> | a\t| b |\n> |---\t|---|\n> | c\t| d |',
      '| `a\tb` |\n|---|\n| \\|\t|', 'a\t|\tb\n-\t|\t-\nc\t|\td', '| a |\n|:-:\t|\n|x|\t\ty',
      // A later line of a paragraph indented 4 columns heads no table: it stays the paragraph's.
      'a\n    b\n| --- |', '> a\n>     b\n> | - |'];
    expect(sameAsMicromark(edges, false)).toBe(edges.length);
    // Those in MDX, where an indented line heads a table as any other.
    expect(sameAsMicromark(['a\n    b\n| --- |', '| a\t| b |\n|---|---|\n| c1\t| d |'], true)).toBe(2);
    // micromark reads a tab after the characters of a directive's name as part of it, even where they cannot end one: micromark's.
    expect(['a :d_\tx', 'a\n\tword:d_\t|'].map((text) => parseFast(text, false))).toEqual([undefined, undefined]);
  });

  it("builds micromark's tree for expressions whose strings, comments, templates and JSX hold braces and quotes", () => {
    const edges = ["<X a={<p>it's {1}</p>} />", "a {'}'} b", 'a {"}}"} b', "{a ? '{' : '}'}", '{/* } */ 1}', '{`}`}', '{a / 2 }', "{'\\'}'}", '{"a\\"}"}', "{{a: '}'}}", '<X a={{\n  b: "}}}",\n}} />', "{x('}')}", "{<p>don't</p>}", '<X a={/}/.test(b)} />'];
    expect(sameAsMicromark(edges, true)).toBe(edges.length);
  });

  it("builds micromark's tree for task list items and list looseness at their edges", () => {
    const edges = ['- [ ] a\n- [x] b\n- [X]  c\n-  [x] d', '* [x]b', '- [x] *a*', '- [x] a\n  b\n\n  c', '1. [ ] `c` d', '- a\n\n  [x] b', '> - [ ] q', '- [y] a', '- [x] [l](u) www.a.b',
      '- a\n  > d\n  >\n  e\n', '- a\n  > d\n\n  e\n', '> - a\n>\n>   b',
      // An underline cannot be lazy: `===` on a lazy line is the paragraph's text.
      '> a\n===', '- a\n===', '> a\n  ===', '> a\n=== ', '> - a\n===', '- a\n  b\n===\nc',
      // A list in a block quote ends with the quote's blank lines after it, and two of them make it loose.
      '> - a\n>\n>\n> b', '> - a\n>\n> b', '> - a\n>  \n>\n> b', '> - a\n>\n>   \n> b', '> 1. a\n>\n>\n> b', '> - a\n>   b\n>\n>     c\n>\n>\n> d', '> - a\n> - b\n>\n>\n> c', '> x\n> - a\n>\n>\n> ***', '> - a\n>\n\nb', '> - a\n>\n>\nb', '> > - a\n> >\n> >\n> > b',
      // A check with nothing after it on its line is one when its paragraph goes on, on the next line or a lazy one.
      '- [ ]\n- b', '- [x]', '* [ ]\n  x', '- [X]\n  *a* b\n  c', '- [ ]\nlazy', '> - [x]\n>   y', '- [x]\n\n  y', '1. [ ]\n   a\n   b', '- [x]\n  [l](u)', '- [ ]\n  # h', '- [ ]\n  - b'];
    expect(sameAsMicromark(edges, false)).toBe(edges.length);
  });

  it("builds micromark's tree for autolink literals (www., http(s)://, emails) and their ends", () => {
    expect(sameAsMicromark(randomDocuments(COUNT, 13, LITERALS), false)).toBeGreaterThan(COUNT / 5);
  });

  it("builds micromark's tree for MDX JSX elements, flow and text, whole and broken", () => {
    expect(sameAsMicromark(randomJsxDocuments(COUNT, 31), true)).toBeGreaterThan(COUNT / 5);
  });

  it("builds micromark's tree for fence info strings with escapes and character references", () => {
    const edges = ['```SnackPlayer name=Hello%20World&ext=js\nx\n```', '```js title="a&amp;b"\n```', '```a\\_b c\\*d\n```', '```&lt;x&gt; &bogus; &#0; &#x1F600;\n```', '~~~a\\\\b &#x26;  \n~~~', '```a\\ b\n```', '- ```x&quot;y\n  z\n  ```', '```&amp;\n```', '``` \\` \n```'];
    for (const mdx of [false, true]) expect(sameAsMicromark(edges, mdx)).toBe(edges.length);
  });

  it("builds micromark's tree at the edges of MDX JSX and import/export", () => {
    const edges = ['- <X>\n  a\n\n  b\n  </X>', '- <X>\n\n  a\n  </X>\n- b', 'a\n<X>\nb\n</X>', '<X>\n- a\n</X>', '> a\n<X/>', '<X><Y/></X> t', '<a.b c="1" d=\'e\' f />', '<b><b>x</b></b> <i><b>y</b></i>', '*a <b>c</b>* [<i>d</i>](u)', 'a < b', '<Tabs>\n<TabItem value="a" label="A">\n\nx\n\n</TabItem>\n</Tabs>', 'import A from "a"\nimport {b} from "b"\n\n# T\n\nexport const c = (A) // d\n', 'a {1 + (2)} b {/* c */} {"}"}', '{a.b}\n\n<X a={{b: [1, (2)]}} c="d" />', '{1}{2}', '<X/>{1}', '{1} <X/>', '- {a}\n\n  b',
      // A lone } is text: Docusaurus heading ids come escaped (mdxCompat.ts), their } not (every page with them was micromark's).
      '## Title \\{#custom-id}\n\nText.', 'a } b', '}', '{a}}', '- x }', '<b>}</b>', '*a}*', '[}](u)',
      // A tag takes the spaces after it: a list item or footnote it ends ends after them (the element ends at its ">").
      '- <X a="1" /> \n', '- <X>\n  a\n  </X> \n- b', '- {1}  \n', '- a\n\n  <X/> <Y/>  \n', '- - <X/> \n', '<X>\n- <Y/> \n</X>', '[^1]: <X/> \n\n[^1]', '> - <X/> \n',
      // Tags and expressions indented 4 or more columns (MDX has no indented code).
      '<Tabs>\n    <TabItem value="a">\n\n    text\n\n    </TabItem>\n</Tabs>', '    <source src="a" />', 'a\n    <X/>', '> a\n>     <b>x</b>', '- a\n\n      <X/>', '      <Bar    >hi    </Bar>', '    {1}', '\t<X/>'];
    expect(sameAsMicromark(edges, true)).toBe(edges.length);
  });

  for (const mdx of [false, true]) {
    it(`builds micromark's tree for definitions, references and footnotes, whole and broken (${mdx ? 'MDX' : 'Markdown'})`, () => {
      expect(sameAsMicromark(randomReferenceDocuments(COUNT, mdx ? 43 : 41), mdx)).toBeGreaterThan(COUNT / 4);
    });
  }

  it('takes documents of definitions, references and footnotes (it does not leave them all to micromark)', () => {
    const documents = [
      '# Title\n\nSee [the guide][guide], [Guide] and ![logo][].\n\n[guide]: https://example.com/guide "The guide"\n[logo]: /img/logo.png\n',
      'Text[^1] and more[^note].\n\n[^1]: A note with *emphasis* and [a link](u).\n[^note]: Another,\n    on two lines.\n\n    And a second paragraph.\n',
      '- [a][] in a list\n- and [b]\n\n> [c] in a quote\n\n[a]: /a\n[b]: </b c> \'B\'\n[c]:\n  /c\n  (C)\n',
      '| a | b |\n| - | - |\n| [x] | y[^t] |\n\n[x]: /x\n\n[^t]: In a table.\n',
      Array.from({ length: 200 }, (_, i) => `[r${i}]: https://example.com/${i} "T${i}"\n\nSee [r${i}] and [x][r${i}].\n`).join('\n'),
      Array.from({ length: 200 }, (_, i) => `Text[^f${i}] more.\n\n[^f${i}]: Note ${i} with *em*.\n`).join('\n'),
    ];
    for (const mdx of [false, true]) {
      for (const text of documents) {
        const tree = parseFast(text, mdx);
        expect(tree, text).toBeDefined();
        expect(tree, JSON.stringify(text)).toEqual(micromark(text, mdx));
      }
    }
  });

  it('builds micromark\'s tree at the edges of definitions and footnotes', () => {
    const edges = [
      '[a]: /u\n"t" x\n\n[a]', '[a]:\n/u\n\n[a]', '[a]: /u\n[b]: /v\ntext [a] [b]', '# [a]\n\n[a]: /u', '[a]\n\n[a]: <>', '[a]: /u  \n\n[a]', '> [a]: /u\n> [a]', '- [a]: /u\n\n  [a]',
      '[a][]\n[a][b]\n[b][a]\n\n[a]: x', '[a [b]][b]\n\n[b]: /u', '[x][A  ]\n\n[a]: /u', '[*a*]\n\n[*a*]: /v', '[a](u) [a]\n\n[a]: /v', '[[a]][a]\n\n[a]: /u', '![a][a] ![[a]]\n\n[a]: /u',
      'p\n[^a]: x\n\n[^a]', '[^a]:\n    x\n\n[^a]', '  [^a]: x\n\n[^a]', '[^a]:', '[^a]:\n\nx', '[^a]: x\n\n\n', '[^x] y\n\n[^x]: z', '> a\n[^x]: z\n\n[^x]', '- a\n- b\n\n[^1]: note\n\nc[^1]',
      '[^a]: x\n\n    ```\n    code\n    ```\n\n    > q\n\n[^a]', '[^a]: - b\n\n[^a]', '[a [^1]](u)\n\n[^1]: n', '[^1][^1]\n\n[^1]: n\n[^1]: m', '[^A]\n\n[^a]: n',
      // A resource that is not one: a shortcut reference when its text is defined, else text.
      '[a](b c d)\n\n[a]: /u', '[a](b c d)', '![a](b "t" x)\n\n[a]: /u', '[x](b [a](b c) [a](b d e) f', '[a](b (c)\n\n[a]: /u', '[a]( )x [b](\\) y\n\n[b]: /u',
      // Definitions before a setext heading's text: the heading starts where the paragraph did.
      '[a]: /u\nb\n===', '[a]: /u\nb\n---', '[a]: /u\n[b]: /v\nc\nd\n===\n\n[a] [b]', '> [a]: /u\n> b\n> ---', '- [a]: /u\n  b\n  ===', '[a]: /u "t"\nb\n===', '[a]:\n/u\nb\n===', '[a] b\n===\n\n[a]: /u', '[a]: /u\n"t" x\nb\n===',
      // Escaped brackets and backslashes in labels: mdast's label decoded, its identifier as written.
      '[a\\]b]\n\n[a\\]b]: /u', '[a\\*b][]\n\n[A\\*B]: /u', '[x][a\\]b]\n\n[a\\]b]: /u', '[a\\\\]\n\n[a\\\\]: /u', '[a]b]\n\n[a\\]b]: /u', '[x][a\\[b]\n\n[a\\[b]: /u', '[a\\b]\n\n[a\\b]: /u', '> [a\\]b]: /u\n> [a\\]b]', '![a\\]b]\n\n[a\\]b]: /u',
      // An underline under definitions alone: a thematic break (`---`), else a new paragraph's first line.
      '[a]: /u\n===\n\nb', '[a]: /u\n---\n\nb', '[a]: /u\n=\nc', '[a]: /u\n[b]: /v\n===', '[a]: /u\n===\n===', '> [a]: /u\n> ===', '[a]: /u\n--', '- [a]: /u\n  ---\n- b',
      // `![^n]` that is no image: a `!` and a call when `n` names a footnote and nothing between the brackets is a link, image, call or bracket.
      'a![^f] b\n\n[^f]: n', '![^f]\n\n[^f]: n', 'a![^g] b\n\n[^f]: n', '*a![^f]* b*\n\n[^f]: n', '![^f](u)\n\n[^f]: n', '![^f][x]\n\n[^f]: n', '![^f *a* b]\n\n[^f]: n',
      '![^a [b]]\n\n[^a [b]]: n\n[^a]: m', '![^a ![b]]\n\n[^a]: m', '![^a`c`]\n\n[^a`c`]: n', '![^a<b>]\n\n[^a<b>]: n', '[x ![^f]](u)\n\n[^f]: n', '![x ![^f]](u)\n\n[^f]: n', '**![^f]**\n\n[^F]: n', '![^f]![^f]\n\n[^f]: n', '*x ![^a*b] c\n\n[^a*b]: n', '~x ![^a~b] c~\n\n[^a~b]: n',
    ];
    expect(sameAsMicromark(edges, false)).toBe(edges.length);
    // Footnote definitions in block quotes and list items (after blank lines of its quote, one ends with them).
    const inContainers = ['> [^a]: x\n\n[^a]', '- [^a]: x\n\n[^a]', '> [^a]: x\n>     more\n\n[^a]', '> [^a]: x\nlazy\n\n[^a]', '> [^a]: - a\n>     - b\n\n[^a]', '> [^a]: x\n>\n>     y\n> z\n\n[^a]', '- a\n  [^a]: x\n\n[^a]', '> - [^a]: x\n>   y\n\n[^a]', '- [^a]: > q\n      > r\n\n[^a]', '> [^a]: x\n>\n\n[^a]', '> [^a]: x\n>\n>\n> y\n\n[^a]', '> > [^a]: x\n> >\n> y\n\n[^a]', '> [^a]:\n>\n>     x\n\n[^a]', '- [^a]:\n- b\n\n[^a]'];
    for (const mdx of [false, true]) expect(sameAsMicromark(inContainers, mdx)).toBe(inContainers.length);
    // (A blank line in one in a list item makes the item loose in micromark's own way: those are micromark's.)
    for (const mdx of [false, true]) sameAsMicromark(['- [^a]: x\n\n      more\n- b\n\n[^a]', '1. [^a]:\n\n       x\n\n[^a]', '- [^a]: - x\n\n      - y\n\n[^a]'], mdx);
    // Items after items in a footnote definition: micromark ends each previous one after the next one's prefix.
    const footnoteLists = ['[^n1]: - a\n    - b\n', '[^n1]: - a\n    - b\n[^n2]: - a\n    - b\n', '[^1]: x\n    - a\n    - b\n\nc', '[^1]: x\n    1. a\n    2. b', '[^1]: x\n     - a\n     - b', '[^1]: x\n    - a\n      - b\n    - c', '[^1]: x\n    - a\n      - b\n      - c', '[^1]: x\n    -   a\n    - b', '[^1]: x\n    - a\n      more\n    - b'];
    expect(sameAsMicromark(footnoteLists, false)).toBe(footnoteLists.length);
    // A label that goes on past its line: no definition when a [ comes first, or no ]: (those are taken);
    // a definition over lines is micromark's.
    expect(sameAsMicromark(['[a\n\n[a]: /u', '> [a\n> [b\n\n[b]: /u', '[a\nb] c\n\n[x]: /u', '[a\n[a\n[a\n\n[a]: /u', '[a\nb]: /u\n\n[a b]', '[a\nb\\]\n\n[b]: /u', '- [a\n  [b\n\n[b]: /u'], false)).toBe(5);
    // A text label over lines names a definition with its lines' text, each later line's indent in it (`[a\n   b]` is labelled "a\n   b").
    const overLines = ['[a\nb]\n\n[a b]: /u', '[a\n   b]\n\n[a b]: /u', '> [a\n> b] x\n\n[a b]: /u', '>  [a\n>    b] x\n\n[a b]: /u', '- [a\n  b][]\n\n[a b]: /u', '- [a\n     b][]\n\n[a b]: /u', '[a  \nb]\n\n[a b]: /u',
      '[a\nlazy]\n\n[a lazy]: /u', '> [a\n   lazy]\n\n[a lazy]: /u', '- [a\n lazy]\n\n[a lazy]: /u', '![a\n  b]\n\n[a b]: /u', '[*a*\n  b]\n\n[*a* b]: /u', '[a\nb\nc]\n\n[a b c]: /u'];
    expect(sameAsMicromark(overLines, false)).toBe(overLines.length);
    // A resource that ends its paragraph's last line unclosed is text; one whose `)` is on the
    // next line is a link (taken as text once, wrongly).
    expect(sameAsMicromark(['[a](b "t"\n', 'x [a](b\n', '# [a](b', '| [a](b |\n| - |'], false)).toBe(4);
    sameAsMicromark(['[a](b "t"\n)\n', '[a](b "t" \n)', '> [a](b "t"\n> )', '[a](b\n"t")'], false);
  });

  it("builds micromark's tree for inline HTML and autolinks", () => {
    expect(sameAsMicromark(randomDocuments(COUNT, 23, INLINE_HTML), false)).toBeGreaterThan(COUNT / 5);
  });

  it("builds micromark's tree for HTML blocks, whole and broken, in containers and among paragraphs", () => {
    expect(sameAsMicromark(randomHtmlDocuments(COUNT, 29), false)).toBeGreaterThan(COUNT / 2);
  });

  for (const mdx of [false, true]) {
    it(`builds micromark's tree for directives with labels and attributes, whole and broken (${mdx ? 'MDX' : 'Markdown'})`, () => {
      // In MDX, a broken `{` is an expression (micromark's, or its error): fewer are the fast parser's.
      expect(sameAsMicromark(randomDirectiveDocuments(COUNT, mdx ? 19 : 17), mdx)).toBeGreaterThan(COUNT / (mdx ? 10 : 5));
    });
  }

  it("builds micromark's tree at the edges of directives", () => {
    const attributes = ['{k="v"x}', '{k="v" x}', "{k='v'}", '{k=v"}', '{k= v}', '{k =v}', '{ #i}', '{#}', '{#i#j}', '{.a.b}', '{.a .b class=c}', '{class="" .a}', '{k=<}', '{k}', '{k=}', '{k=v w=x}', '{é=ü}', '{a:b=c}', '{-a}', '{.}', '{k="}', '{#i }', '{ }', '{}'];
    const labels = ['[]', '[ a ]', '[\\]]', '[\\\\]x]', '[a [b] c]', '[a [b c]', '[*a* `b`]', '[a](u)', '[[[x]]]'];
    const edges = [
      ...attributes.flatMap((a) => [`:::note${a}\nx\n:::`, `::leaf${a}`, `p :t${a} q`]),
      ...labels.flatMap((l) => [`:::note${l}\nx\n:::`, `::leaf${l}`, `p :t${l} q`, `:::note${l}{.c}\nx\n:::`]),
      ':::x-\na\n:::', ':::x_\na\n:::', ':::1a\na\n:::', '::x-', ':::', '::', ':::a b\n:::', '::a b', ':::a\n::::b\nc\n::::\n:::', ':::a\n:::b\nc\n:::\n:::', 'a\n::b', 'a\n:::b\nc\n:::', ':a[b', ':a{b=1', 'x :a[b](c)',
    ];
    // All but inner fences as long as the outer one's are the fast parser's.
    expect(sameAsMicromark(edges, false)).toBe(edges.length - 2);
    // A closing fence indented (up to 3 spaces; any number in MDX) closes the directive, whatever its content's containers.
    const indented = [':::note\n- a\n  :::', ':::note\na\n   :::', '- :::note\n  a\n   :::', '> :::note\n> a\n>  :::', ':::note\n- a\n\n  :::'];
    for (const mdx of [false, true]) expect(sameAsMicromark(indented, mdx)).toBe(indented.length);
    expect(sameAsMicromark([':::note\na\n    :::', ':::note\na\n      :::  '], true)).toBe(2);
    // Text directive labels over a paragraph's lines (their attributes after the `]`, on its line).
    const labelsOverLines = ['a :b[label\nc]', 'a :abbr[b\nc]{title="x"} d', '> a :x[b\n> c *d*] e', '- a :x[b\n  c\n  d]{.k} e', 'a :x[b [c]\nd] e', 'a :x[b  \nc] d', 'a :x[b `c\nd` e] f', 'a :x[b\\]\nc] d', 'a :x[b\n   c] d', '# a :x[b\nc]', 'a :x[b\nc]:y[d\ne] f'];
    for (const mdx of [false, true]) expect(sameAsMicromark(labelsOverLines, mdx)).toBe(labelsOverLines.length);
    // Fences indented 1-3 spaces: the content's lines lose as many spaces as the opening fence had.
    const openedIndented = [' :::note\na\n:::', '  :::note\n  a\n    b\n c\n  :::', ' ::leaf', '  :::note\n  ```\n  x\n  ```\n  :::', '   :::note[L]{.c}\n   a\n:::', '  ::::note\n  :::tip\n  b\n  :::\n::::', '- a\n\n   :::note\n   b\n   :::', '> :::note\n>  x\n> :::', '  :::note\n  - a\n    - b\n  :::', '   ::leaf[a *b*]{#i}'];
    for (const mdx of [false, true]) expect(sameAsMicromark(openedIndented, mdx)).toBe(openedIndented.length);
  });

  it('builds micromark\'s tree at the edges of autolink literals', () => {
    const edges = [
      'x https://a.b/x][y', 'www.b.c](d) e', 'www.b.c]]', 'www.b.c] e', 'https://a.b/c_d_', 'https://a.b/(c)d)', 'https://a.b/((c))) e', 'https://a.b/c&x d',
      'www.a_b.c d', 'www.a.b_c d', 'www.a_b.c.d', 'www.. e', 'www. e', 'x www.', 'x www.  ', 'x www.\ny', '| a |\n| - |\n| www. |', '# www. #', ':::note[www.]\nx\n:::',
      'a@b.c1', 'a@b.c_', 'a@b-.co', 'a@b.co.', 'a@b.co.d', '_a@b.co_', '*a@b.co*', 'x/a@b.co', 'x.a@b.co', 'a@b', 'a@.b.co', '+a@b.co', 'a@b..co',
      'httpx://a.b', 'Https://a.b', 'https://.a', 'https:// a', 'https://a', 'http://a.b?c=d.', 'http://a.b?c=d!"\'', 'ahttp://a.b', '1http://a.b', '_http://a.b_', 'xwww.a.b', '(www.a.b)',
      '[a https://b.c', '[a](u) https://b.c', '[a [b](u) https://c.d', '![a www.b.c](u)', '`x` https://a.b', 'a\u00a0https://b.c\u00a0d', 'https://a.b\u00a0c', 'é@a.co', 'aé@b.co',
    ];
    for (const text of edges) {
      const tree = parseFast(text, false);
      expect(tree, text).toBeDefined();
      expect(tree, JSON.stringify(text)).toEqual(micromark(text, false));
    }
  });

  it("builds micromark's tree for this site's pages it takes", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.md$/.test(entry.name)) files.push(file);
      }
    };
    walk(path.resolve('content'));
    let taken = 0;
    for (const file of files) {
      const body = admonitionTitlesToLabels(parseFrontMatter(fs.readFileSync(file, 'utf8'), file).body);
      const tree = parseFast(body, false);
      if (!tree) continue;
      taken++;
      expect(tree, file).toEqual(micromark(body, false));
    }
    expect(taken).toBeGreaterThan(files.length / 3);
  });

  it('takes long lists, tables, link lists and emphasis (the shapes micromark is slowest on)', () => {
    const shapes = [
      Array.from({ length: 2000 }, (_, i) => `- item ${i}`).join('\n'),
      '| a | b |\n|---|---|\n' + Array.from({ length: 2000 }, (_, i) => `| c${i} | d |`).join('\n'),
      Array.from({ length: 2000 }, (_, i) => `[a${i}](b${i})`).join(' '),
      Array.from({ length: 2000 }, (_, i) => `*a${i}* **b**`).join('\n'),
      Array.from({ length: 2000 }, (_, i) => `> a${i} _b_`).join('\n'),
      // Lazy continuation lines, in quotes and items (micromark: 3.4 s for 1 MB of them).
      Array.from({ length: 2000 }, (_, i) => `> a${i}\nlazy ${i}\n\n- > b${i}\n  c\nd *e*\n`).join('\n'),
      // Code spans over lines, as wrapped prose has them (micromark: 7.5 s per MB).
      Array.from({ length: 2000 }, (_, i) => `the \`option${i}\nvalue\` and \`\`a\n  b\` c\`\` *d*\n> e \`f\n> g\` h`).join('\n\n'),
    ];
    for (const text of shapes) {
      const tree = parseFast(text, false);
      expect(tree).toBeDefined();
      expect(tree).toEqual(micromark(text, false));
    }
  });

  it('takes setext headings, indented code and tabs as documents hold them', () => {
    const go = '```go\nfunc main() {\n\tfmt.Println("hi")\n\tif x {\n\t\treturn\n\t}\n}\n```';
    const shapes = [
      Array.from({ length: 200 }, (_, i) => `Heading ${i}\n----------\n\ntext ${i}\n\nTitle *${i}*\nover two lines\n===`).join('\n\n'),
      Array.from({ length: 200 }, (_, i) => `para ${i}\n\n    code ${i}\n      more\n\n    after a blank\n`).join('\n'),
      Array.from({ length: 50 }, () => go).join('\n\n'),
      '```makefile\nall:\n\tgo build ./...\n\n.PHONY: all\n```',
      '\tfunc x() {\n\t\treturn\n\t}\n\ntext',
      'Name\tvalue\tmore\nnext line\t\nend *a*\tb',
      '- step\n\n      code\n\n  more\n- next',
      '- step\n\n  ```go\n  \tx := 1\n  ```',
      '> quote\n>\n>     code\n>     more',
      // A tab after a list marker or a quote's >, then text (some editors write lists so).
      Array.from({ length: 200 }, (_, i) => `-\titem ${i}\n    more\n1.\tstep\n10.\tten\n\n    next`).join('\n\n'),
      '>\tquoted\n>\tmore *text*\n>\n> -\titem',
      // Tabs in containers' prefixes (issue #10: micromark spent seconds per MB on each of these).
      Array.from({ length: 200 }, (_, i) => `>\t\tcode ${i}`).join('\n'),
      Array.from({ length: 200 }, (_, i) => `-\titem ${i}\n\n\t\tcode\n\n\t# h\n\n\t\`\`\`\n\tfence\n\t\`\`\``).join('\n\n'),
      Array.from({ length: 200 }, (_, i) => `>\t-\ta ${i}\n- a\n\t- b ${i}\n1.\t\tx ${i}`).join('\n\n'),
      ':::tip\n\n' + go + '\n\n:::',
      // Tabs in headings' lines.
      Array.from({ length: 200 }, (_, i) => `#\tTitle ${i}\n\n## A\tB *${i}*\t##\n\n- ###\tin an item\t`).join('\n\n'),
      // Tabs in thematic breaks and after setext underlines.
      Array.from({ length: 200 }, (_, i) => `*\t*\t*\n\nx ${i}\n-\t-\t-\n\nTitle ${i}\n---\t\n\nOther\n===\t \n\n- a\n\n  _\t_ _`).join('\n\n'),
    ];
    for (const text of shapes) {
      const tree = parseFast(text, false);
      expect(tree, JSON.stringify(text.slice(0, 80))).toBeDefined();
      expect(tree).toEqual(micromark(text, false));
    }
    // In MDX (no indented code), fenced code with tabs and setext headings are the fast parser's too.
    for (const text of [shapes[0]!, shapes[2]!, shapes[3]!]) {
      const tree = parseFast(text, true);
      expect(tree).toBeDefined();
      expect(tree).toEqual(micromark(text, true));
    }
  });

  it("builds micromark's tree at the edges of setext headings, indented code and tabs", () => {
    const edges = [
      // micromark asks every item on a line under a paragraph (or indented code) whether it may interrupt it.
      'aa\n- -', 'aa\n> - ', 'aa\n- 1.', 'aa\n> 2. a', '    x\n- - ', 'a\n- - b',
      // Setext: tables, breaks, lists, trailing spaces.
      '| a |\n---', 'a | b\n---', 'a  \nb \n---  ', '- a\n  ---', '- a\n---', 'a\n-', 'a\n- ', 'a\t\n===',
      // Indented code: blank lines in and after it, in containers, at the end.
      '    a\n      \n    b\n  \n\n', '    a\n    ', '    a\n\t', '    a\n \t ', '    a\n     \nb', '-\n      x\n      \n- b', '> a\n>     code\n>\n>     c2\n>\nz', '- a\n\n      c\n\n  d', '    a\n b',
      // Tabs: trailing (no hard break), in text, in fences, as indent.
      'a\t\nb', 'a \t\nb', 'a  \t\nb', '*a*\t\nb', 'a\tb', 'x\twww.a.b', '```\n\tx\n ```\t', '\t\tx', '  \tx', '`\tc\t`',
      // A tab after a list marker reaches the next tab stop: the item's content is indented that far.
      '-\ta\n\n  b', '-\ta\n\n    b', '1.\ta\n\n   b', '10.\ta\n\n    b', '  -\ta\n\n   b', '  -\ta\n\n    b', '> -\ta\n>\n>   b', '> -\ta\n>\n>     b', '>\ta\n>\tb\nc',
      // Tabs in containers' prefixes: columns to the next multiple of 4; a tab a prefix takes part of leaves its other columns (spaces in code).
      '>\t\ttext\n>\t\tmore', '>\t\tx\n>\n>\t\t\ty', '-\ta\n\n\t\tb', '>\t-\ta', '>\t-\ta\n>\t\tb', '- a\n\t- b', '- a\n\t- b\n\t\tc', '1.\t\tx', '-\t\ta', '-\t- a', '>\t# h', '>\t>\ta',
      '- a\n\n\tb', '- a\n\n\t# h', '-\t# h', '- a\n\n\t```\n\tx\n\t\ty\n\t```', '-\t```\n\tx\n\t```', '> ```\n>\tx', '>\t```\n>\t\tx\n>\t```', '> ```\n>\t```',
      ' -\t\tx', '  1.\t\t\tx', '-  \t\tx', '- a\n  \t\tb', '* a\n\n\t\t\tcode', '>  \t\tx', '- a\n\t\n\tb', '- ```\n\t\n  ```',
      // Indented code opened on a line that ends containers ends with its line in micromark.
      '> \n    x\n    y', '> # h\n    x\n    y', '> \n    x\n    \nword', '> # h\n    x\n2. a', '1. 1.\t***\n   1.\t  x\n      \t\t y',
    ];
    for (const mdx of [false, true]) {
      const taken = sameAsMicromark(edges, mdx);
      if (!mdx) expect(taken).toBe(edges.length);
    }
  });

  it('leaves to micromark what it does not read', () => {
 const hard = ['> a\n--', '> a\n    lazy', '>\t<div>\n>\tx', '- a\n\t', '- a\n>\t', '| a |\n    --- ', '| a |\n\t--- ', 'a :b[label\nc', 'a :b{.c\n.d}', '::leaf{k=&amp;}', '~~a *b~~ c*', '*a ~~b* c~~', '- [^1]: x\n\n      y', '[^1]: x\n    - a\n    -', '[^1]: x\n    - a\n    * b', '[^1]: x\n    - a\n\n    - b', '- [ ] task\n- [x] \n  y', 'x\ny\n:-:', '> x\n> y\n| a |\n> | - |', '> a\n| b |\n| - |', '> | a |\n> |---|\n    code', '[a\n \tb]\n\n[a b]: /u', '> [a\n>\t b]\n\n[a b]: /u', ':::note{k=&amp;}\na\n:::', ':::note\nunclosed'];
    for (const text of hard) expect(parseFast(text, false), text).toBeUndefined();
    // Emphasis and strikethrough nested past 100 levels: micromark refuses them as it resolves them, at its own place.
    expect(parseFast('~a '.repeat(150) + 'b' + ' a~'.repeat(150), false)).toBeUndefined();
    expect(parseFast('*a **a '.repeat(60) + 'b' + ' a** a*'.repeat(60), false)).toBeUndefined();
    expect(parseFast('*a **a '.repeat(40) + 'b' + ' a** a*'.repeat(40), false)).toEqual(micromark('*a **a '.repeat(40) + 'b' + ' a** a*'.repeat(40), false));
    expect(parseFast('a {b\nc} d', true)).toBeUndefined();
    for (const text of ['import X from\n\n# A', 'import X from "x"\n\nimport X from "y"', "<X {...p} />", '- <X>\n</X>', '*a <b>c* d</b>', '<>x</>', 'a <3']) expect(parseFast(text, true), text).toBeUndefined();
  });
});

/**
 * Files saved on Windows end their lines with "\r\n" (Git checks text out so there), and old
 * Mac files with "\r". decodeText makes every ending "\n", so that the fast parser takes
 * them and the output is the same bytes on every checkout: sound because micromark builds
 * the same tree for each kind of ending, but for offsets and the ending kept in values
 * (which a browser's HTML parser makes "\n" too), and for one slip of its own below.
 */
describe('line endings', () => {
  const asLf = (tree: unknown): unknown => JSON.parse(JSON.stringify(tree, (key, value) => (key === 'offset' || key === 'estree' ? undefined : typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value)));
  const cases: [string, () => string[], boolean][] = [
    ['Markdown', () => randomDocuments(COUNT / 5, 3), false],
    ['MDX', () => randomDocuments(COUNT / 5, 7, undefined, true), true],
    ['blocks', () => randomBlockDocuments(COUNT / 5, 41), false],
    ['HTML blocks', () => randomHtmlDocuments(COUNT / 5, 29), false],
    ['JSX', () => randomJsxDocuments(COUNT / 5, 31), true],
    ['directives', () => randomDirectiveDocuments(COUNT / 5, 17), false],
    ['definitions, references and footnotes', () => randomReferenceDocuments(COUNT / 5, 41), false],
    ['tables', () => randomTableDocuments(COUNT / 5, 59), false],
  ];
  for (const [name, documents, mdx] of cases) {
    it(`micromark reads "\\r\\n" and "\\r" as "\\n" (${name})`, () => {
      for (const text of documents()) {
        const placeOf = (source: string) => {
          try {
            micromark(source, mdx);
          } catch (error) {
            const { reason, place } = error as { reason?: string; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
            const start = place && 'start' in place ? place.start : place;
            return { reason, line: start?.line, column: start?.column };
          }
          return undefined;
        };
        let lf: unknown;
        try {
          lf = asLf(micromark(text, mdx));
        } catch {
          // An MDX syntax error: the same one, at the same line and column, for every ending.
          for (const ending of ['\r\n', '\r']) expect(placeOf(text.replace(/\n/g, ending)), JSON.stringify([text, ending])).toEqual(placeOf(text));
          continue;
        }
        for (const ending of ['\r\n', '\r']) {
          // micromark's one slip: a task check ending its line ("- [ ]\r\n") leaves the "\n" in the text after it.
          if (ending === '\r\n' && /\[[ xX]\]\n/.test(text)) continue;
          expect(asLf(micromark(text.replace(/\n/g, ending), mdx)), JSON.stringify([text, ending])).toEqual(lf);
        }
      }
    });
  }
});
