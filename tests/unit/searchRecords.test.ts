import { describe, expect, it } from 'vitest';
import { graphOf } from '../helpers/memorySite.ts';
import { searchPages, searchRecords } from '../../cli/search/records.ts';
import { treeSections } from '../../cli/search/treeSections.ts';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { buildLocalIndex, clip } from '../../cli/search/buildIndex.ts';
import { decodeShard, encodeShard, type SearchShard } from '../../runtime/search/indexFormat.ts';

const site = {
  'docs/intro.md': '---\nslug: /\n---\n# Welcome\n\nStart here.\n',
  'docs/guides/_category_.yml': 'label: Guides\n',
  'docs/guides/setup.md':
    '# Set up\n\nInstall the tool &amp; run it.\n\n## Configure the key {#key}\n\nPut `API_KEY` in **.env**.\n\n```js\nconst secret = 1;\n```\n\n### Rotate it\n\nRotate monthly.\n\n#### Deep detail\n\nStill in the rotate section.\n\n:::tip[Careful]\nKeep it secret.\n:::\n',
  'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\n\nA post.\n\n## News\n\nSomething new.\n',
};

describe('search records', () => {
  it('makes DocSearch records per page and section, with hierarchy, anchors and facets', async () => {
    const { graph, config } = await graphOf(site);
    const records = searchRecords(graph, config);
    const setup = records.filter((r) => r.url_without_anchor === '/guides/setup/');
    expect(setup.map((r) => [r.type, r.url, r.hierarchy.lvl0, r.hierarchy.lvl1, r.hierarchy.lvl2, r.hierarchy.lvl3, r.content])).toEqual([
      ['lvl1', '/guides/setup/', 'Guides', 'Set up', null, null, null],
      ['content', '/guides/setup/', 'Guides', 'Set up', null, null, 'Install the tool & run it.'],
      ['lvl2', '/guides/setup/#key', 'Guides', 'Set up', 'Configure the key', null, null],
      ['content', '/guides/setup/#key', 'Guides', 'Set up', 'Configure the key', null, 'Put API_KEY in .env.'],
      ['lvl3', '/guides/setup/#rotate-it', 'Guides', 'Set up', 'Configure the key', 'Rotate it', null],
      ['content', '/guides/setup/#rotate-it', 'Guides', 'Set up', 'Configure the key', 'Rotate it', 'Rotate monthly. Deep detail Still in the rotate section. Keep it secret.'],
    ]);
    expect(new Set(setup.map((r) => `${r.language} ${r.docusaurus_tag}`))).toEqual(new Set(['en docs-default-current']));
    expect(records.find((r) => r.url === '/')?.hierarchy.lvl0).toBe('Documentation');
    const post = records.filter((r) => r.hierarchy.lvl1 === 'Hello');
    expect(post.map((r) => [r.type, r.hierarchy.lvl0, r.hierarchy.lvl2, r.docusaurus_tag])).toContainEqual(['lvl2', 'Blog', 'News', 'blog-posts-default']);
    // Lists, tags, search and 404 pages are not indexed.
    expect(records.some((r) => /\/(tags|search|archive)\/|404/.test(r.url))).toBe(false);
  });

  it('uses absolute URLs for an Algolia export and stable object ids', async () => {
    const { graph, config } = await graphOf(site);
    const records = searchRecords(graph, config, 'https://docs.example');
    expect(records[0]!.url.startsWith('https://docs.example/')).toBe(true);
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
  });

  it('leaves code blocks, component labels and entity noise out of the text; headings inside components still split', () => {
    const text =
      'A &lt;b&gt; &#x26; &#38; b\n\n## Title {#x}\n\n```js title="a.js"\nsecret()\n```\n\n- one\n- two\n\n::::tabs\n:::tab{label="Mac label"}\n### In a tab\n\nTab text.\n:::\n::::\n\n<pre>raw pre</pre>\n';
    const { content } = loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text });
    expect(treeSections(content)).toEqual([
      { level: 1, anchor: null, heading: null, text: 'A <b> & & b' },
      { level: 2, anchor: 'x', heading: 'Title', text: 'one two' },
      { level: 3, anchor: 'in-a-tab', heading: 'In a tab', text: 'Tab text.' },
    ]);
  });

  it('round-trips pages through the shard format, deriving plain anchors', async () => {
    const { graph, config } = await graphOf(site);
    const pages = searchPages(graph, config);
    const shard = JSON.parse(JSON.stringify(encodeShard(pages))) as SearchShard;
    expect(decodeShard(shard)).toEqual(pages);
    expect(() => decodeShard({ ...shard, version: 99 as never })).toThrow(/rebuild the site/);
  });

  it('writes a manifest naming content-hashed shards, and clips long sections', async () => {
    const { graph, config } = await graphOf(site);
    const index = buildLocalIndex(searchPages(graph, config), 10, { shardBytes: 10 });
    expect(index.manifest.shards.length).toBeGreaterThan(1);
    for (const name of index.manifest.shards) expect(index.files.has(`search/${name}`)).toBe(true);
    expect(JSON.parse(index.files.get('search/manifest.json')!)).toEqual(index.manifest);
    expect(clip('one two three four', 9)).toBe('one two …');
    expect(clip('short', 9)).toBe('short');
  });
});
