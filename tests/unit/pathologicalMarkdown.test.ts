import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import type { Element as HastElement } from 'hast';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { DATA_LITERAL_ROWS } from '../helpers/dataLiteralRows.ts';
import { findDeepNesting } from '../../cli/content/markdown/nesting.ts';
import { walk } from '../../cli/content/markdown/walk.ts';
import { markdownProcessor, mdxProcessor } from '../../cli/content/markdown/processor.ts';
import { MdxCodeParser } from '../../cli/content/markdown/acornParser.ts';
import { VFile } from 'vfile';
import { EditMap } from 'micromark-util-edit-map';
import { document } from '../../cli/content/markdown/micromarkInternals.ts';
import { linearDocumentTokenizer, micromarkDocumentTokenizer } from '../../cli/content/markdown/linearDocument.ts';
import { References } from '../../cli/content/markdown/fastDefinition.ts';
import type { Event } from 'micromark-util-types';
import { formatDiagnostic } from '../../cli/report/diagnostic.ts';
import { checkLinks } from '../../cli/links/checkLinks.ts';
import { graphOf, writeTempSite } from '../helpers/memorySite.ts';
import { ROOT } from '../helpers/cli.ts';

const load = (text: string) => {
  const started = performance.now();
  const doc = loadDocument({ area: 'docs', relPath: 'x.md', file: 'docs/x.md', text: `---\ntitle: X\n---\n${text}` });
  return { doc, seconds: (performance.now() - started) / 1000 };
};

const TOO_DEEP = (line: number, column: number, what: string) =>
  `docs/x.md:${line}:${column}: The Markdown nests ${what} more than 100 levels deep here; no reader can follow that, and pages that deep cannot be built.\n  Flatten the structure. Deep nesting is usually a mistake: stray ">" or "-" at the start of lines, or HTML tags that are opened but never closed.`;

