import type { LoadedDocument } from '../content/loadDocument.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { joinRoute, stripNumberPrefix } from './paths.ts';

/** A doc file placed in the docs tree: its id, folder and route. */
export interface DocEntry {
  document: LoadedDocument;
  /** Folder path + file id, e.g. "functional/checkouts/cart". */
  id: string;
  /** Folder path relative to the docs folder, as on disk (with number prefixes). */
  dir: string;
  /** Folder names without number prefixes. */
  dirNames: string[];
  /** File name without extension and number prefix. */
  name: string;
  /** The folder's own page: index.md, README.md or a file named like its folder. */
  isIndex: boolean;
  /** Order in the sidebar: front matter `sidebar_position`, else the number prefix. */
  position?: number;
  path: string;
  label: string;
  draft: boolean;
  unlisted: boolean;
}

/**
 * Places every doc: id, route and sidebar order, by Docusaurus's rules:
 * - the route is the folder path + file name, both without number prefixes;
 * - index.md, README.md and a file named like its folder stand for the folder;
 * - front matter `slug` replaces the route (absolute when it starts with "/", else
 *   relative to the folder); `id` replaces the file name in the id.
 */
export function placeDocs(documents: LoadedDocument[], config: ResolvedConfig): DocEntry[] {
  const base = config.docs.routeBasePath;
  return documents
    .filter((d) => d.area === 'docs')
    .map((document) => {
      const parts = document.relPath.split('/');
      const fileName = parts.pop()!.replace(/\.mdx?$/, '');
      const dirNames = parts.map((p) => stripNumberPrefix(p).name);
      const { name: stripped, prefix } = stripNumberPrefix(fileName);
      const fm = document.frontMatter;
      const isIndex = /^(index|readme)$/i.test(stripped) || (dirNames.length > 0 && stripped === dirNames[dirNames.length - 1]);
      const name = fm.id ?? stripped;
      const id = [...dirNames, name].join('/');
      const path = fm.slug
        ? fm.slug.startsWith('/')
          ? joinRoute(base, fm.slug)
          : joinRoute(base, ...dirNames, fm.slug)
        : joinRoute(base, ...dirNames, isIndex ? '' : stripped);
      return {
        document,
        id,
        dir: parts.join('/'),
        dirNames,
        name,
        isIndex,
        position: fm.sidebar_position ?? prefix,
        path,
        label: fm.sidebar_label ?? document.title,
        draft: fm.draft === true && !config.docs.includeDrafts,
        unlisted: fm.unlisted === true,
      };
    });
}

/**
 * Two docs with one id (two `id: x` in a folder, or `id: b` beside b.md) are an error at
 * each of them, naming the others: sidebars, the navbar and pagination refer to docs by
 * id and would silently take the first. The place is the `id:` line, else the file.
 */
export function duplicateDocIds(entries: DocEntry[]): Diagnostic[] {
  const byId = new Map<string, DocEntry[]>();
  for (const entry of entries) byId.set(entry.id, [...(byId.get(entry.id) ?? []), entry]);
  const place = (e: DocEntry) => ({ file: e.document.file, line: e.document.frontMatterLines?.id ?? 1 });
  const diagnostics: Diagnostic[] = [];
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    for (const entry of group) {
      const others = group.filter((e) => e !== entry).map((e) => `${place(e).file}:${place(e).line}`);
      diagnostics.push({ severity: 'error', ...place(entry), column: 1, ...catalog.duplicateDocId(id, others) });
    }
  }
  return diagnostics;
}
