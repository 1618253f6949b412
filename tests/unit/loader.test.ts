import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { loadCategory } from '../../cli/content/loadMeta.ts';
import { parseCodeMeta } from '../../cli/content/markdown/codeBlock.ts';
import { FILE_LINK_MARK } from '../../cli/content/markdown/links.ts';
import { toHtml } from 'hast-util-to-html';
import { renderContent } from '../../runtime/entry-server.tsx';
import { contentContext } from '../../runtime/contentContext.ts';
import type { SiteData } from '../../runtime/pageData.ts';

const load = (text: string, file = 'docs/guides/page.md') => loadDocument({ area: 'docs', relPath: file.replace(/^docs\//, ''), file, text });
/** A loaded document with its content rendered through the theme, as a page shows it (links unresolved). */
const doc = (text: string, file?: string) => {
  const d = load(text, file);
  return { ...d, html: renderContent(d.content, { site: { baseUrl: '/' } as SiteData, content: contentContext({ frontMatter: d.frontMatter, toc: [], docCards: [] }) }) };
};

describe('front matter', () => {
  it('reads the Docusaurus keys and keeps unknown ones', () => {
    const d = doc('---\ntitle: Hello\ndescription: Short.\nsidebar_position: 3\ntags: [a, b]\ncustom: yes\n---\nBody.\n');
    expect(d.title).toBe('Hello');
    expect(d.description).toBe('Short.');
    expect(d.frontMatter.sidebar_position).toBe(3);
    expect(d.frontMatter.tags).toEqual(['a', 'b']);
    expect(d.frontMatter.custom).toBe('yes');
    expect(d.diagnostics).toEqual([]);
  });

  it('reports invalid YAML at the file line, and keeps the body', () => {
    const d = doc('---\ntitle: Hello\ndescription: [unclosed\n---\nBody text.\n');
    expect(d.diagnostics).toHaveLength(1);
    expect(d.diagnostics[0]).toMatchObject({ code: 'front-matter-syntax', file: 'docs/guides/page.md', severity: 'error' });
    // The unclosed "[" itself (line 3, column 14), not where js-yaml noticed it (the closing "---").
    expect(d.diagnostics[0]).toMatchObject({ line: 3, column: 14 });
    expect(d.html).toContain('Body text.');
  });

  it('reports YAML errors at the line and column of the file where they are', () => {
    const at = (text: string) => doc(text).diagnostics.map((x) => `${x.line}:${x.column} ${x.code}`);
    // Line 3, "bad: : x": the second ":" (column 6) has no key.
    expect(at('---\ntitle: Hello\nbad: : x\n---\nBody.\n')).toEqual(['3:6 front-matter-syntax']);
    // Line 3, "  y: 1" is indented under a scalar; js-yaml stops at the ":" (column 4).
    expect(at('---\ntitle: Hello\n  y: 1\nz: 2\n---\nBody.\n')).toEqual(['3:4 front-matter-syntax']);
    // Line 4: the key repeated.
    expect(at('---\na: 1\nb: 2\na: 3\n---\nBody.\n')).toEqual(['4:1 front-matter-syntax']);
  });

  it('reports a value of the wrong type with its key and line', () => {
    const d = doc('---\ntitle: Hello\nsidebar_position: first\n---\nBody.\n');
    expect(d.diagnostics).toEqual([
      expect.objectContaining({ code: 'front-matter-field', line: 3, message: 'Front matter "sidebar_position" must be a number; found "first".' }),
    ]);
    expect(d.title).toBe('Hello');
    // With the article the expected type takes.
    expect(doc('---\ntags: {a: 1}\n---\nBody.\n').diagnostics.map((x) => x.message)).toEqual(['Front matter "tags" must be an array; found {"a":1}.']);
    // YAML's .nan and .inf are numbers JSON has no words for: it wrote them "null".
    expect(doc('---\nsidebar_position: .nan\n---\nBody.\n').diagnostics.map((x) => x.message)).toEqual(['Front matter "sidebar_position" must be a number; found NaN.']);
    expect(doc('---\nsidebar_position: -.inf\n---\nBody.\n').diagnostics.map((x) => x.message)).toEqual(['Front matter "sidebar_position" must be a number; found -Infinity.']);
  });

  it('takes a number or a boolean written as a string ("2", "true"), as Docusaurus\'s Joi converts them; other strings are still wrong', () => {
    const d = doc('---\nsidebar_position: " 2.5 "\ntoc_max_heading_level: "4"\nhide_title: "TRUE"\ndraft: "false"\n---\nBody.\n');
    expect(d.diagnostics).toEqual([]);
    expect(d.frontMatter).toMatchObject({ sidebar_position: 2.5, toc_max_heading_level: 4, hide_title: true, draft: false });
    expect(doc('---\nsidebar_position: "2nd"\nhide_title: "yes"\ntoc_min_heading_level: "9"\n---\nBody.\n').diagnostics.map((x) => x.message)).toEqual([
      'Front matter "sidebar_position" must be a number; found "2nd".',
      'Front matter "hide_title" must be a boolean; found "yes".',
      'Front matter "toc_min_heading_level" must be at most 6; found "9".',
    ]);
    const category = loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: '{"position": "3", "collapsed": "false"}' });
    expect(category.diagnostics).toEqual([]);
    expect(category.category?.meta).toMatchObject({ position: 3, collapsed: false });
  });

  it('says in words what a number out of range or a value of no allowed shape must be, not in zod\'s', () => {
    const d = doc('---\ntoc_min_heading_level: 1\ntoc_max_heading_level: 7\ntags: [{label: 3}]\n---\nBody.\n');
    expect(d.diagnostics.map((x) => x.message)).toEqual([
      'Front matter "tags.0" does not match any allowed shape; found {"label":3}.',
      'Front matter "toc_min_heading_level" must be at least 2; found 1.',
      'Front matter "toc_max_heading_level" must be at most 6; found 7.',
    ]);
  });

  it('takes the title from a leading # heading and the description from the first paragraph', () => {
    const d = doc('# From Heading\n\nFirst paragraph with *emphasis*.\n\n## Next\n');
    expect(d.title).toBe('From Heading');
    expect(d.description).toBe('First paragraph with emphasis.');
    expect(d.html).not.toContain('<h1');
  });

  it('takes it after what the page does not show (imports, comments), as Docusaurus reads its content title, and not after content', () => {
    const mdx = doc("---\ntitle: Getting started\nformat: mdx\n---\n\nimport Tabs from '@theme/Tabs';\n\n{/* a note */}\n\n<!-- and one -->\n\n# Getting started\n\nBody.\n", 'docs/start.mdx');
    expect(mdx.title).toBe('Getting started');
    expect(mdx.html).not.toContain('<h1');
    expect(mdx.html).toContain('Body.');
    const after = doc('Intro text.\n\n# Later\n', 'docs/later.md');
    expect(after.html).toContain('<h1');
  });
});

describe('headings and table of contents', () => {
  it('gives ids by GitHub rules, honours {#custom} ids, and de-duplicates', () => {
    const d = doc('## Install the SDK\n\n## Set up {#setup}\n\n### Install the SDK\n\n#### Deep\n');
    expect(d.headings).toEqual([
      { id: 'install-the-sdk', value: 'Install the SDK', level: 2 },
      { id: 'setup', value: 'Set up', level: 2 },
      { id: 'install-the-sdk-1', value: 'Install the SDK', level: 3 },
      { id: 'deep', value: 'Deep', level: 4 },
    ]);
    expect(d.html).toContain('<h2 id="setup" class="anchor">Set up<a href="#setup" class="hash-link" aria-label="Direct link to Set up"');
  });

  it('never generates an id that a custom id already took', () => {
    const d = doc('## Setup\n\n## Other {#setup}\n');
    expect(d.headings.map((h) => h.id)).toEqual(['setup-1', 'setup']);
  });

  it('collects ids from raw HTML too', () => {
    const d = doc('Text.\n\n<div id="raw-box">Box</div>\n\n<a name="x" id="legacy"></a>\n');
    expect(d.ids).toEqual(expect.arrayContaining(['raw-box', 'legacy']));
  });

  it('drops HTML comments (a page shows none, as in Docusaurus), with or without other raw HTML beside them', () => {
    const commented = load('<!-- prettier-ignore -->\n| a |\n|---|\n\nText <!-- inline --> here.\n');
    expect(toHtml(commented.content)).toBe('\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n</table>\n<p>Text  here.</p>');
    expect(doc('<!-- prettier-ignore -->\n\nText <!-- inline --> here.\n').html).toBe('\n<p>Text  here.</p>');
    const mixed = load('<!-- note -->\n\nSee <b id="bold">this</b>.\n');
    expect(toHtml(mixed.content)).toBe('\n<p>See <b id="bold">this</b>.</p>');
    expect(mixed.ids).toContain('bold');
    // A comment followed by markup in the same raw node is HTML, not only a comment.
    expect(doc('<!-- a --><span id="s">x</span>\n').ids).toContain('s');
  });
});

describe('links and images', () => {
  it('records every link with its file line and column, after front matter', () => {
    const d = doc('---\ntitle: T\n---\n\nSee [the guide](../other.md#part) and\n[site](https://example.com).\n\n![Alt](/img/a.png)\n');
    expect(d.links.map(({ url, line, column, kind }) => ({ url, line, column, kind }))).toEqual([
      { url: '../other.md#part', line: 5, column: 5, kind: 'link' },
      { url: 'https://example.com', line: 6, column: 1, kind: 'link' },
      { url: '/img/a.png', line: 8, column: 1, kind: 'image' },
    ]);
    expect(d.links[0]!.file).toBe('docs/other.md');
    expect(d.html).toContain(`href="${FILE_LINK_MARK}docs/other.md#part"`);
    expect(d.html).toContain('loading="lazy"');
  });

  it('leaves text like "Status:pending" alone (no accidental directives)', () => {
    const d = doc('Status:pending and 10:30 and :smile.\n');
    expect(d.html).toBe('<p>Status:pending and 10:30 and :smile.</p>');
  });
});

describe('admonitions, tabs, code', () => {
  it('renders admonitions with default and custom titles', () => {
    const d = doc(':::tip\nDo this.\n:::\n\n:::danger[Irreversible]\nCareful.\n:::\n');
    // The type's mark, then its title.
    expect(d.html).toContain('<div class="theme-admonition theme-admonition-tip alert alert--success" role="note" aria-label="Tip"><div class="admonitionHeading"><span class="admonitionIcon"><svg');
    expect(d.html).toContain('</svg></span>Tip</div>');
    expect(d.html).toContain('</svg></span>Irreversible</div>');
  });

  it('reports an unknown block directive with its line', () => {
    const d = doc('Intro.\n\n:::nope\nX\n:::\n');
    expect(d.diagnostics).toEqual([expect.objectContaining({ code: 'unknown-directive', line: 3 })]);
  });

  it('renders tabs as an ARIA tab list with the group id', () => {
    const d = doc('::::tabs{groupId="lang"}\n:::tab{label="curl"}\nA\n:::\n:::tab{label="JavaScript" value="js"}\nB\n:::\n::::\n');
    // An island: the group id and the tabs are its props; the tab list and every panel are on the page.
    expect(d.html).toContain('<site-island data-name="Tabs" data-props="{&quot;id&quot;:&quot;tabs-1&quot;,&quot;groupId&quot;:&quot;lang&quot;,&quot;tabs&quot;:[{&quot;value&quot;:&quot;curl&quot;,&quot;label&quot;:&quot;curl&quot;},{&quot;value&quot;:&quot;js&quot;,&quot;label&quot;:&quot;JavaScript&quot;}],&quot;selected&quot;:&quot;curl&quot;}"><div class="tabs-container" data-group-id="lang"><div role="tablist"');
    expect(d.html).toContain('role="tab" id="tabs-1-tab-0" aria-controls="tabs-1-panel-0" aria-selected="true" tabindex="0" class="tabs__item" data-value="curl">curl</button>');
    expect(d.html).toContain('aria-selected="false" tabindex="-1" class="tabs__item" data-value="js">JavaScript</button>');
    expect(d.html).toContain('<div role="tabpanel" id="tabs-1-panel-1" aria-labelledby="tabs-1-tab-1" class="tabs__panel" data-value="js" hidden=""><site-slot><p>B</p></site-slot></div>');
  });

  it('highlights code at build time with title, line highlights and line numbers', () => {
    const d = doc('```js title="a.js" {2} showLineNumbers\nconst a = 1;\nconsole.log(a);\n```\n');
    expect(d.html).toContain('<div class="code-block__title">a.js</div>');
    expect(d.html).toContain('<code class="language-js line-numbers">');
    expect(d.html).toContain('<span class="token-line"><span class="token keyword">const</span>');
    expect(d.html).toMatch(/<span class="token-line highlighted">.*console/);
  });

  it('parses code meta', () => {
    expect(parseCodeMeta('title="x y.ts" {1,3-5} showLineNumbers')).toEqual({ title: 'x y.ts', highlight: new Set([1, 3, 4, 5]), showLineNumbers: true });
    expect(parseCodeMeta(undefined)).toEqual({ title: undefined, highlight: new Set(), showLineNumbers: false });
  });

  it('names task-list checkboxes after their item', () => {
    const d = doc('- [x] Create a wallet\n- [ ] Fund it\n');
    expect(d.html).toContain('<li class="task-list-item"><input type="checkbox" disabled="" aria-label="Create a wallet" checked=""/> Create a wallet</li>');
    expect(d.html).toContain('<li class="task-list-item"><input type="checkbox" disabled="" aria-label="Fund it"/> Fund it</li>');
  });

  it('keeps a blog summary before <!-- truncate -->', () => {
    const d = loadDocument({ area: 'blog', relPath: 'p.md', file: 'blog/p.md', text: 'Summary.\n\n<!-- truncate -->\n\nRest.\n' });
    expect(toHtml({ type: 'root', children: d.content.children.slice(0, d.excerptEnd) }).trim()).toBe('<p>Summary.</p>');
    expect(toHtml(d.content)).toContain('Rest.');
    expect(toHtml(d.content)).not.toContain('truncate');
  });
});

describe('category files', () => {
  it('reads label, position and a generated-index link', () => {
    const result = loadCategory({ area: 'docs', relPath: 'guides/_category_.yml', file: 'docs/guides/_category_.yml', text: 'label: Guides\nposition: 2\nlink:\n  type: generated-index\n  slug: /category/guides\n' });
    expect(result.category).toEqual({ dir: 'guides', file: 'docs/guides/_category_.yml', meta: { label: 'Guides', position: 2, link: { type: 'generated-index', slug: '/category/guides' } } });
  });

  it('reports an unknown key', () => {
    const result = loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: '{"lable": "Oops"}' });
    expect(result.diagnostics[0]).toMatchObject({ code: 'category-invalid', file: 'docs/g/_category_.json' });
  });

  it('names the unknown key at its line, nested or not', () => {
    const text = 'label: G\nlink:\n  type: generated-index\n  permalink: /x\nicon: x\n';
    const result = loadCategory({ area: 'docs', relPath: 'g/_category_.yml', file: 'docs/g/_category_.yml', text: 'label: G\nicon: x\n' });
    expect(result.diagnostics.map((d) => [d.line, d.message])).toEqual([[2, 'The category file is invalid: it has the unknown key "icon".']]);
    expect(loadCategory({ area: 'docs', relPath: 'g/_category_.yml', file: 'docs/g/_category_.yml', text }).diagnostics.map((d) => [d.line, d.message])).toEqual([
      [4, 'The category file is invalid: "link" has the unknown key "permalink".'],
    ]);
  });

  it('takes every key Docusaurus takes: customProps, key, collapsible, and a generated index\'s image and keywords', () => {
    const meta = { label: 'G', key: 'g', collapsible: false, customProps: { icon: 'book', order: [1, 2] }, link: { type: 'generated-index', image: '/img/g.png', keywords: ['alpha', 'beta'] } };
    const result = loadCategory({ area: 'docs', relPath: 'g/_category_.json', file: 'docs/g/_category_.json', text: JSON.stringify(meta) });
    expect(result.diagnostics).toEqual([]);
    expect(result.category?.meta).toEqual(meta);
  });
});
