import type { LoadedDocument } from '../content/loadDocument.ts';
import type { RouteGraph } from '../graph/types.ts';

/**
 * What an edit affects, for dev mode's incremental rebuilds. Pure functions of the
 * documents and the graph.
 */

/** The loaded documents of the changed files (deleted files have none). */
export function changedDocs(docs: Map<string, LoadedDocument>, changed: Set<string>): LoadedDocument[] {
  return [...changed].flatMap((file) => docs.get(file) ?? []);
}

/** The changed files and every file with a link into one of them. */
export function filesLinkingTo(graph: RouteGraph, changed: Set<string>): Set<string> {
  const files = new Set(changed);
  const targets = new Set<string>();
  for (const route of graph.routes) if ('document' in route && changed.has(route.document.file)) targets.add(route.path);
  for (const route of graph.routes) {
    if (!('document' in route) || files.has(route.document.file)) continue;
    const into = (url: string) => {
      try {
        return targets.has(new URL(url, `http://site${route.path}`).pathname);
      } catch {
        return false;
      }
    };
    if (route.document.links.some((l) => (l.file ? changed.has(l.file) : into(l.url)))) files.add(route.document.file);
  }
  return files;
}

/** Front matter, title and place of a document: what other pages show of it. */
export function navFingerprint(doc: LoadedDocument): string {
  return JSON.stringify([doc.area, doc.title, doc.description, doc.frontMatter]);
}

