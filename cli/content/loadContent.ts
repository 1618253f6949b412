import { createHash } from 'node:crypto';
import { parseSettings, type SourceFile } from './scan.ts';
import type { LoadedDocument } from './loadDocument.ts';
import { loadCategory, loadAuthors, loadTagsFile, type CategoryMeta, type Author, type TagDeclaration } from './loadMeta.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { COMPACT_FROM, keepTreesOf } from './compactTree.ts';

/** Everything the load stage produced, as the graph stage takes it. */
export interface LoadedContent {
  documents: LoadedDocument[];
  /** MDX partials the documents import (`import Intro from './_intro.mdx'`), by site-relative file. */
  partials: Map<string, LoadedDocument>;
  /** The text of each file content imports through raw-loader (`!!raw-loader!./example.js`), by site-relative file. */
  rawFiles?: Map<string, string>;
  categories: CategoryMeta[];
  authors: Record<string, Author>;
  /** Each area's `tags.yml`, when it has one. */
  tagsFiles: Partial<Record<'docs' | 'blog', Record<string, TagDeclaration>>>;
  /** Each docs folder's `tags.yml` (every version and docs instance has its own), by the folder's site-relative path with a trailing "/". */
  docsTagsFiles?: Record<string, Record<string, TagDeclaration>>;
  diagnostics: Diagnostic[];
  /** The pages folder's React pages, relative to it (see reactPages.ts); none unless scanned. */
  reactPages?: string[];
  /** Each file's last commit, by site-relative path (gitHistory.ts); only when the docs show it. */
  lastUpdates?: ReadonlyMap<string, LastUpdate>;
}

export type { DocumentCache } from './documentCache.ts';
import type { LastUpdate } from './gitHistory.ts';
import type { DocumentCache } from './documentCache.ts';

/** A document's identity: its path, format and text (the loader is a pure function of them). */
export function cacheKey(source: SourceFile): string {
  // The format alone for a file without other settings: the keys of every site that has none stay as they were.
  return createHash('sha1').update(source.file).update('\0').update(parseSettings(source)).update('\0').update(source.text).digest('base64url');
}

/**
 * A document as the cache may give or keep it for `source`: not one over the node limit
 * (markdown.maxNodes), which the key does not hold. Refused, it is never kept, so a
 * limit raised takes it; kept, it is not given once the limit is lowered below it.
 */
function usable(doc: LoadedDocument | undefined, source: SourceFile): LoadedDocument | undefined {
  return doc && !(doc.nodes > (source.maxNodes ?? Infinity)) ? doc : undefined;
}

/**
 * The load stage over all files. Markdown goes through `loadMarkdown` (in this thread, or
 * a worker pool for large sites); cached documents are reused by content hash.
 */
export async function loadContent(
  files: SourceFile[],
  deps: {
    cache?: DocumentCache;
    loadMarkdown?: (sources: SourceFile[]) => Promise<LoadedDocument[]>;
    /** Keys already computed for unchanged source objects (dev mode: hash only what changed). */
    keys?: WeakMap<SourceFile, string>;
    /** Reads a partial an MDX file imports (site-relative), or says why it cannot be read. */
    readPartial?: (file: string) => SourceFile | 'missing' | 'outside';
    /** Reads a file the scan did not (`recordedKey`), when its document is not in the cache. */
    readSource?: (source: SourceFile) => SourceFile;
  } = {},
): Promise<LoadedContent> {
  const cache = deps.cache;
  // A file found by its recorded key is read after all if its document is gone from the
  // cache; the scan's object takes the text (its key is computed from it, below).
  const recordedHits = new Map<SourceFile, LoadedDocument>();
  for (const source of files) {
    if (source.recordedKey === undefined) continue;
    const hit = usable(cache?.get(source.recordedKey), source);
    if (hit) {
      recordedHits.set(source, hit);
      continue;
    }
    if (!deps.readSource) throw new Error(`${source.file} was not read, and nothing can read it`);
    const read = deps.readSource(source);
    delete source.recordedKey;
    Object.assign(source, read);
  }
  const unreadable = files.flatMap((f) => (f.unreadable ? [f.unreadable] : []));
  files = files.filter((f) => !f.unreadable);
  const markdown = files.filter((f) => /\.mdx?$/.test(f.relPath));
  const keys = markdown.map((source) => {
    let key = deps.keys?.get(source);
    if (key === undefined) {
      key = source.recordedKey ?? cacheKey(source);
      deps.keys?.set(source, key);
    }
    return key;
  });
  const cached = markdown.map((source, i) => recordedHits.get(source) ?? usable(cache?.get(keys[i]!), source));
  const missing = markdown.filter((_, i) => !cached[i]);
  const loadMarkdown = deps.loadMarkdown ?? loadInThisThread;
  const fresh = missing.length > 0 ? await loadMarkdown(missing) : [];
  const freshByFile = new Map(fresh.map((d) => [d.file, d]));
  const documents = markdown.map((source, i) => {
    const hit = cached[i];
    if (hit) return hit;
    const doc = freshByFile.get(source.file)!;
    if (usable(doc, source)) cache?.set(keys[i]!, doc);
    return doc;
  });
  // A small site's trees fit the heap: read once, they are kept (see COMPACT_FROM).
  if (markdown.length < COMPACT_FROM) keepTreesOf(documents);
  const partials = await loadPartials(documents, deps.readPartial, cache, loadMarkdown);
  const raw = readRawFiles([...documents, ...partials.loaded.values()], deps.readPartial);
  const categories: CategoryMeta[] = [];
  let authors: Record<string, Author> = {};
  const tagsFiles: LoadedContent['tagsFiles'] = {};
  const docsTagsFiles: Record<string, Record<string, TagDeclaration>> = {};
  const diagnostics: Diagnostic[] = [...unreadable, ...documents.flatMap((d) => d.diagnostics), ...partials.diagnostics, ...raw.diagnostics];
  for (const source of files) {
    if (source.area === 'docs' && /(^|\/)_category_\.(json|ya?ml)$/.test(source.relPath)) {
      const result = loadCategory(source);
      if (result.category) categories.push(result.category);
      diagnostics.push(...result.diagnostics);
    } else if (source.area === 'blog' && /^authors\.ya?ml$/.test(source.relPath)) {
      const result = loadAuthors(source);
      authors = result.authors;
      diagnostics.push(...result.diagnostics);
    } else if ((source.area === 'docs' || source.area === 'blog') && /^tags\.ya?ml$/.test(source.relPath)) {
      const result = loadTagsFile(source);
      tagsFiles[source.area] = result.tags;
      if (source.area === 'docs') docsTagsFiles[source.file.slice(0, source.file.length - source.relPath.length)] = result.tags;
      diagnostics.push(...result.diagnostics);
    }
  }
  return { documents, partials: partials.loaded, rawFiles: raw.texts, categories, authors, tagsFiles, docsTagsFiles, diagnostics };
}