// Each input once took from seconds to minutes, or ended in "Maximum call stack size
// exceeded" with no line. Now each is refused at once with its place, or builds.
describe('pathological Markdown ends quickly, with a place', () => {
  it.each([
    ['10,000 nested list items on one line', '- '.repeat(10_000) + 'item\n', TOO_DEEP(4, 201, 'lists and block quotes')],
    ['nested list items, one a line', Array.from({ length: 300 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n'), TOO_DEEP(104, 201, 'lists and block quotes')],
    ['10,000 nested ordered items', '1. '.repeat(10_000) + 'x\n', TOO_DEEP(4, 301, 'lists and block quotes')],
    ['10,000 nested block quotes', '>'.repeat(10_000) + ' deep\n', TOO_DEEP(4, 101, 'lists and block quotes')],
    ['quotes and lists mixed', '> - '.repeat(5_000) + 'x\n', TOO_DEEP(4, 201, 'lists and block quotes')],
    ['5,000 nested <div>', '<div>'.repeat(5_000) + 'x' + '</div>'.repeat(5_000) + '\n', TOO_DEEP(4, 501, 'HTML elements')],
    ['5,000 nested <span> over lines', Array.from({ length: 5_000 }, () => '<span>').join('\n') + '\n', TOO_DEEP(104, 1, 'HTML elements')],
    ['deeply nested emphasis', '*_'.repeat(5_000) + 'x' + '_*'.repeat(5_000) + '\n', TOO_DEEP(4, 1, 'emphasis markers (* _ ~)')],
    ['nested emphasis with words between', Array.from({ length: 300 }, (_, i) => (i % 2 ? '_w ' : '*w ')).join('') + 'x' + Array.from({ length: 300 }, (_, i) => (i % 2 ? ' w*' : ' w_')).join('') + '\n', 'elements'],
    // Each level's match re-read every level inside it: 2,000 of these took 28 s to parse.
    ['4,000 levels of emphasis and strong with words between', '*a **a '.repeat(2_000) + 'b' + ' a** a*'.repeat(2_000) + '\n', 'elements'],
    ['3,000 levels of strikethrough with words between', '~a '.repeat(3_000) + 'b' + ' a~'.repeat(3_000) + '\n', 'elements'],
  ])('%s', (_, text, expected) => {
    const { doc, seconds } = load(text);
    expect(seconds).toBeLessThan(5);
    const shown = doc.diagnostics.map(formatDiagnostic);
    if (expected === 'elements') expect(shown[0]).toMatch(/^docs\/x\.md:4:\d+: The Markdown nests elements more than 100 levels deep/);
    else expect(shown).toEqual([expected]);
    expect(doc.content.children).toEqual([]);
  });

  it('a code line of 200,000 spaces after a magic comment builds at once (adjacent runs of spaces in its pattern took the square of the line: 40,000 spaces, 2 s)', () => {
    const { doc, seconds } = load('```js\n// highlight-next-line' + ' '.repeat(200_000) + 'x\ny();\n```\n');
    expect(doc.diagnostics).toEqual([]);
    expect(seconds).toBeLessThan(2);
  }, 120_000);

  it('a 1 MB single line builds', () => {
    const { doc, seconds } = load('word '.repeat(200_000) + '\n');
    expect(doc.diagnostics).toEqual([]);
    expect(toHtml(doc.content).length).toBeGreaterThan(1_000_000);
    expect(seconds).toBeLessThan(15);
  }, 60_000);

  // micromark 4.0.3 copies the whole event list at every list item's and quote's end
  // (EditMap.consume): an 80 KB page with lists took 5 s to parse, 240 KB 30 s.
  it('closing a container near the end of a long event list costs only the tail', () => {
    const events = Array.from({ length: 200_000 }, (_, i) => i) as unknown as Event[];
    const started = performance.now();
    for (let i = 0; i < 2_000; i++) {
      const map = new EditMap();
      map.add(events.length - 1, 0, [-1 as unknown as Event]);
      map.add(events.length, 0, []);
      map.consume(events);
      events.length--;
    }
    expect((performance.now() - started) / 1000).toBeLessThan(0.5);
    expect(events.length).toBe(200_000);
  });

  it('consume gives the same events as applying the edits one by one from the end', () => {
    let seed = 1;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 200; round++) {
      const events = Array.from({ length: 50 }, (_, i) => i) as unknown as Event[];
      const map = new EditMap();
      const edits = new Map<number, [number, number[]]>();
      for (let k = 0; k < 4; k++) {
        const at = random(50);
        if (edits.has(at)) continue;
        const add = Array.from({ length: random(3) }, () => 100 + random(100));
        const remove = random(3);
        edits.set(at, [remove, add]);
        map.add(at, remove, add as unknown as Event[]);
      }
      const expected = [...(events as unknown as number[])];
      for (const [at, [remove, add]] of [...edits].sort((a, b) => b[0] - a[0])) expected.splice(at, Math.min(remove, expected.length - at), ...add);
      const overlapping = [...edits].some(([at, [remove]]) => [...edits.keys()].some((other) => other > at && other < at + remove));
      map.consume(events);
      if (!overlapping) expect(events).toEqual(expected);
    }
  });

  // MDX code is parsed by acorn, and its tree walked recursively by micromark (positions),
  // the content checks, the copy into hast and the render: 2,500 `.b` overflowed the stack
  // ("Maximum call stack size exceeded", no place), and acorn's own overflow said only
  // "Could not parse expression with acorn".
  it.each([
    ['a member chain of 10,000', 'Text.\n\n{a' + '.b'.repeat(10_000) + '}\n', '6:19002'],
    ['3,000 parentheses', '{' + '('.repeat(3_000) + '1' + ')'.repeat(3_000) + '}\n', /^4:\d+$/],
    ['3,000 nested arrays in an export', 'export const x = ' + '['.repeat(3_000) + ']'.repeat(3_000) + ';\n\n# T\n', /^4:\d+$/],
    ['a member chain in an attribute', 'Text.\n\n<div title={a' + '.b'.repeat(3_000) + '}>x</div>\n', '6:5013'],
  ])('MDX code nested absurdly deep: %s', (_, body, place) => {
    const started = performance.now();
    const doc = loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `---\ntitle: X\n---\n${body}` });
    expect((performance.now() - started) / 1000).toBeLessThan(5);
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([expect.stringMatching(/ mdx-code-too-deep$/)]);
    expect(doc.diagnostics[0]!.message).toBe('The code here nests more than 500 levels deep (calls, members, brackets or operators inside each other); a page cannot be built from code that deep, and no one can read it.');
    const where = `${doc.diagnostics[0]!.line}:${doc.diagnostics[0]!.column}`;
    if (typeof place === 'string') expect(where).toBe(place);
    else expect(where).toMatch(place);
  });

  it('lets real MDX code through: nesting of a few hundred levels, long flat lists', () => {
    const doc = loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `export const deep = ${'['.repeat(200)}1${']'.repeat(200)};\nexport const wide = [${Array.from({ length: 5_000 }, (_, i) => i).join(', ')}];\n\n# T\n\nLast: {wide[4999]} {deep.length}\n` });
    expect(doc.diagnostics).toEqual([]);
    expect((doc.mdx?.scope.wide as number[]).length).toBe(5_000);
  });

  it('lets real pages through: 100 levels, thematic breaks, code, inline HTML', () => {
    const ok = [
      Array.from({ length: 50 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n'),
      '***\n\n- - -\n\n* * * * * * * * * * * *\n\n' + '-'.repeat(500),
      '```\n' + '- '.repeat(500) + '\n' + '<div>'.repeat(500) + '\n```\n',
      '`' + '<div>'.repeat(200) + '`\n',
      '<details><summary>S</summary>\n\n<p>a<p>b<p>c</p>\n\n</details>\n'.repeat(200),
      '> '.repeat(90) + 'ninety quotes\n',
    ];
    for (const text of ok) expect(findDeepNesting(text)).toBeUndefined();
    expect(toHtml(load(ok[0]!).doc.content)).toContain('level 49');
  });

  // Each tag with no '>' after it made the tag pattern scan the rest of its line: 80,000
  // of them on one line (240 KB) took 10 s of CPU before the parser even started.
  it('reads a line of unended tags in linear time, and still counts the tags after it', () => {
    const text = '<a '.repeat(80_000) + '\n' + '<div>'.repeat(101) + '\n';
    const { result, seconds } = cpuSeconds(() => findDeepNesting(text));
    expect(result).toEqual({ line: 2, column: 501, what: 'HTML elements' });
    expect(seconds).toBeLessThan(0.5);
  });

  it('walks a tree 100,000 levels deep without overflowing the stack', () => {
    type N = { type: string; children?: N[] };
    const root: N = { type: 'root', children: [] };
    let node = root;
    for (let i = 0; i < 100_000; i++) {
      const child: N = { type: 'x', children: [] };
      node.children!.push(child);
      node = child;
    }
    let count = 0;
    walk(root as never, () => {
      count++;
    });
    expect(count).toBe(100_000);
  });
});

/** CPU seconds (user + system) of `run`: the machine is shared, so wall time says little. */
const cpuSeconds = <T>(run: () => T): { result: T; seconds: number } => {
  const before = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(before);
  return { result, seconds: (used.user + used.system) / 1e6 };
};

