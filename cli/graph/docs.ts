import type { LoadedDocument } from '../content/loadDocument.ts';
import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { encodeSegment, joinRoute, resolveSlug, stripNumberPrefix } from './paths.ts';

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
  /** Whether Docusaurus writes the doc's URL with a trailing slash (its slug ends with "/"). */
  folder: boolean;
  label: string;
  draft: boolean;
  unlisted: boolean;
}

/**
 * Places every doc: id, route and sidebar order, by Docusaurus's rules (plugin-content-docs
 * `doProcessDocMetadata` and `getSlug`):
 * - number prefixes ("01-", "1 - ", "01.", "01_"; not "2021-11-", "7.0-") are stripped from
 *   the file name and every folder, unless front matter says `parse_number_prefixes: false`;
 * - the id is the stripped folder + front matter `id` (as written), else the stripped name;
 * - the file is its folder's index when its raw name (any case) is `index`, `readme` or
 *   the raw name of its folder (`01-guides/01-guides.md`, not `01-guides/guides.md`);
 * - the route is front matter `slug` when it starts with "/"; else the folder for an index
 *   without `slug`; else `slug` (or the id's last part, so `id` moves the page) resolved as
 *   a URL path against the folder (`slug: ../x`, `slug: x/`).
 */
export function placeDocs(documents: LoadedDocument[], config: ResolvedConfig): DocEntry[] {
  const base = config.docs.routeBasePath;
  return documents
    .filter((d) => d.area === 'docs')
    .map((document) => {
      const parts = document.relPath.split('/');
      const fileName = parts.pop()!.replace(/\.mdx?$/i, '');
      const fm = document.frontMatter;
      const strip = (segment: string) => (fm.parse_number_prefixes === false ? { name: segment } : stripNumberPrefix(segment));
      const dirNames = parts.map((p) => strip(p).name);
      const { name: stripped, prefix } = strip(fileName);
      const isIndex = ['index', 'readme', parts[parts.length - 1]?.toLowerCase()].includes(fileName.toLowerCase());
      const name = fm.id ?? stripped;
      const id = [...dirNames, name].join('/');
      const folder = `/${dirNames.map((d) => `${encodeSegment(d)}/`).join('')}`;
      const slug = fm.slug?.startsWith('/') ? fm.slug : isIndex && fm.slug === undefined ? folder : resolveSlug(fm.slug ?? encodeSegment(name), folder);
      return {
        document,
        id,
        dir: parts.join('/'),
        dirNames,
        name,
        isIndex,
        position: fm.sidebar_position ?? prefix,
        path: joinRoute(base, slug),
        folder: slug.endsWith('/'),
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