/** The parser, loaded when a document needs it (a warm cache needs none). */
async function loadInThisThread(sources: SourceFile[]): Promise<LoadedDocument[]> {
  const { loadDocument } = await import('./loadDocument.ts');
  return sources.map(loadDocument);
}

/**
 * The partials MDX files import, and the partials those import, each loaded once (cached
 * like any document). A partial's own problems are reported at its own file and line; one
 * that cannot be read is reported at the import that names it.
 */
/**
 * The text of the files documents import through raw-loader, read as partials are (inside
 * the site, decoded, within markdown.maxFileSize); one that cannot be read is a warning at
 * its import, and the name stands for nothing.
 */
function readRawFiles(documents: Iterable<LoadedDocument>, read: ((file: string) => SourceFile | 'missing' | 'outside') | undefined): { texts: Map<string, string>; diagnostics: Diagnostic[] } {
  const texts = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const tried = new Set<string>();
  for (const document of documents) {
    for (const binding of Object.values(document.mdx?.bindings ?? {})) {
      if (binding.kind !== 'raw' || !read) continue;
      const source = tried.has(binding.file) ? undefined : read(binding.file);
      tried.add(binding.file);
      if (source === undefined) continue;
      if (typeof source === 'string') diagnostics.push({ severity: 'warning', file: document.file, line: binding.line, column: binding.column, ...catalog.mdxRawFileMissing(binding.file, source) });
      else if (source.unreadable) diagnostics.push(source.unreadable);
      else texts.set(binding.file, source.text);
    }
  }
  return { texts, diagnostics };
}

async function loadPartials(
  documents: LoadedDocument[],
  read: ((file: string) => SourceFile | 'missing' | 'outside') | undefined,
  cache: DocumentCache | undefined,
  loadMarkdown: (sources: SourceFile[]) => Promise<LoadedDocument[]>,
): Promise<{ loaded: Map<string, LoadedDocument>; diagnostics: Diagnostic[] }> {
  const loaded = new Map<string, LoadedDocument>();
  const diagnostics: Diagnostic[] = [];
  const tried = new Set<string>();
  let importers = documents;
  while (importers.length > 0 && read) {
    const next: LoadedDocument[] = [];
    for (const importer of importers) {
      for (const binding of Object.values(importer.mdx?.bindings ?? {})) {
        if (binding.kind !== 'partial') continue;
        if (tried.has(binding.file)) continue;
        tried.add(binding.file);
        const source = read(binding.file);
        if (typeof source === 'string') {
          diagnostics.push({ severity: 'warning', file: importer.file, line: binding.line, column: binding.column, ...catalog.mdxPartialMissing(binding.file, source) });
          continue;
        }
        if (source.unreadable) {
          diagnostics.push(source.unreadable);
          continue;
        }
        const key = cacheKey(source);
        let doc = usable(cache?.get(key), source);
        if (!doc) {
          doc = (await loadMarkdown([source]))[0]!;
          if (usable(doc, source)) cache?.set(key, doc);
        }
        loaded.set(binding.file, doc);
        diagnostics.push(...doc.diagnostics);
        next.push(doc);
      }
    }
    importers = next;
  }
  return { loaded, diagnostics };
}
