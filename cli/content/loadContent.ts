import { createHash } from 'node:crypto';
import type { SourceFile } from './scan.ts';
import { loadDocument, type LoadedDocument } from './loadDocument.ts';
import { loadCategory, loadAuthors, loadTagsFile, type CategoryMeta, type Author, type TagDeclaration } from './loadMeta.ts';
import type { Diagnostic } from '../report/diagnostic.ts';

/** Everything the load stage produced, as the graph stage takes it. */
export interface LoadedContent {
  documents: LoadedDocument[];
  categories: CategoryMeta[];
  authors: Record<string, Author>;
  /** Each area's `tags.yml`, when it has one. */
  tagsFiles: Partial<Record<'docs' | 'blog', Record<string, TagDeclaration>>>;
  diagnostics: Diagnostic[];
}

export type { DocumentCache } from './documentCache.ts';
import type { DocumentCache } from './documentCache.ts';

/** A document's identity: its path and its text (the loader is a pure function of both). */
export function cacheKey(source: SourceFile): string {
  return createHash('sha1').update(source.file).update('\0').update(source.text).digest('base64url');
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
  } = {},
): Promise<LoadedContent> {
  const cache = deps.cache;
  const unreadable = files.flatMap((f) => (f.unreadable ? [f.unreadable] : []));
  files = files.filter((f) => !f.unreadable);
  const markdown = files.filter((f) => /\.mdx?$/.test(f.relPath));
  const keys = markdown.map((source) => {
    let key = deps.keys?.get(source);
    if (key === undefined) {
      key = cacheKey(source);
      deps.keys?.set(source, key);
    }
    return key;
  });
  const cached = markdown.map((_, i) => cache?.get(keys[i]!));
  const missing = markdown.filter((_, i) => !cached[i]);
  const fresh = deps.loadMarkdown ? await deps.loadMarkdown(missing) : missing.map(loadDocument);
  const freshByFile = new Map(fresh.map((d) => [d.file, d]));
  const documents = markdown.map((source, i) => {
    const hit = cached[i];
    if (hit) return hit;
    const doc = freshByFile.get(source.file)!;
    cache?.set(keys[i]!, doc);
    return doc;
  });
  const categories: CategoryMeta[] = [];
  let authors: Record<string, Author> = {};
  const tagsFiles: LoadedContent['tagsFiles'] = {};
  const diagnostics: Diagnostic[] = [...unreadable, ...documents.flatMap((d) => d.diagnostics)];
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
      diagnostics.push(...result.diagnostics);
    }
  }
  return { documents, categories, authors, tagsFiles, diagnostics };
}
