import type { LoadedDocument } from './loadDocument.ts';

/**
 * Documents whose content tree is held as its JSON bytes, not as objects, between the load
 * stage and the stages that read it (render, search). A tree as objects is about 70 KB of
 * heap for a page of the synthetic corpus, as JSON about 20 KB, outside the heap: at 10,000 docs
 * the trees held from the end of loading to the end of the build were most of its 1.5 GB
 * peak, and memory grew with the site instead of staying flat.
 *
 * `content` is parsed each time it is read and not kept: a page's tree lives while its
 * page is rendered (and again while its search records are taken), then is garbage. Each
 * read gets its own copy; nothing changes a document's tree (see resolveTree.ts), so the
 * copies are the same. A big site reads a document's tree two or three times (render,
 * search, and with a build cache the doc-card check): parsing costs a fraction of the
 * garbage collection the held trees cost.
 */

/** The bytes of a compact document's tree, where `entryText` finds them (not enumerable: not part of the document). */
const TREE_BYTES = Symbol('treeBytes');
/** Where a document from the cache reads its tree's bytes, until it has (`lazyTreeDocument`). */
const TREE_SOURCE = Symbol('treeSource');
/** Set on a document from the cache whose tree, once read, is kept (`keepTreesOf`). */
const KEEP_TREE = Symbol('keepTree');

/**
 * From how many documents a site's trees are held as bytes, not objects: below it, the
 * trees of every page fit the heap, and parsing one two or three times (render, search,
 * doc cards) cost more than holding it (this site, every page rendered from the cache:
 * 1.45 s kept, 1.65 s parsed at each read). Workers parse from here on too (workerPool.ts).
 */
export const COMPACT_FROM = 1000;

type Compact = LoadedDocument & { [TREE_BYTES]?: Uint8Array; [TREE_SOURCE]?: () => Uint8Array; [KEEP_TREE]?: true };

/**
 * The tree of `doc` as JSON bytes, in shared memory: a document loaded on a worker reaches
 * the main thread, and from there the build's second thread (cli/render/helperThread.ts),
 * without its tree being copied.
 */
export function treeBytes(doc: LoadedDocument): Uint8Array {
  return sharedBytes((doc as Compact)[TREE_BYTES] ?? new TextEncoder().encode(JSON.stringify(doc.content)));
}

/** `bytes` in a SharedArrayBuffer of their own: as they are if they are already, else copied. */
export function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/**
 * `doc` made compact, in place: its `content` is parsed from `bytes` (its tree's JSON) on
 * every read. Setting `content` makes it an ordinary document again.
 */
export function compactDocument(doc: LoadedDocument, bytes: Uint8Array = treeBytes(doc)): LoadedDocument {
  const decoder = new TextDecoder();
  Object.defineProperty(doc, TREE_BYTES, { value: bytes, enumerable: false, configurable: true });
  Object.defineProperty(doc, 'content', {
    enumerable: true,
    configurable: true,
    get: () => JSON.parse(decoder.decode(bytes)) as LoadedDocument['content'],
    set(content: LoadedDocument['content']) {
      delete (doc as Compact)[TREE_BYTES];
      delete (doc as Compact)[TREE_SOURCE];
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
    },
  });
  return doc;
}

/** The bytes of a compact document's tree, without parsing it; none for an ordinary document. */
export function compactTreeBytes(doc: LoadedDocument): Uint8Array | undefined {
  const lazy = (doc as Compact)[TREE_SOURCE];
  // Read into shared memory: asked for to go to another thread (graphMessage.ts), bytes read
  // as a file's were copied into shared memory there and kept here too, two copies of every
  // tree (10,000 docs from the cache into a new output folder: 1,082-1,095 MiB peak, 859-898 so).
  if (lazy && !(doc as Compact)[TREE_BYTES]) compactDocument(doc, sharedBytes(lazy()));
  return (doc as Compact)[TREE_BYTES];
}