// Large but ordinary pages: each of these grew with the square of its size in one of the
// libraries, and is now linear. Sizes are the smallest that show the square clearly.
describe('large ordinary Markdown stays linear', () => {
  it('a block quote of 512 KB of lazy lines (micromark walked the whole paragraph at each: 35-45 s)', () => {
    const text = '> a\nlazy line\n'.repeat(512 * 1024 / 16);
    const { result: tree, seconds } = cpuSeconds(() => markdownProcessor.parse(text) as unknown as { children: { type: string; children: { type: string }[] }[] });
    expect(tree.children.map((child) => `${child.type}>${child.children.map((inner) => inner.type).join()}`)).toEqual(['blockquote>paragraph']);
    expect(seconds).toBeLessThan(6);
  });

  it('a file of 512 KB of escaped brackets is scanned for definition labels in linear time (a regular expression took 1.9 s per 100 KB, growing with the square)', () => {
    const text = '[a]: /u\n\n[' + '\\['.repeat(256 * 1024);
    const { result: references, seconds } = cpuSeconds(() => new References(text));
    expect([references.isDefined('A'), references.anyFootnotes]).toEqual([true, false]);
    expect(seconds).toBeLessThan(1);
  });

  it('lazy lines end containers exactly where micromark ends them (its own document tokenizer, on random documents)', () => {
    expect(document.tokenize).toBe(linearDocumentTokenizer);
    const prefixes = ['> ', '>', '- ', '1. ', '  ', '    ', '* ', '', '', '', '\t', ' > '];
    const lines = ['a', 'lazy', '---', '===', '```', '~~~', '| a | b |', '|---|---|', '<div>', '</div>', '# h', '- x', '> q', '[a]: /u', '    code', '', 'text *em', '***', '<!--', '-->', '1) x', '\t- t', '[^a]: note', ':::note', ':::', '<Tabs>', '</Tabs>', '{x}', '  lazy', '- [ ] task', '<pre>', '</pre>', 'b  ', 'c\\'];
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const parse = (processor: typeof markdownProcessor, text: string, tokenizer: typeof document.tokenize) => {
      document.tokenize = tokenizer;
      try {
        return JSON.stringify(processor.parse(text));
      } catch (error) {
        return String(error);
      } finally {
        document.tokenize = linearDocumentTokenizer;
      }
    };
    let differ = 0;
    for (let doc = 0; doc < 3000; doc++) {
      const text = Array.from({ length: 2 + random(30) }, () => Array.from({ length: random(5) }, () => prefixes[random(prefixes.length)]).join('') + lines[random(lines.length)]).join(random(8) ? '\n' : '\r\n');
      for (const processor of [markdownProcessor, mdxProcessor]) {
        if (parse(processor, text, linearDocumentTokenizer) !== parse(processor, text, micromarkDocumentTokenizer)) differ++;
      }
    }
    expect(differ).toBe(0);
  });
  it('a tight list of 30,000 items (mdast-util-to-hast asked every item about all the others)', () => {
    const item = (i: number) => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'text', value: `item ${i}` }] }] });
    const tree = { type: 'root', children: [{ type: 'list', ordered: false, spread: false, children: Array.from({ length: 30_000 }, (_, i) => item(i)) }] };
    const { result, seconds } = cpuSeconds(() => markdownProcessor.runSync(tree as never, new VFile({ path: 'docs/x.md', value: '' })) as unknown as { children: { children: unknown[] }[] });
    expect(result.children[0]!.children.filter((c) => (c as { tagName?: string }).tagName === 'li')).toHaveLength(30_000);
    expect(seconds).toBeLessThan(1.5);
  });

  it('a table of 150,000 rows (mdast-util-to-hast looked for each row among all the others)', () => {
    const cell = (value: string) => ({ type: 'tableCell', children: [{ type: 'text', value }] });
    const rows = Array.from({ length: 150_000 }, (_, i) => ({ type: 'tableRow', children: [cell(`a${i}`), cell(`b${i}`)] }));
    const tree = { type: 'root', children: [{ type: 'table', align: ['left', null], children: rows }] };
    const { result, seconds } = cpuSeconds(() => markdownProcessor.runSync(tree as never, new VFile({ path: 'docs/x.md', value: '' })) as unknown as { children: HastElement[] });
    const sections = result.children[0]!.children.filter((c): c is HastElement => c.type === 'element');
    expect(sections.map((s) => s.tagName)).toEqual(['thead', 'tbody']);
    const cellsOf = (row: HastElement) => row.children.filter((c): c is HastElement => c.type === 'element').map((c) => `${c.tagName}${c.properties.align ? `[${c.properties.align}]` : ''}`);
    const head = sections[0]!.children.filter((c): c is HastElement => c.type === 'element');
    const body = sections[1]!.children.filter((c): c is HastElement => c.type === 'element');
    expect(head.map(cellsOf)).toEqual([['th[left]', 'th']]);
    expect(body).toHaveLength(149_999);
    expect(cellsOf(body[0]!)).toEqual(['td[left]', 'td']);
    expect(cellsOf(body.at(-1)!)).toEqual(['td[left]', 'td']);
    // 0.9 s alone; 3.9 s with the search.
    expect(seconds).toBeLessThan(2.5);
  });

  // micromark resolves a paragraph's inline content with a splice of the whole paragraph's
  // events per merge or match (linearResolvers.ts): 100 KB of these took 7-12 s of CPU.
  it.each([
    ['25,000 emphases on one line', '*a* '.repeat(25_000), 'emphasis'],
    ['25,000 strikethroughs on one line', '~a~ '.repeat(25_000), 'delete'],
    ['25,000 closing "*" with no opener', 'a* '.repeat(25_000), 'paragraph'],
    // CommonMark's rule of three refuses the one opener to every closer: each walked back to it (12 s at 20,000).
    ['"a**b" then 25,000 "c* "', 'a**b' + 'c* '.repeat(25_000), 'paragraph'],
  ])('%s', (_, text, type) => {
    const { result: tree, seconds } = cpuSeconds(() => markdownProcessor.parse(text) as unknown as { children: { type: string; children: { type: string }[] }[] });
    const nodes = type === 'paragraph' ? tree.children : tree.children[0]!.children.filter((n) => n.type === type);
    expect(nodes.length).toBe(type === 'paragraph' ? 1 : 25_000);
    expect(seconds).toBeLessThan(3.5);
  });

  // MDX: each estree node's place was found by scanning the expression's or ESM block's
  // lines from its start (micromark-util-events-to-acorn, vendored with a binary search),
  // and each `export const` made a set of every name exported before it (mdx.ts):
  // 20,000 lines of one expression took 9.7 s, 10,000 exports 22 s (and acorn's own scope
  // lists, linearLookups.ts, another 2.3 s).
  it('a 20,000-line MDX expression keeps exact places in linear time', () => {
    const text = '{[\n' + Array.from({ length: 20_000 }, (_, i) => `  ${i},\n`).join('') + ']}\n';
    const { result: tree, seconds } = cpuSeconds(() => mdxProcessor.parse(text) as unknown as { children: { type: string; data: { estree: { body: { expression: { elements: { loc: { start: { line: number; column: number } }; value: number }[] } }[] } } }[] });
    const elements = tree.children[0]!.data.estree.body[0]!.expression.elements;
    expect(elements).toHaveLength(20_000);
    expect(elements.at(-1)!.value).toBe(19_999);
    expect(elements.at(-1)!.loc.start).toMatchObject({ line: 20_001, column: 2 });
    expect(elements[7]!.loc.start).toMatchObject({ line: 9, column: 2 });
    expect(seconds).toBeLessThan(4);
  });

  // An expression is tried with acorn at each `}` until one parses, each time on all the
  // text so far (micromark-factory-mdx-expression, vendored): one that can never parse, or
  // a data literal of many rows, took time growing with the square of its length
  // (`{{{…}}}` of 20 KB: 12 s; `{'` and 20,000 `}`: 53 s; a 2,000-row list in an
  // attribute: 14 s, and built).
  it.each([
    ['10,000 braces in braces', '{'.repeat(10_000) + '}'.repeat(10_000), '4:3 Unexpected token'],
    ['a string never closed, then 100,000 braces', "Text {'" + '}'.repeat(100_000), "4:7 Unterminated string constant"],
    ['a template never closed, then 100,000 braces', 'Text {`' + '}'.repeat(100_000), '4:8 Unterminated template'],
    ['a comment never closed, then 100,000 braces', 'Text {/*' + '}'.repeat(100_000), '4:7 Unterminated comment'],
    ['an attribute string never closed, then 100,000 braces', '<A b={"' + '}'.repeat(100_000) + ' />', '4:7 Unterminated string constant'],
    // A division the scanner cannot tell from a regular expression: acorn's error lies before the end, so no later `}` can help.
    ['code that cannot parse, then 100,000 braces', '{a / b c' + '}'.repeat(100_000), '4:7 Unexpected content after expression'],
    ['an array never closed, of 50,000 objects', '{[' + '{a: 1},'.repeat(50_000), '5:1 Unexpected token'],
  ])('an MDX expression that never ends fails at once, as it failed before: %s', (_, body, expected) => {
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `---\ntitle: X\n---\n${body}\n` }));
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([expect.stringContaining('not valid JavaScript')]);
    const [place, problem] = [expected.slice(0, expected.indexOf(' ')), expected.slice(expected.indexOf(' ') + 1)];
    expect(`${doc.diagnostics[0]!.line}:${doc.diagnostics[0]!.column}`).toBe(place);
    expect(doc.diagnostics[0]!.message).toContain(problem);
    expect(seconds).toBeLessThan(1.5);
  });

  it('an MDX data literal of 5,000 rows (360 KB) in an attribute is parsed once, not once per row', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `  { id: ${i}, name: "row } ${i}", note: 'a { b', tpl: \`\${i}}\` }, // } {\n`).join('');
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `---\ntitle: X\n---\n<Table rows={[\n${rows}]} />\n\nAfter {1 + 1}.\n` }));
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(toString(doc.content)).toContain('After');
    expect(seconds).toBeLessThan(3);
  });

  it.each(DATA_LITERAL_ROWS)('an MDX data literal of 2,000 rows with %s in an attribute is parsed once, not once per row', (_, row) => {
    const rows = Array.from({ length: 2_000 }, (_, i) => row(i)).join('\n');
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `---\ntitle: X\n---\n<Table rows={[\n${rows}]} />\n\nAfter {1 + 1}.\n` }));
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(toString(doc.content)).toContain('After');
    expect(seconds).toBeLessThan(3);
  });

  it('an element in an expression that never ends fails at once, at the end of the file', () => {
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `---\ntitle: X\n---\n{<a b={[${'{},'.repeat(50_000)}]} />\n` }));
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([expect.stringMatching(/^5:1 The MDX could not be parsed: Unexpected end of file in expression, expected a corresponding closing brace for `\{`/)]);
    expect(seconds).toBeLessThan(1.5);
  });

  it('an expression whose code the scanner cannot follow (a division after `++`) and never ends fails within about half a second, saying so', () => {
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `---\ntitle: X\n---\n{a++ / [${'{},'.repeat(50_000)}]\n` }));
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([expect.stringMatching(/^4:2 The MDX could not be parsed: Could not find where this expression ends: its code was tried at \d+ closing braces/)]);
    expect(doc.diagnostics[0]!.hint).toMatch(/export const/);
    expect(seconds).toBeLessThan(2.5);
  });

  // Prism's grammars read some code in time growing with the square of a token or a line:
  // a 20,000-letter word took 2.8 s in JavaScript (250 KB of it, minutes), 240 KB of CSS lines
  // without a brace 3 minutes. Such a block is drawn plain, in linear time.
  it.each([
    ['a 250,000-letter word in JavaScript', 'js', 'a'.repeat(250_000)],
    ['250,000 [ in Markdown', 'md', '['.repeat(250_000)],
    ['120,000 short CSS lines without a brace', 'css', 'a\n'.repeat(120_000)],
    ['a 250 KB line of words in TypeScript', 'ts', 'word '.repeat(50_000)],
  ])('a code block Prism reads slowly is drawn plain, at once: %s', (_, lang, code) => {
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.md', file: 'docs/x.md', format: 'md', text: `# T\n\n\`\`\`${lang}\n${code}\n\`\`\`\n` }));
    expect(doc.diagnostics).toEqual([]);
    // No Prism token in the block (the tree holds the code's lines only).
    expect(JSON.stringify(doc.content)).not.toContain('"token",');
    expect(toString(doc.content).length).toBeGreaterThanOrEqual(code.length);
    expect(seconds).toBeLessThan(2);
  });

  it('code of the same length with ordinary tokens and lines is still highlighted', () => {
    const code = Array.from({ length: 4000 }, (_, i) => `const value${i} = compute(${i}, "text"); // note`).join('\n');
    const doc = loadDocument({ area: 'docs', relPath: 'x.md', file: 'docs/x.md', format: 'md', text: `# T\n\n\`\`\`js\n${code}\n\`\`\`\n` });
    expect(JSON.stringify(doc.content)).toContain('["token","keyword"]');
  });

  it('30,000 exports in one block are read in linear time, each value in the page scope', () => {
    const exports = Array.from({ length: 30_000 }, (_, i) => `export const v${i} = ${i % 2 === 0 ? i : `v${i - 1}`};\n`).join('');
    const { result: doc, seconds } = cpuSeconds(() => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: `${exports}\n# Title\n\nLast: {v29999}\n` }));
    expect(doc.diagnostics).toEqual([]);
    expect(doc.mdx?.scope.v29999).toBe(29_998);
    expect(seconds).toBeLessThan(6.5);
  });

  it('acorn declares 40,000 names in one scope in linear time (its lists, indexed: 14.7 s before)', () => {
    const code = Array.from({ length: 40_000 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    const { result: program, seconds } = cpuSeconds(() => MdxCodeParser.parse(code, { ecmaVersion: 2024, sourceType: 'module' }) as unknown as { body: unknown[] });
    expect(program.body).toHaveLength(40_000);
    expect(seconds).toBeLessThan(3);
  });

  it('a name declared twice in one block is still an error at its place (acorn\'s scopes, indexed)', () => {
    const doc = loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text: 'export const a = 1;\nexport const b = 2;\nexport const a = 3;\n\n# T\n' });
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(["3:14 The MDX could not be parsed: the code of this import or export is not valid JavaScript: Identifier 'a' has already been declared."]);
  });

  it('a name declared in two blocks is an error at the second, naming the first: each block is parsed alone, and the page was built with the later value', () => {
    const text = '# T\n\nexport const a = 1;\n\nText.\n\nexport const { x, y: [a] } = { x: 1, y: [2] };\n\nexport function x() {}\n\nexport const b = 3;\n';
    const doc = loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text });
    expect(doc.diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'error 7:23 "a" is declared a second time here; it was first at line 3, column 14. A page\'s imports and exports are one module, which cannot be built with the name twice.',
      'error 9:17 "x" is declared a second time here; it was first at line 7, column 16. A page\'s imports and exports are one module, which cannot be built with the name twice.',
    ]);
  });

  it("says what JavaScript's parser found wrong in code, with a hint for code, not micromark's \"could not parse with acorn\"", () => {
    const problems = (text: string) => loadDocument({ area: 'docs', relPath: 'x.mdx', file: 'docs/x.mdx', format: 'mdx', text }).diagnostics.map((d) => `${d.line}:${d.column} ${d.message} | ${d.hint}`);
    expect(problems("import Tabs from '@theme/Tabs';\n\n# T\n\nimport Tabs from '@theme/Tabs';\n")).toEqual([
      "5:8 The MDX could not be parsed: the code of this import or export is not valid JavaScript: Identifier 'Tabs' has already been declared. | Correct the statement there: import and export lines are JavaScript, and a page's are one module, where each name is declared once.",
    ]);
    expect(problems('# T\n\nexport default 1;\nexport default 2;\n')[0]).toMatch(/^4:8 .*not valid JavaScript: Duplicate export 'default'\./);
    expect(problems('# T\n\nSum: {1 +}\n')).toEqual([
      '3:10 The MDX could not be parsed: the code in these braces is not valid JavaScript: Unexpected token. | Correct the code between the braces: it is one JavaScript expression. To show a brace as text, write \\{ (or set `format: md` in the front matter for plain Markdown).',
    ]);
    expect(problems('# T\n\n<A b={1 +} />\n')[0]).toMatch(/^3:10 .*the code in these braces is not valid JavaScript: Unexpected token\./);
  });

  it('a list is loose or tight as a whole, as before', () => {
    expect(toHtml(load('- a\n- b\n\n- c\n').doc.content)).toBe('<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n<li>\n<p>c</p>\n</li>\n</ul>');
    expect(toHtml(load('- a\n- b\n- c\n').doc.content)).toBe('<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>');
  });

  // Footnotes and link references were looked up in lists, once per reference:
  // 20,000 footnotes took 54 s to build (parse 11 s, mdast→hast 2 s, link check 30 s).
  it('footnotes and link references resolve as before (numbers, back references, undefined ones left as text)', () => {
    const text = 'A[^a] b[^b] c[^b] d[^c] [r] [s] [^a]\n\n[^b]: B\n[^a]: A *a*\n\n[r]: /u\n';
    expect(toHtml(load(text).doc.content)).toBe("<p>A<sup><a href=\"#user-content-fn-a\" id=\"user-content-fnref-a\" data-footnote-ref aria-describedby=\"footnote-label\">1</a></sup> b<sup><a href=\"#user-content-fn-b\" id=\"user-content-fnref-b\" data-footnote-ref aria-describedby=\"footnote-label\">2</a></sup> c<sup><a href=\"#user-content-fn-b\" id=\"user-content-fnref-b-2\" data-footnote-ref aria-describedby=\"footnote-label\">2</a></sup> d[^c] <a href=\"/u\">r</a> [s] <sup><a href=\"#user-content-fn-a\" id=\"user-content-fnref-a-2\" data-footnote-ref aria-describedby=\"footnote-label\">1</a></sup></p>\n<section data-footnotes class=\"footnotes\"><h2 class=\"sr-only\" id=\"footnote-label\">Footnotes</h2>\n<ol>\n<li id=\"user-content-fn-a\">\n<p>A <em>a</em> <a href=\"#user-content-fnref-a\" data-footnote-backref=\"\" aria-label=\"Back to reference 1\" class=\"data-footnote-backref\">\u21a9</a> <a href=\"#user-content-fnref-a-2\" data-footnote-backref=\"\" aria-label=\"Back to reference 1-2\" class=\"data-footnote-backref\">\u21a9<sup>2</sup></a></p>\n</li>\n<li id=\"user-content-fn-b\">\n<p>B <a href=\"#user-content-fnref-b\" data-footnote-backref=\"\" aria-label=\"Back to reference 2\" class=\"data-footnote-backref\">\u21a9</a> <a href=\"#user-content-fnref-b-2\" data-footnote-backref=\"\" aria-label=\"Back to reference 2-2\" class=\"data-footnote-backref\">\u21a9<sup>2</sup></a></p>\n</li>\n</ol>\n</section>");
  });

  // Each `]` read its label back to its `[` (label-end, to see whether it names a
  // definition) and walked the paragraph back to its start (gfm-footnote, looking for a
  // `![`): 'a]' 40,000 times took 82 s of CPU, 25,000 nested brackets 34 s.
  it.each([
    ['40,000 "]" with no "["', 'a]'.repeat(40_000), 1],
    ['25,000 nested brackets', '['.repeat(25_000) + 'a' + ']'.repeat(25_000), 1],
    ['20,000 "![" with a "]" each', '![a] '.repeat(20_000), 1],
  ])('%s', (_, text, paragraphs) => {
    const { result: tree, seconds } = cpuSeconds(() => markdownProcessor.parse(text) as unknown as { children: unknown[] });
    expect(tree.children).toHaveLength(paragraphs);
    expect(seconds).toBeLessThan(3);
  });

  // Each `<!--` scanned to the end of its paragraph for a `-->` that is not there.
  it('20,000 unclosed HTML comments in a paragraph are text, in linear time; closed ones are still comments', () => {
    const { result: tree, seconds } = cpuSeconds(() => markdownProcessor.parse('</' + '<!--'.repeat(20_000)) as unknown as { children: { children: { type: string }[] }[] });
    expect(tree.children[0]!.children.map((n) => n.type)).toEqual(['text']);
    expect(seconds).toBeLessThan(3);
    expect(toHtml(load('a <!-- b <!-- c\n\nd <!-- e --> f <!-- g -->\n').doc.content)).toBe('<p>a &#x3C;!-- b &#x3C;!-- c</p>\n<p>d  f </p>');
  });

  // Each `](` with a `(` title after it scanned to the end of its paragraph for a `)`.
  it('20,000 unclosed link titles in a paragraph are text, in linear time; titles that close still make links', () => {
    const { result: tree, seconds } = cpuSeconds(() => markdownProcessor.parse('[ (]('.repeat(20_000)) as unknown as { children: { children: { type: string }[] }[] });
    expect(tree.children[0]!.children.map((n) => n.type)).toEqual(['text']);
    expect(seconds).toBeLessThan(3);
    // A title left open in one paragraph does not fail the next one's, nor one before it.
    expect(toHtml(load('[a](b (c [d](e (f\n\n[g](h (i))\n\n[j](k (l)) [m](n (o\n').doc.content)).toBe(
      '<p>[a](b (c [d](e (f</p>\n<p><a href="h" title="i">g</a></p>\n<p><a href="k" title="l">j</a> [m](n (o</p>',
    );
  });

  it('references and footnote calls after "!" resolve as before, the long labels that name nothing as text', () => {
    const long = 'x'.repeat(1200);
    const html = toHtml(load(`![^a] [[r]] [r][] [${long}] [[${long}]]\n\n[^a]: A\n\n[r]: /u\n`).doc.content);
    expect(html).toContain('<p>!<sup><a href="#user-content-fn-a" id="user-content-fnref-a" data-footnote-ref aria-describedby="footnote-label">1</a></sup> [<a href="/u">r</a>] <a href="/u">r</a> [');
    expect(html).toContain(`[${long}] [[${long}]]</p>`);
  });

  it('60,000 footnote references are numbered in linear time (mdast-util-to-hast searched its list for each)', () => {
    const n = 60_000;
    const paragraph = { type: 'paragraph', children: Array.from({ length: n }, (_, i) => ({ type: 'footnoteReference', identifier: `n${i}`, label: `n${i}` })) };
    const definitions = Array.from({ length: n }, (_, i) => ({ type: 'footnoteDefinition', identifier: `n${i}`, label: `n${i}`, children: [{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }] }));
    const tree = { type: 'root', children: [paragraph, ...definitions] };
    const { result, seconds } = cpuSeconds(() => markdownProcessor.runSync(tree as never, new VFile({ path: 'docs/x.md', value: '' })) as unknown as { children: { children?: { children?: { children?: { value?: string }[] }[] }[] }[] });
    expect(result.children[0]!.children!.at(-1)!.children![0]!.children![0]!.value).toBe(String(n));
    expect(seconds).toBeLessThan(3);
  });

  it('a page with 40,000 ids and an anchor link to each is link-checked in linear time', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': 'A\n' });
    const route = graph.routes.find((r) => 'document' in r && r.document.file === 'docs/a.md')!;
    if (!('document' in route)) throw new Error('no document');
    route.document.ids = Array.from({ length: 40_000 }, (_, i) => `id-${i}`);
    route.document.links = route.document.ids.map((id, i) => ({ url: `#${id}`, kind: 'link' as const, line: i + 1, column: 1 }));
    route.document.links.push({ url: '#id-40000', kind: 'link', line: 40_001, column: 1 });
    const { result, seconds } = cpuSeconds(() => checkLinks(graph, config, { staticFiles: new Set(), fileStatus: () => 'ok' }));
    expect(result.map((d) => `${d.line} ${d.code}`)).toEqual(['40001 broken-anchor']);
    expect(seconds).toBeLessThan(1.5);
  });

  // Each broken anchor's "nearest ids" is an edit distance against every id of the page:
  // 4,000 broken anchors on a page of 4,000 ids were 16 million of them (a hang on 20,000).
  it('a page with thousands of broken anchors fails in bounded time, the first ones with suggestions', async () => {
    const { graph, config } = await graphOf({ 'docs/a.md': 'A\n' });
    const route = graph.routes.find((r) => 'document' in r && r.document.file === 'docs/a.md')!;
    if (!('document' in route)) throw new Error('no document');
    route.document.ids = Array.from({ length: 4_000 }, (_, i) => `section-${i}`);
    route.document.links = route.document.ids.map((id, i) => ({ url: `#${id}-typo`, kind: 'link' as const, line: i + 1, column: 1 }));
    const { result, seconds } = cpuSeconds(() => checkLinks(graph, config, { staticFiles: new Set(), fileStatus: () => 'ok' }));
    expect(result).toHaveLength(4_000);
    expect(result[0]!.hint).toContain('#section-0');
    expect(result.at(-1)!.hint ?? '').not.toContain('#section-');
    expect(seconds).toBeLessThan(2.5);
  });

  it('autolink literals are found where they were, in md and mdx (not in links, code or link references)', () => {
    const text = 'Intro.\n\n## See www.example.com\n\nGo to https://a.example/x?y=1, *or http://b.example* and [a link https://c.example](https://d.example) or [ref www.e.example][r].\n\nMail me@example.com, mailto:you@example.org, xmpp:chat@example.net/res, not_an@email_ and x@y.\n\n| col | https://f.example |\n| --- | --- |\n| **www.g.example** | `https://code.example` |\n\n- item HTTPS://H.EXAMPLE/Path\n  > quote www.i.example.\n\n[r]: /u\n';
    for (const format of ['md', 'mdx']) {
      const doc = loadDocument({ area: 'docs', relPath: 'x.md', file: 'docs/x.md', format, text } as never);
      expect(toHtml(doc.content)).toBe("<p>Intro.</p>\n<h2 id=\"see-wwwexamplecom\">See <a href=\"http://www.example.com\">www.example.com</a></h2>\n<p>Go to <a href=\"https://a.example/x?y=1\">https://a.example/x?y=1</a>, <em>or <a href=\"http://b.example\">http://b.example</a></em> and <a href=\"https://d.example\">a link https://c.example</a> or <a href=\"/u\">ref www.e.example</a>.</p>\n<p>Mail <a href=\"mailto:me@example.com\">me@example.com</a>, mailto:you@example.org, xmpp:chat@example.net/res, not_an@email_ and x@y.</p>\n<table>\n<thead>\n<tr>\n<th>col</th>\n<th><a href=\"https://f.example\">https://f.example</a></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><strong><a href=\"http://www.g.example\">www.g.example</a></strong></td>\n<td><code>https://code.example</code></td>\n</tr>\n</tbody>\n</table>\n<ul>\n<li>item <a href=\"HTTPS://H.EXAMPLE/Path\">HTTPS://H.EXAMPLE/Path</a>\n<blockquote>\n<p>quote <a href=\"http://www.i.example\">www.i.example</a>.</p>\n</blockquote>\n</li>\n</ul>");
    }
  });

  // mdast-util-gfm-autolink-literal ran four regular expressions over every text node
  // through unist-util-visit-parents: a fifth of parsing a large page (2 MB table: 4.5 s).
  it('autolink literals are looked for only in text that could hold one', () => {
    const transforms = (markdownProcessor.data('fromMarkdownExtensions') as unknown[]).flat() as { transforms?: ((tree: unknown) => void)[] }[];
    const transform = transforms.flatMap((e) => e.transforms ?? []).find((t) => /autolink/i.test(t.name) || 'original' in t)!;
    const paragraph = (i: number) => ({ type: 'paragraph', children: [{ type: 'text', value: `Plain words ${i} ` }, { type: 'emphasis', children: [{ type: 'text', value: 'more words' }] }, { type: 'text', value: ' and the end.' }] });
    const last = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: 'see www.example.com' }] }] };
    const tree = { type: 'root', children: [...Array.from({ length: 50_000 }, (_, i) => paragraph(i)), last] };
    const { seconds } = cpuSeconds(() => transform(tree));
    expect(toHtml(markdownProcessor.runSync({ type: 'root', children: [last] } as never, new VFile({ path: 'docs/x.md', value: '' })) as never)).toBe('<p><strong>see <a href="http://www.example.com">www.example.com</a></strong></p>');
    expect(seconds).toBeLessThan(0.4);
  });
});

