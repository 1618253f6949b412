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

type Compact = LoadedDocument & { [TREE_BYTES]?: Uint8Array };

/** The tree of `doc` as JSON bytes (in their own buffer, so they can be transferred to another thread). */
export function treeBytes(doc: LoadedDocument): Uint8Array {
  return (doc as Compact)[TREE_BYTES] ?? new TextEncoder().encode(JSON.stringify(doc.content));
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
      Object.defineProperty(doc, 'content', { value: content, enumerable: true, configurable: true, writable: true });
    },
  });
  return doc;
}

/** The bytes of a compact document's tree, without parsing it; none for an ordinary document. */
export function compactTreeBytes(doc: LoadedDocument): Uint8Array | undefined {
  return (doc as Compact)[TREE_BYTES];
}

/**
 * Documents as a worker posts them: each with its tree's place held by a 0 (so `content`
 * keeps its place among the keys, as in a cache entry: fingerprints are JSON of documents),
 * and the trees' bytes, whose buffers are transferred, not copied.
 */
export interface PackedDocuments {
  docs: LoadedDocument[];
  trees: Uint8Array[];
}

export function packDocuments(docs: LoadedDocument[]): { message: PackedDocuments; transfer: ArrayBuffer[] } {
  const trees = docs.map(treeBytes);
  const heads = docs.map((doc) => {
    const head: Record<string, unknown> = {};
    for (const key of Object.keys(doc)) head[key] = key === 'content' ? 0 : doc[key as keyof LoadedDocument];
    return head as unknown as LoadedDocument;
  });
  return { message: { docs: heads, trees }, transfer: trees.map((t) => t.buffer as ArrayBuffer) };
}

/** A worker's documents, compact. */
export function unpackDocuments({ docs, trees }: PackedDocuments): LoadedDocument[] {
  return docs.map((head, i) => compactDocument(head, trees[i]!));
}