/**
 * `doc` with its tree's JSON bytes read by `readTree` when first asked for: by a read of
 * `content`, or by `compactTreeBytes` (a graph posted to another thread sends the bytes, as
 * it does a compact document's, not the tree parsed and copied as objects). From then on
 * the document is compact: each read of `content` parses the bytes, and none keeps the tree.
 * Kept, as they were, the trees of a build that renders every page from the document
 * cache (a new output folder, another config, a build after `check`) were held to its end,
 * and copied whole to the second thread: 10,000 docs into a new output folder took 58.5 s
 * and peaked at 2,439 MiB; 36.2 s and 1,061 MiB so. A small site's documents keep their tree
 * once read instead (`keepTreesOf`). Setting `content` makes it an ordinary document.
 */
export function lazyTreeDocument(doc: LoadedDocument, readTree: () => Uint8Array): LoadedDocument {
  Object.defineProperty(doc, TREE_SOURCE, { value: readTree, enumerable: false, configurable: true });
  Object.defineProperty(doc, 'content', {
    enumerable: true,
    configurable: true,
    get() {
      if (!(doc as Compact)[KEEP_TREE]) return compactDocument(doc, readTree()).content;
      const content = JSON.parse(new TextDecoder().decode(readTree())) as LoadedDocument['content'];
      (doc as LoadedDocument).content = content;
      return content;
    },
    set(content: LoadedDocument['content']) {
      delete (doc as Compact)[TREE_SOURCE];
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
    },
  });
  return doc;
}

/**
 * Runs `use` with `doc`'s tree parsed once: reads of `content` meanwhile get that tree, not
 * a parse each (a page rendered and its search sections read from the same tree). A compact
 * document is compact again after; an ordinary one, or one that keeps its tree, is read as it is.
 */
export function withTreeHeld<T>(doc: LoadedDocument, use: (tree: LoadedDocument['content']) => T): T {
  const compact = doc as Compact;
  if (compact[KEEP_TREE] || (!compact[TREE_BYTES] && !compact[TREE_SOURCE])) return use(doc.content);
  const bytes = compactTreeBytes(doc)!;
  const tree = doc.content;
  Object.defineProperty(doc, 'content', { value: tree, enumerable: true, configurable: true, writable: true });
  try {
    return use(tree);
  } finally {
    compactDocument(doc, bytes);
  }
}

/** The documents from the cache among `docs` keep their tree once it is read, as a document parsed in this thread does: for a site of fewer than COMPACT_FROM documents. */
export function keepTreesOf(docs: readonly LoadedDocument[]): void {
  for (const doc of docs) if ((doc as Compact)[TREE_SOURCE] && !(doc as Compact)[TREE_BYTES]) Object.defineProperty(doc, KEEP_TREE, { value: true, configurable: true });
}

/**
 * Documents as a worker posts them: each with its tree's place held by a 0 (so `content`
 * keeps its place among the keys, as in a cache entry: fingerprints are JSON of documents),
 * and the trees' bytes, in shared memory (posted, they are shared, not copied).
 */
export interface PackedDocuments {
  docs: LoadedDocument[];
  trees: Uint8Array[];
}

export function packDocuments(docs: LoadedDocument[]): PackedDocuments {
  return { docs: docs.map(documentHead), trees: docs.map(treeBytes) };
}

/** A document without its tree: `content` is a 0 in its place among the keys. */
export function documentHead(doc: LoadedDocument): LoadedDocument {
  const head: Record<string, unknown> = {};
  for (const key of Object.keys(doc)) head[key] = key === 'content' ? 0 : doc[key as keyof LoadedDocument];
  return head as unknown as LoadedDocument;
}

/** A worker's documents, compact. */
export function unpackDocuments({ docs, trees }: PackedDocuments): LoadedDocument[] {
  return docs.map((head, i) => compactDocument(head, trees[i]!));
}