// Dense files of what the fast parser reads (fastParser.ts) build in a fraction of micromark's
// time. CPU per MB through loadDocument, 300 KB files at load 8 on 2 cores, fast parser → micromark:
// URL-heavy prose 0.9 → 3.8 s, directives with attributes 1.3 → 8.4 s, MDX JSX elements 1.8 → 6.9 s,
// text JSX 1.7 → 5.6 s, prose with inline HTML 0.9 → 3.5 s (raw HTML blocks 2.1 → 3.3 s and dense
// inline tags 2.1 → 6.1 s: hast-util-raw's parse of the HTML is much of it, too close for a bound).
// Each bound is about 0.8 of micromark's figure: the whole suite, run at once on 2 cores, made the
// fast parser's figures 2.4 times as large (prose with inline HTML: 2.07 s/MB).
describe('dense files of the constructs the fast parser reads', () => {
  const fill = (unit: (i: number) => string, size = 400 * 1024) => {
    let text = '';
    for (let i = 0; text.length < size; i++) text += unit(i);
    return text;
  };
  it.each([
    ['URL-heavy prose', 3, false, fill((i) => `See https://example.com/path/${i}?q=1 and www.example.org/a_${i}, or write to team${i}@example.com.\n`)],
    ['directives with attributes', 5, false, fill((i) => `:::note{.x #id${i} title="T ${i}"}\nSome text with :abbr[API]{title="Application ${i}"} in it.\n:::\n\n`)],
    ['MDX JSX elements', 5, true, "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n" + fill((i) => `<Tabs groupId="g${i % 7}">\n<TabItem value="a${i}" label="A">\n\nText with <kbd>K</kbd> and *emphasis* ${i}.\n\n</TabItem>\n</Tabs>\n\n`)],
    ['text JSX', 4.2, true, fill((i) => `<kbd>K${i}</kbd> <b>x</b> `)],
    ['prose with inline HTML', 2.8, false, fill((i) => `Some words of prose <b>here</b> and there, ${i} more words, <!-- note --> and <span class="x">a span</span> to end the line.\n`)],
    // Session 12, 1 MB, at load 3.5, fast parser → micromark: 0.8 → 7.4, 1.6 → 8.4, 0.5 → 3.4 and 0.5 → 6.5 s.
    ['link reference definitions and references', 5, false, fill((i) => `[r${i}]: https://example.com/${i} "T${i}"\n\nSee [r${i}] and [x][r${i}].\n\n`)],
    ['footnotes', 6, false, fill((i) => `Text[^f${i}] more.\n\n[^f${i}]: Note ${i} with *em*.\n\n`)],
    ['lazy lines in quotes and items', 2.5, false, fill((i) => `> a ${i}\nlazy ${i}\n\n- item ${i}\nlazy ${i}\n\n`)],
    ['link openers whose resource never closes', 4, false, fill(() => '[a](b ')],
    // Session 15, 256 KB, alone: micromark 11.8-15.3 → fast parser 2.7-3.3 s of CPU per MB.
    ['tables with tabs in their rows', 9, false, fill((i) => `| a\t| b |\n|---|---|\n| c${i}\t| d |\n\n`)],
  ] as const)('%s: under %s s of CPU per MB', (_, secondsPerMB, mdx, body) => {
    const file = mdx ? 'docs/x.mdx' : 'docs/x.md';
    const load = (text: string) => loadDocument({ area: 'docs', relPath: file.slice(5), file, format: mdx ? 'mdx' : 'md', text: `---\ntitle: X\n---\n${text}` });
    // A first, small file compiles the code this shape takes (parse5's for HTML, acorn's for MDX).
    load(body.slice(0, body.indexOf('\n', 20_000) + 1));
    const { result: doc, seconds: first } = cpuSeconds(() => load(body));
    // The better of two runs: with the rest of the suite on the same 2 cores, one run's CPU
    // time is the code's plus the contention's (lazy lines: 1.1-1.4 s/MB alone, 2.51 once in
    // the suite), which these bounds, set at 0.8 of micromark's figure, are too close for.
    const seconds = Math.min(first, cpuSeconds(() => load(body)).seconds);
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The file was read, not dropped: its content holds its text.
    expect(toString(doc.content as never).length).toBeGreaterThan(body.length / 10);
    expect(seconds / (body.length / 1024 / 1024)).toBeLessThan(secondsPerMB);
  }, 30_000);
});

