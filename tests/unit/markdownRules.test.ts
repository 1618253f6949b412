import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { HIGHLIGHT_BUDGET, parseCodeMeta } from '../../cli/content/markdown/codeBlock.ts';
import { FILE_LINK_MARK, splitHash } from '../../cli/content/markdown/links.ts';
import { contentHtml } from '../helpers/contentHtml.ts';

/**
 * What the Markdown plugins (cli/content/markdown) make of what authors write: Markdown in,
 * HTML, ids, links and diagnostics out. Assertions read the HTML as a reader's browser
 * would (elements, attributes, text), not its exact spelling.
 */

const doc = (text: string, file = 'docs/guides/page.md') => loadDocument({ area: file.startsWith('blog/') ? 'blog' : 'docs', relPath: file.replace(/^(docs|blog)\//, ''), file, text });
// node-html-parser keeps a <pre>'s content as text by default: parse it as elements.
const read = (markup: string): HTMLElement => parse(markup, { blockTextElements: {} });
const rendered = (d: ReturnType<typeof doc>) => contentHtml(d.content, d.frontMatter);
const html = (text: string): HTMLElement => read(rendered(doc(text)));
/** The blog summary as the blog list renders it: the top-level nodes before the marker. */
const excerpt = (d: ReturnType<typeof doc>) => (d.excerptEnd === undefined ? undefined : contentHtml({ type: 'root', children: d.content.children.slice(0, d.excerptEnd) }));
const all = (root: HTMLElement, selector: string) => root.querySelectorAll(selector);

describe('directives', () => {
  it('gives text and leaf directives back as the text the author wrote', () => {
    const d = doc('Call :abbr[HTML]{title="x"} now.\n\n::video{src="a.mp4"}\n\nTime 10:30:00.\n');
    expect(read(rendered(d)).querySelectorAll('p').map((p) => p.textContent)).toEqual(['Call :abbr[HTML]{title="x"} now.', '::video{src="a.mp4"}', 'Time 10:30:00.']);
    expect(d.diagnostics).toEqual([]);
  });

  it('reports an unknown block, listing the blocks the theme renders, and knows :::details', () => {
    const d = doc(':::details\nMore.\n:::\n\n:::warn\nX\n:::\n');
    expect(d.diagnostics.map((x) => `${x.line}:${x.column} ${x.code} ${x.message}`)).toEqual([
      '5:1 unknown-directive Unknown block ":::warn"; the theme renders :::note, :::tip, :::info, :::warning, :::danger, :::caution, :::important, :::secondary, :::success, :::tabs, :::tab, :::details.',
    ]);
  });
});

describe('admonitions', () => {
  it('give each kind its class and default title; caution looks like warning', () => {
    const kinds = ['note', 'tip', 'info', 'warning', 'danger', 'caution'];
    const root = html(kinds.map((k) => `:::${k}\nBody of ${k}.\n:::\n`).join('\n'));
    expect(all(root, '.theme-admonition').map((a) => `${a.getAttribute('class')} | ${a.getAttribute('role')} | ${a.getAttribute('aria-label')} | ${a.querySelector('.admonitionHeading')!.textContent} | ${a.querySelector('.admonitionContent')!.textContent.trim()}`)).toEqual([
      'theme-admonition theme-admonition-note alert alert--secondary | note | Note | Note | Body of note.',
      'theme-admonition theme-admonition-tip alert alert--success | note | Tip | Tip | Body of tip.',
      'theme-admonition theme-admonition-info alert alert--info | note | Info | Info | Body of info.',
      'theme-admonition theme-admonition-warning alert alert--warning | note | Warning | Warning | Body of warning.',
      'theme-admonition theme-admonition-danger alert alert--danger | note | Danger | Danger | Body of danger.',
      'theme-admonition theme-admonition-caution alert alert--warning | note | Caution | Caution | Body of caution.',
    ]);
  });

  it('take a [title] with its markup, named in plain text, and keep every body block', () => {
    const root = html(':::note[Read *this* first]\nOne.\n\nTwo.\n:::\n');
    const box = root.querySelector('.theme-admonition')!;
    expect(box.getAttribute('aria-label')).toBe('Read this first');
    expect(box.querySelector('.admonitionHeading em')!.textContent).toBe('this');
    expect(all(box, '.admonitionContent p').map((p) => p.textContent)).toEqual(['One.', 'Two.']);
  });

  it('work inside lists and other blocks', () => {
    const root = html('- Item\n\n  :::tip\n  Nested.\n  :::\n');
    expect(root.querySelector('li .alert--success .admonitionContent')!.textContent.trim()).toBe('Nested.');
  });
});

describe('tabs', () => {
  it('select the tab marked default; name tabs by label, else value, else position', () => {
    const root = html('::::tabs\n:::tab{value="a"}\nA\n:::\n:::tab\nB\n:::\n:::tab{label="Cee" default}\nC\n:::\n::::\n');
    const container = root.querySelector('.tabs-container')!;
    expect(container.hasAttribute('data-group-id')).toBe(false);
    expect(all(container, '[role=tab]').map((b) => `${b.textContent} ${b.getAttribute('data-value')} ${b.getAttribute('aria-selected')} ${b.getAttribute('tabindex')}`)).toEqual([
      'a a false -1',
      'tab-2 tab-2 false -1',
      'Cee Cee true 0',
    ]);
    expect(all(container, '[role=tabpanel]').map((p) => `${p.id} ${p.hasAttribute('hidden')} ${p.textContent.trim()}`)).toEqual(['tabs-1-panel-0 true A', 'tabs-1-panel-1 true B', 'tabs-1-panel-2 false C']);
    expect(container.querySelector('[role=tablist]')!.getAttribute('aria-orientation')).toBe('horizontal');
  });

  it('number each tabs block of a page apart, so ids never repeat', () => {
    const block = '::::tabs\n:::tab{label="x"}\nX\n:::\n::::\n';
    const ids = all(html(`${block}\n${block}`), '[id]').map((e) => e.id);
    expect(ids).toEqual(['tabs-1-tab-0', 'tabs-1-panel-0', 'tabs-2-tab-0', 'tabs-2-panel-0']);
  });

  it('report a tabs block holding anything but tabs, or nothing', () => {
    const d = doc('::::tabs\nStray text.\n:::tab{label="x"}\nX\n:::\n::::\n\n::::tabs\n::::\n');
    expect(d.diagnostics.map((x) => `${x.line} ${x.code} ${x.message}`)).toEqual([
      '1 invalid-tabs A ":::tabs" block must hold only ":::tab" blocks (at least one).',
      '8 invalid-tabs A ":::tabs" block must hold only ":::tab" blocks (at least one).',
    ]);
  });
});

describe('heading ids and anchors', () => {
  it("take {#custom} ids in MDX after a fence indented under a nested list item (babel's Babel 8 guide: the heading after one read its id as code)", () => {
    // Opened four spaces in, closed two in: both within the item.
    const text = ['---', 'format: mdx', '---', '# Guide', '', '- Step:', '', '    ```json', '    { "presets": [] }', '  ```', '', '## After `the list` {#after-list}', '', 'Text.', ''].join('\n');
    const d = doc(text);
    expect(d.diagnostics).toEqual([]);
    expect(d.headings.map((h) => h.id)).toEqual(['after-list']);
  });


  it('take {#custom} ids only at the end of the text and without spaces', () => {
    const d = doc('## Ends {#here}\n\n## Not {#at} end\n\n## Spaced {#a b}\n\n## Code `x` {#code-id}\n\n## Trailing `code`\n');
    expect(d.headings.map((h) => `${h.id} | ${h.value}`)).toEqual(['here | Ends', 'not-at-end | Not {#at} end', 'spaced-a-b | Spaced {#a b}', 'code-id | Code x', 'trailing-code | Trailing code']);
  });

  it('give ids to headings in lists and quotes, with the plain text of their markup', () => {
    const d = doc('> ## Quoted *heading*\n\n- ### Listed\n');
    expect(d.headings).toEqual([
      { id: 'quoted-heading', value: 'Quoted heading', html: 'Quoted <em>heading</em>', level: 2 },
      { id: 'listed', value: 'Listed', level: 3 },
    ]);
  });

  it("count the page's title heading as Docusaurus does: a later heading of its text is setup-1 (its own id is not drawn), and a title's {#id} is no part of the title", () => {
    const d = doc('# Setup\n\nSee [the next](#setup-1).\n\n## Setup\n\n## Setup\n');
    expect(d.title).toBe('Setup');
    expect(d.headings.map((h) => h.id)).toEqual(['setup-1', 'setup-2']);
    expect(all(html('# Setup\n\n## Setup\n'), 'h2').map((h) => h.getAttribute('id'))).toEqual(['setup-1']);
    const custom = doc('# Setup {#start}\n\n## Setup\n\n## Start\n');
    expect(custom.title).toBe('Setup');
    expect(custom.headings.map((h) => h.id)).toEqual(['setup', 'start-1']);
    // Not a title (a paragraph comes first): an h1 in the page as any heading.
    expect(doc('Intro.\n\n# Setup\n\n## Setup\n').headings.map((h) => h.id)).toEqual(['setup', 'setup-1']);
  });

  it('put a "Direct link" anchor on h2–h6, not on h1', () => {
    const root = html('Intro.\n\n# Top\n\n## Two\n\n###### Six\n');
    expect(root.querySelector('h1')!.querySelector('.hash-link')).toBeNull();
    expect(all(root, '.hash-link').map((a) => `${a.parentNode?.tagName} ${a.getAttribute('href')} | ${a.getAttribute('aria-label')} | ${a.getAttribute('title')}`)).toEqual([
      'H2 #two | Direct link to Two | Direct link to Two',
      'H6 #six | Direct link to Six | Direct link to Six',
    ]);
  });

  it('collects the ids a page has: headings, raw HTML, footnotes; not ids written in code', () => {
    const d = doc('## Head\n\n<span id="raw"></span>\n\nNote[^1].\n\n[^1]: Foot.\n\n```html\n<div id="in-code"></div>\n```\n');
    expect(d.ids).toEqual(expect.arrayContaining(['head', 'raw', 'user-content-fn-1', 'user-content-fnref-1']));
    expect(d.ids).not.toContain('in-code');
  });
});

describe('links and images', () => {
  const file = (url: string, kind: 'link' | 'image' = 'link') => doc(kind === 'image' ? `![x](${url})\n` : `[x](${url})\n`).links[0]!.file;

  it('turn links to Markdown files and images next to the page into site paths', () => {
    expect(file('./b.md')).toBe('docs/guides/b.md');
    expect(file('../b.mdx#part')).toBe('docs/b.mdx');
    expect(file('B.MD')).toBe('docs/guides/B.MD');
    expect(file('./my%20page.md')).toBe('docs/guides/my page.md');
    expect(file('./bad%zz.md')).toBe('docs/guides/bad%zz.md');
    expect(file('./pic.png', 'image')).toBe('docs/guides/pic.png');
  });

  it('turn links to files beside the page into site paths, by the file\'s extension, as Docusaurus publishes them', () => {
    expect(file('./report.pdf')).toBe('docs/guides/report.pdf');
    expect(file('./notes.md.txt')).toBe('docs/guides/notes.md.txt');
    expect(file('../data/rates.json?v=2#top')).toBe('docs/data/rates.json');
  });

  it('leave other links as written: routes (dotted ones too), outside URLs, anchors, files from the root', () => {
    for (const url of ['/b/', 'https://x.example/a.md', '//x.example/a.md', '#a.md', 'mailto:a@b.md', './v1.2', '../next.js', '/files/report.pdf']) expect(file(url), url).toBeUndefined();
    expect(file('/img/a.png', 'image')).toBeUndefined();
    expect(file('https://x.example/a.png', 'image')).toBeUndefined();
  });

  it('mark Markdown links for the render stage, with their #hash', () => {
    const root = html('[a](./b.md#part) [c](./c.md) [d](/d/)\n');
    expect(all(root, 'a').map((a) => a.getAttribute('href'))).toEqual([`${FILE_LINK_MARK}docs/guides/b.md#part`, `${FILE_LINK_MARK}docs/guides/c.md`, '/d/']);
  });

  it('records links from raw HTML, skips empty ones, and loads images lazily unless the author said otherwise', () => {
    const d = doc('<a href="/raw/">r</a> <a href="">e</a>\n\n<img src="/a.png" loading="eager">\n\n![b](/b.png)\n');
    expect(d.links.map((l) => `${l.line}:${l.column} ${l.kind} ${l.url}`)).toEqual(['1:1 link /raw/', '3:1 image /a.png', '5:1 image /b.png']);
    const images = all(read(rendered(d)), 'img').map((i) => `${i.getAttribute('loading')} ${i.getAttribute('decoding')}`);
    expect(images).toEqual(['eager async', 'lazy async']);
  });

  it('splits a #hash off a URL', () => {
    expect(splitHash('a.md#b#c')).toEqual(['a.md', 'b#c']);
    expect(splitHash('a.md')).toEqual(['a.md', undefined]);
  });
});

describe('code blocks', () => {
  const code = (fence: string) => html(fence).querySelector('.theme-code-block')!;
  const lines = (block: HTMLElement) => all(block, '.token-line').map((l) => l.textContent);

  it('make one line span per source line, whose text is exactly the source', () => {
    const block = code('```js\nconst a = 1;\n\n  return a;\n```\n');
    expect(lines(block)).toEqual(['const a = 1;\n', '\n', '  return a;']);
    expect(block.querySelector('code')!.textContent).toBe('const a = 1;\n\n  return a;');
  });

  it('keep an empty last line the author wrote', () => {
    expect(lines(code('```\na\n\n```\n'))).toEqual(['a\n', '']);
  });

  it('re-open a token that spans lines on each line, so each line is highlighted', () => {
    const block = code('```js\n/* one\ntwo */ x\n```\n');
    expect(all(block, '.token-line').map((l) => l.querySelector('.token.comment')?.textContent)).toEqual(['/* one', 'two */']);
  });

  it('highlight known languages and their aliases, case aside; show others as plain text', () => {
    const block = (lang: string) => code(`\`\`\`${lang}\necho "hi"\n\`\`\`\n`);
    expect(block('shell').querySelector('.token')).not.toBeNull();
    expect(block('Bash').querySelector('code')!.getAttribute('class')).toBe('language-bash');
    const plain = block('klingon');
    expect(plain.querySelector('.token')).toBeNull();
    expect(plain.getAttribute('class')).toBe('theme-code-block language-klingon');
    expect(plain.getAttribute('data-language')).toBe('klingon');
    const none = code('```\nx\n```\n');
    expect(none.getAttribute('class')).toBe('theme-code-block');
    expect(none.hasAttribute('data-language')).toBe(false);
    expect(none.querySelector('code')!.getAttribute('class')).toBe('language-text');
  });

  it("highlight what Docusaurus highlights without additionalLanguages: rust, graphql, C, C++, Objective-C (objc), Reason", () => {
    const samples: [string, string, string][] = [
      ['rust', 'fn main() { let x = 1; }', 'fn'],
      ['graphql', 'query Hero { hero { name } }', 'query'],
      ['c', 'int main(void) { return 0; }', 'return'],
      ['cpp', 'class A { public: int x; };', 'class'],
      ['objc', '@interface A : NSObject\n@end', '@interface'],
      ['reason', 'let x = switch (y) { | _ => 1 };', 'switch'],
    ];
    for (const [lang, text, keyword] of samples) {
      const tokens = all(code(`\`\`\`${lang}\n${text}\n\`\`\`\n`), '.token.keyword').map((t) => t.textContent);
      expect(tokens, lang).toContain(keyword);
    }
  });

  it("highlight JavaScript as Docusaurus does (js-extras): console, known classes and method calls, not in jsx or tsx", () => {
    const tokens = (lang: string) => all(code(`\`\`\`${lang}\nconsole.log(Math.max(a.b, 1));\n\`\`\`\n`), '.token').map((t) => `${t.getAttribute('class')!.replace('token ', '')}:${t.textContent}`);
    expect(tokens('js')).toEqual(expect.arrayContaining(['console class-name:console', 'method function property-access:log', 'known-class-name class-name:Math', 'property-access:b']));
    for (const lang of ['jsx', 'tsx', 'ts']) expect(tokens(lang).some((t) => t.includes('property-access')), lang).toBe(false);
  });

  it('mark highlighted lines, number lines on request, show a title, and always offer a copy button', () => {
    const block = code('```js title="a.js" {1,3-4} showLineNumbers\na\nb\nc\nd\ne\n```\n');
    expect(all(block, '.token-line').map((l) => l.classList.contains('highlighted'))).toEqual([true, false, true, true, false]);
    expect(block.querySelector('code')!.classList.contains('line-numbers')).toBe(true);
    expect(block.querySelector('.code-block__title')!.textContent).toBe('a.js');
    expect(block.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    const copy = block.querySelector('button.code-block__copy')!;
    expect(`${copy.getAttribute('type')} ${copy.getAttribute('aria-label')} ${copy.textContent}`).toBe('button Copy code to clipboard Copy');
    const bare = code('```js\na\n```\n');
    expect(bare.querySelector('.code-block__title')).toBeNull();
    expect(bare.querySelector('code')!.classList.contains('line-numbers')).toBe(false);
    expect(bare.querySelector('button.code-block__copy')).not.toBeNull();
  });

  it("mark lines by Docusaurus's magic comments in each language's comment form, which are taken out of the code", () => {
    const marked = (block: HTMLElement) => all(block, '.token-line').map((l) => `${l.classList.contains('highlighted') ? 'H' : ' '} ${l.textContent.replace(/\n$/, '')}`);
    expect(marked(code('```js\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n  /* highlight-start */\nc();\nd();\n// highlight-end\ne();\n```\n'))).toEqual(['  const a = 1;', 'H const b = 2;', 'H c();', 'H d();', '  e();']);
    expect(marked(code('```python\n# highlight-next-line\nx = 1\n// highlight-next-line\ny = 2\n```\n'))).toEqual(['H x = 1', '  // highlight-next-line', '  y = 2']);
    expect(marked(code('```jsx\n<div>\n  {/* highlight-next-line */}\n  <b />\n</div>\n```\n'))).toEqual(['  <div>', 'H   <b />', '  </div>']);
    expect(marked(code('```html\n<!-- highlight-next-line -->\n<p>x</p>\n```\n'))).toEqual(['H <p>x</p>']);
    // A comment with more in its line is code; the meta's own ranges leave the comments as they are (as in Docusaurus); so does a block without a language.
    expect(marked(code('```js\nf(); // highlight-next-line\ng();\n```\n'))).toEqual(['  f(); // highlight-next-line', '  g();']);
    expect(marked(code('```js {2}\n// highlight-next-line\nkeep();\n```\n'))).toEqual(['  // highlight-next-line', 'H keep();']);
    expect(marked(code('```\n// highlight-next-line\nplain\n```\n'))).toEqual(['  // highlight-next-line', '  plain']);
  });

  it("mark lines by a site's own magic comments (prism.magicComments) with their classes; the first one's class marks the meta's lines", () => {
    const magicComments = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      { className: 'code-block-error-line', line: 'highlight-error-next-line' },
    ];
    const block = (text: string) => read(rendered(loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text, magicComments }))).querySelector('.theme-code-block')!;
    const classes = (b: HTMLElement) => all(b, '.token-line').map((l) => `${[...l.classList.values()].filter((c) => c !== 'token-line').join(' ') || '-'} ${l.textContent.replace(/\n$/, '')}`);
    expect(classes(block('```js\n// highlight-error-next-line\nthrow e;\n// highlight-next-line\nok();\n```\n'))).toEqual(['code-block-error-line throw e;', 'highlighted ok();']);
    expect(classes(block('```js {2}\na();\nb();\n```\n'))).toEqual(['- a();', 'highlighted b();']);
    const custom = [{ className: 'added', line: 'add-next' }];
    const own = read(rendered(loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text: '```py {1}\n# add-next\nx = 1\n# highlight-next-line\ny\n```\n', magicComments: custom }))).querySelector('.theme-code-block')!;
    // With the meta's own range, the comments stay (as in Docusaurus) and the first comment's class marks the range.
    expect(classes(own)).toEqual(['added # add-next', '- x = 1', '- # highlight-next-line', '- y']);
  });

  it('read titles in any quoting, ranges with spaces, and ignore what is not a line number', () => {
    expect(parseCodeMeta("title='x y.ts'").title).toBe('x y.ts');
    expect(parseCodeMeta('title=bare.ts {2}').title).toBe('bare.ts');
    expect(parseCodeMeta('{ 1 , 3-4 }').highlight).toEqual(new Set([1, 3, 4]));
    expect(parseCodeMeta('{2-}').highlight).toEqual(new Set([2]));
    expect(parseCodeMeta('{a}').highlight).toEqual(new Set());
    expect(parseCodeMeta('showLineNumbersPlease').showLineNumbers).toBe(false);
  });

  it('mark only the lines the code has, however wide the range (one of a billion lines failed after 52 s)', () => {
    expect(parseCodeMeta('{2-999999999}', 3).highlight).toEqual(new Set([2, 3]));
    const block = code('```js {1-999999999}\na\nb\n```\n');
    expect([...block.querySelectorAll('.token-line')].map((line) => line.classList.contains('highlighted'))).toEqual([true, true]);
    expect(code('```js {5-9}\na\n```\n').querySelectorAll('.highlighted').length).toBe(0);
  });

  it('are highlighted up to a page budget of code, and shown plain past it, lines kept', () => {
    // Dense code: a span per backtick (a 1 MB unclosed fence of these built a 95 MB page in 10 s).
    const dense = (chars: number) => '`x'.repeat(chars / 2);
    // In lines of 80: one line of 255 KB is drawn plain for its length alone (codeBlock.ts slowToHighlight).
    const denseLines = (chars: number) => Array.from({ length: Math.floor(chars / 81) }, () => dense(80)).join('\n');
    const page = html(['```js', denseLines(HIGHLIGHT_BUDGET - 1000), '```', '', '```js {2}', 'let a = 1;', dense(2000), '```', '', '```js', 'let b = 2;', '```', ''].join('\n'));
    const blocks = all(page, '.theme-code-block');
    expect(blocks.map((b) => b.querySelectorAll('.token').length > 0)).toEqual([true, false, true]);
    // Past the budget: the code itself, its lines and marks as before.
    expect(lines(blocks[1]!)).toEqual(['let a = 1;\n', dense(2000)]);
    expect(blocks[1]!.querySelectorAll('.highlighted').length).toBe(1);
    expect(blocks[1]!.querySelector('code')!.classList.contains('language-js')).toBe(true);
  });
});

