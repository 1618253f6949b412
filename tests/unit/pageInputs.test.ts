import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { afterAll } from 'vitest';
import { readsDigest, readsOnlyTables, routeJson, tablesDigest } from '../../cli/render/pageInputs.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { loadConfig } from '../../cli/config/load.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import type { RouteGraph } from '../../cli/graph/types.ts';
import type { LoadedDocument } from '../../cli/content/loadDocument.ts';

/**
 * A rebuild redoes a page's recorded lookups in the graph only when the graph's tables
 * changed (tablesDigest): whatever a lookup of a table can find must change the digest,
 * else a page linking to a moved route would keep its old link.
 */
function graphOf(changes: { kind?: string; permalink?: string; extraRoute?: boolean; file?: string; width?: number; partialFile?: string; rawText?: string } = {}): RouteGraph {
  const routes = [
    { path: '/a/', kind: 'doc', permalink: '/a/' },
    { path: '/b/', kind: changes.kind ?? 'doc', permalink: changes.permalink ?? '/b/' },
    ...(changes.extraRoute ? [{ path: '/c/', kind: 'doc', permalink: '/c/' }] : []),
  ];
  const partial = { file: changes.partialFile ?? 'docs/_intro.mdx' } as LoadedDocument;
  return {
    byPath: new Map(routes.map((route) => [route.path, route])),
    fileRoutes: new Map([['docs/a.md', '/a/'], ['docs/b.md', changes.file ?? '/b/']]),
    imageSizes: new Map([['/img/x.png', { width: changes.width ?? 10, height: 20 }]]),
    partials: new Map([['docs/_intro.mdx', partial]]),
    rawFiles: new Map([['docs/example.js', changes.rawText ?? 'const a = 1;\n']]),
  } as unknown as RouteGraph;
}

const keys = new Map([['docs/_intro.mdx', 'intro-1'], ['docs/_other.mdx', 'other-1']]);
const reads = ['file\0docs/b.md', 'image\0/img/x.png', 'partial\0docs/_intro.mdx', 'raw\0docs/example.js', 'route\0/b/', 'route\0/c/'];
const lookups = (graph: RouteGraph) => readsDigest(reads, graph, { documentKeys: keys, memo: new Map() });

describe('tablesDigest', () => {
  it('is the same for the same tables, and changes with whatever a lookup finds', () => {
    const base = tablesDigest(graphOf(), keys);
    expect(tablesDigest(graphOf(), keys)).toBe(base);
    for (const change of [{ kind: 'category' }, { permalink: '/bee/' }, { extraRoute: true }, { file: '/bee/' }, { width: 11 }, { partialFile: 'docs/_other.mdx' }, { rawText: 'const a = 2;\n' }]) {
      const graph = graphOf(change);
      // The pages that read it find something else: their lookups must be redone.
      expect(lookups(graph), JSON.stringify(change)).not.toBe(lookups(graphOf()));
      expect(tablesDigest(graph, keys), JSON.stringify(change)).not.toBe(base);
    }
  });

  it('covers lookups of the five tables only: a page that read the graph otherwise ("*") has its lookups redone', () => {
    expect(readsOnlyTables(reads)).toBe(true);
    expect(readsOnlyTables([])).toBe(true);
    expect(readsOnlyTables(['route\0/a/', '*'])).toBe(false);
    expect(readsOnlyTables(['sidebar\0x'])).toBe(false);
  });
});

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('routeJson', () => {
  it('writes every route with its documents as content keys and excerpts as their post\'s, whatever the route', async () => {
    const site = writeTempSite({
      'site.config.ts': 'export default { title: "T", url: "https://t.example", trailingSlash: true, docs: { editUrl: "https://e.example/" } };\n',
      'docs/intro.md': '---\nslug: /\ntags: [start]\n---\n# Intro\n\nStart [here](./a/one.md).\n',
      'docs/a/_category_.json': '{ "label": "A", "link": { "type": "generated-index" } }',
      'docs/a/one.md': '---\ntags: [start, more]\nsidebar_position: 1\n---\n# One\n\nFirst.\n',
      'docs/a/two.md': '---\nsidebar_position: 2\n---\n# Two\n\nSecond.\n',
      'blog/2024-01-02-hello.md': '---\ntitle: Hello\ntags: [news]\n---\nFirst post.\n\n<!-- truncate -->\n\nMore.\n',
      'src/pages/about.md': '# About\n\nUs.\n',
    });
    temps.push(site);
    const { graph } = await analyze(await loadConfig(site), { reporter: createReporter({ quiet: true }) });
    const documentKeys = new Map(graph.routes.flatMap((route) => ('document' in route ? [[route.document.file, `key-of-${route.document.file}`] as [string, string]] : [])));
    const keyOf = (document: LoadedDocument) => documentKeys.get(document.file) ?? 'none';
    // The rule, as a replacer over any depth.
    const expected = (route: (typeof graph.routes)[number]) =>
      JSON.stringify(route, function (this: Record<string, unknown>, key, value: unknown) {
        if (key === 'document' && value && typeof value === 'object') return `doc:${keyOf(value as LoadedDocument)}`;
        if (key === 'excerpt' && typeof this.source === 'string' && documentKeys.has(this.source)) return `excerpt:${documentKeys.get(this.source)}`;
        return value;
      });
    expect(graph.routes.filter((route) => route.kind === 'doc').length).toBeGreaterThan(2);
    for (const route of graph.routes) {
      const json = routeJson(route, documentKeys, keyOf);
      expect(json, route.path).toBe(expected(route));
      expect(json).not.toContain('"children"');
    }
  });
});