// The compiled CLI (bin/site.js) bundles micromark, so the linear resolvers and edit map
// must be installed on the bundle's copy, not on one loaded from node_modules beside it:
// a change made on the wrong copy is invisible to every test that runs the sources (a
// 512 KB paragraph of "[a](b " took 79 s to build; the sources parse it in 2). A
// definition on the first line sends each file to micromark.
describe('the compiled CLI parses in linear time', () => {
  const fill = (unit: string, size = 512 * 1024) => unit.repeat(Math.ceil(size / unit.length));
  /**
   * CPU seconds (user + system) of `site.js check` on a site of this one doc, and its exit
   * code. Some of these are denser than a page may be (markdown.maxNodes, refused once
   * parsed): the limit is raised, so that every stage after the parser is timed too.
   */
  const checkCpu = (body: string) => {
    const site = writeTempSite({ 'site.config.ts': "export default { title: 'X', markdown: { maxNodes: 10_000_000 } };\n", 'docs/x.md': `---\ntitle: X\n---\n[d]: /x\n\n${body}\n` });
    try {
      // timeout ends the CLI itself: the spawn's own time-out would end bash and leave node running.
      const script = `timeout 100 "${process.execPath}" "${path.join(ROOT, 'bin/site.js')}" check "${site}" >/dev/null 2>&1; echo $?; times`;
      const out = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 }).stdout.trim().split('\n');
      const [user, system] = out.at(-1)!.split(' ').map((t) => Number(/(\d+)m([\d.]+)s/.exec(t)![1]) * 60 + Number(/(\d+)m([\d.]+)s/.exec(t)![2]));
      return { code: Number(out[0]), seconds: user! + system! };
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  };
  // Start-up and compiling the CLI (once per source change) are in the figure too: the first run compiles.
  checkCpu('x');
  it.each([
    ['links never closed (text: data merged once)', fill('[a](b ')],
    ['emphasis (attention resolved over its span)', fill('*a* _b_ **c** ')],
    ['strikethrough', fill('~a~ ~~b~~ ')],
    ['lazy lines in a block quote (the document tokenizer)', fill('> a\nlazy\n')],
    // micromark's containers cost far more per byte than text (about 15 s of CPU per MB): a smaller file.
    ['block quotes, each closed (the edit map)', fill('> a\n\n', 192 * 1024)],
  ])('%s', (_, body) => {
    const { code, seconds } = checkCpu(body);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(12);
  }, 130_000);
});
