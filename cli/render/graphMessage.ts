import type { Route, RouteGraph } from '../graph/types.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import { compactDocument, compactTreeBytes, documentHead, treeBytes } from '../content/compactTree.ts';

/**
 * A route graph as it is posted to another thread (structured clone), and taken back as
 * the same graph there.
 *
 * A compact document (compactTree.ts) goes as its head and its tree's bytes, which are in
 * shared memory: posted, they are shared, not copied (a clone would read `content`, parse
 * every tree and copy it as objects). Any other document goes whole. Structured clone keeps
 * which objects are the same object, so a head in `trees` is the one the routes hold, and
 * `byPath` holds the routes of `routes`.
 */
export interface GraphMessage {
  graph: RouteGraph;
  /** Each compact document's head (as the graph holds it) and its tree's bytes. */
  trees: [LoadedDocument, Uint8Array][];
}

export function graphMessage(graph: RouteGraph): GraphMessage {
  const heads = new Map<LoadedDocument, LoadedDocument>();
  const trees: GraphMessage['trees'] = [];
  const sent = (doc: LoadedDocument): LoadedDocument => {
    if (!compactTreeBytes(doc)) return doc;
    let head = heads.get(doc);
    if (!head) {
      head = documentHead(doc);
      heads.set(doc, head);
      trees.push([head, treeBytes(doc)]);
    }
    return head;
  };
  const routes = new Map<Route, Route>(graph.routes.map((route) => [route, 'document' in route ? ({ ...route, document: sent(route.document) } as Route) : route]));
  return {
    graph: {
      ...graph,
      routes: graph.routes.map((route) => routes.get(route)!),
      byPath: new Map([...graph.byPath].map(([path, route]) => [path, routes.get(route) ?? route])),
      partials: new Map([...graph.partials].map(([file, doc]) => [file, sent(doc)])),
    },
    trees,
  };
}

/** The graph a `GraphMessage` was made from, once received (its compact documents compact again). */
export function graphFromMessage({ graph, trees }: GraphMessage): RouteGraph {
  for (const [head, bytes] of trees) compactDocument(head, bytes);
  return graph;
}

/**
 * `value` (the config, the site data) as it can be posted: functions (an `editUrl`
 * function, a site's own values in `customFields`) cannot be, and are left out, as JSON
 * leaves them out. Rendering does not need them: the graph and the site data were made
 * with them, and the site's own code, which could read them, is not rendered on another thread.
 */
export function postable<T>(value: T): T {
  const copies = new Map<object, unknown>();
  const copy = (item: unknown): unknown => {
    if (typeof item === 'function') return undefined;
    if (item === null || typeof item !== 'object' || !(Array.isArray(item) || Object.getPrototypeOf(item) === Object.prototype)) return item;
    if (copies.has(item)) return copies.get(item);
    const out: Record<string, unknown> | unknown[] = Array.isArray(item) ? [] : {};
    copies.set(item, out);
    for (const [key, child] of Object.entries(item)) (out as Record<string, unknown>)[key] = copy(child);
    return out;
  };
  return copy(value) as T;
}