describe('blog truncation', () => {
  const post = (text: string) => doc(text, 'blog/p.md');

  it('ends the summary at <!--truncate--> written with or without spaces, and only at the top level', () => {
    expect(excerpt(post('One.\n\nTwo.\n\n<!--truncate-->\n\nRest.\n'))).toBe('<p>One.</p>\n<p>Two.</p>');
    expect(excerpt(post('> Quote.\n>\n> <!-- truncate -->\n\nRest.\n'))).toBeUndefined();
  });

  it('takes no other comment for the marker, and a post without one has no summary', () => {
    const d = post('One.\n\n<!-- truncated -->\n\nRest.\n');
    expect(excerpt(d)).toBeUndefined();
    expect(excerpt(post('Just text.\n'))).toBeUndefined();
  });
});

describe('task lists', () => {
  it('name each checkbox after its own item, not its sub-items, in tight and loose lists', () => {
    const root = html('- [ ] Parent\n  - [x] Child\n\n1. [x] Loose one\n\n2. [ ] Loose two\n');
    expect(all(root, 'input[type=checkbox]').map((i) => i.getAttribute('aria-label'))).toEqual(['Parent', 'Child', 'Loose one', 'Loose two']);
  });

  it('leave ordinary list items alone', () => {
    const root = html('- plain\n- [link](/x/)\n');
    expect(all(root, 'input')).toHaveLength(0);
    expect(all(root, 'li').map((li) => li.getAttribute('aria-label'))).toEqual([undefined, undefined]);
  });
});
