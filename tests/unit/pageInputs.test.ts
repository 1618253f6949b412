import { describe, expect, it } from 'vitest';
import { readsDigest, readsOnlyTables, tablesDigest } from '../../cli/render/pageInputs.ts';
import type { RouteGraph } from '../../cli/graph/types.ts';
import type { LoadedDocument } from '../../cli/content/loadDocument.ts';

/**
 * A rebuild redoes a page's recorded lookups in the graph only when the graph's tables
 * changed (tablesDigest): whatever a lookup of a table can find must change the digest,
 * else a page linking to a moved route would keep its old link.
 */
function graphOf(changes: { kind?: string; permalink?: string; extraRoute?: boolean; file?: string; width?: number; partialFile?: string } = {}): RouteGraph {
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
  } as unknown as RouteGraph;
}

const keys = new Map([['docs/_intro.mdx', 'intro-1'], ['docs/_other.mdx', 'other-1']]);
const reads = ['file\0docs/b.md', 'image\0/img/x.png', 'partial\0docs/_intro.mdx', 'route\0/b/', 'route\0/c/'];
const lookups = (graph: RouteGraph) => readsDigest(reads, graph, { documentKeys: keys, memo: new Map() });

describe('tablesDigest', () => {
  it('is the same for the same tables, and changes with whatever a lookup finds', () => {
    const base = tablesDigest(graphOf(), keys);
    expect(tablesDigest(graphOf(), keys)).toBe(base);
    for (const change of [{ kind: 'category' }, { permalink: '/bee/' }, { extraRoute: true }, { file: '/bee/' }, { width: 11 }, { partialFile: 'docs/_other.mdx' }]) {
      const graph = graphOf(change);
      // The pages that read it find something else: their lookups must be redone.
      expect(lookups(graph), JSON.stringify(change)).not.toBe(lookups(graphOf()));
      expect(tablesDigest(graph, keys), JSON.stringify(change)).not.toBe(base);
    }
  });

  it('covers lookups of the four tables only: a page that read the graph otherwise ("*") has its lookups redone', () => {
    expect(readsOnlyTables(reads)).toBe(true);
    expect(readsOnlyTables([])).toBe(true);
    expect(readsOnlyTables(['route\0/a/', '*'])).toBe(false);
    expect(readsOnlyTables(['sidebar\0x'])).toBe(false);
  });
});
