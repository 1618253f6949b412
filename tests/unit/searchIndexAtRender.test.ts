import { describe, expect, it } from 'vitest';
import { incrementalSearchIndex } from '../../cli/search/searchIndex.ts';
import { pageIndexPart, RenderedIndexParts } from '../../cli/search/pageIndexPart.ts';
import { searchedDocument } from '../../cli/search/records.ts';
import { compactDocument, withTreeHeld } from '../../cli/content/compactTree.ts';
import type { IndexOptions } from '../../cli/search/buildIndex.ts';
import { graphOf } from '../helpers/memorySite.ts';
import type { Route } from '../../cli/graph/types.ts';

/**
 * A build without a previous index makes each page's part of the search index on the thread
 * that renders the page (pageIndexPart.ts): the index must be the one the search step makes
 * reading every page itself, byte for byte, split or whole.
 */

const WORDS = 'payment wallet callback invoice refund network settlement currency address token webhook balance'.split(' ');
const paragraph = (n: number, length: number) => Array.from({ length }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ') + '.';

async function site() {
  const files: Record<string, string> = {
    'docs/intro.md': `# Intro\n\n${paragraph(0, 60)}\n\n## Setup\n\n${paragraph(1, 90)}\n\n### Keys\n\n${paragraph(2, 20)}\n`,
    'docs/guides/_category_.json': '{ "label": "Guides", "link": { "type": "generated-index", "description": "All the guides" } }',
    'docs/unlisted.md': `---\nunlisted: true\n---\n# Unlisted\n\n${paragraph(3, 30)}\n`,
    'blog/2024-01-02-hello.md': `---\ntitle: Hello\n---\n${paragraph(4, 40)}\n\n<!-- truncate -->\n\n## More\n\n${paragraph(5, 50)}\n`,
    'pages/about.md': `# About\n\n${paragraph(6, 25)}\n`,
  };
  for (let i = 0; i < 8; i++) files[`docs/guides/guide-${i}.md`] = `# Guide ${i}\n\n${paragraph(i, 30 + i * 11)}\n\n## Step ${i}\n\n${paragraph(i + 9, 70)}\n`;
  return graphOf(files, { baseUrl: '/base/' });
}

/** The index the search step makes with every page's part made as it rendered; `origin` may make a page's part with other URLs. */
function indexWithParts(graph: Awaited<ReturnType<typeof site>>['graph'], config: Awaited<ReturnType<typeof site>>['config'], indexOptions: IndexOptions, origin = (_route: Route, wanted: string) => wanted) {
  const parts = new RenderedIndexParts(graph, config, { indexOptions });
  const written = new Map<string, string>();
  let taken = 0;
  for (const route of graph.routes) {
    const document = searchedDocument(route);
    if (!document) continue;
    const files = parts.take(route, pageIndexPart(route, document.content, graph, config, { ...parts.wanted, origin: origin(route, parts.wanted.origin) }));
    for (const [file, contents] of files) written.set(file, contents);
    taken++;
  }
  const index = incrementalSearchIndex(graph, config, { rendered: parts, indexOptions });
  for (const [file, contents] of index.files) {
    expect(written.has(file), `${file} made twice`).toBe(false);
    written.set(file, contents);
  }
  return { files: [...written].sort(), taken, split: parts.wanted.split };
}

describe("a page's part of the search index, made as it renders", () => {
  for (const [name, indexOptions] of [
    ['whole', { maxSectionText: 60 }],
    ['split', { maxSectionText: 60, splitPages: 2 }],
  ] as const) {
    it(`gives the index the search step makes of every page, ${name}`, async () => {
      const { graph, config } = await site();
      const expected = [...incrementalSearchIndex(graph, config, { indexOptions }).files].sort();
      const made = indexWithParts(graph, config, indexOptions);
      expect(made.split).toBe(name === 'split');
      // Every doc, the post and the Markdown page: not the unlisted doc, nor the category page (no document).
      expect(made.taken).toBe(11);
      expect(made.files).toEqual(expected);
      // Sections long enough to be clipped.
      expect(expected.some(([, json]) => json.includes(' …'))).toBe(true);
    });

    it(`leaves a page whose part has another head to the search step, ${name}`, async () => {
      const { graph, config } = await site();
      const expected = [...incrementalSearchIndex(graph, config, { indexOptions }).files].sort();
      const made = indexWithParts(graph, config, indexOptions, (route, origin) => (route.title === 'Guide 3' ? '/elsewhere' : origin));
      expect(made.files).toEqual(expected);
    });
  }
});

describe('a tree held while a page renders', () => {
  it('is parsed once for every read meanwhile, and the document is compact again after', async () => {
    const { graph } = await site();
    const document = compactDocument(searchedDocument(graph.routes.find((route) => route.title === 'Intro')!)!);
    expect(document.content).not.toBe(document.content);
    const tree = withTreeHeld(document, (held) => {
      expect(document.content).toBe(held);
      expect(document.content).toBe(held);
      return held;
    });
    expect(document.content).not.toBe(tree);
    expect(document.content).toEqual(tree);
  });
});
