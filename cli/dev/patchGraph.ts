import type { LoadedDocument } from '../content/loadDocument.ts';
import type { RouteGraph } from '../graph/types.ts';

/**
 * The graph with some documents' contents replaced. Only for edits that change nothing
 * other pages show (same front matter, title and description): the routes, sidebars and
 * listings stay as they are, so building the whole graph again would give the same one.
 */
export function patchDocuments(graph: RouteGraph, docs: Map<string, LoadedDocument>, changed: Set<string>): RouteGraph {
  const routes = graph.routes.map((route) =>
    'document' in route && changed.has(route.document.file) ? { ...route, document: docs.get(route.document.file)! } : route,
  ) as RouteGraph['routes'];
  return { ...graph, routes, byPath: new Map(routes.map((r) => [r.path, r])) };
}
