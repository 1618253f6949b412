import { createHash } from 'node:crypto';
import type { SearchPage } from '../../runtime/search/searchPage.ts';
import { encodeShard, FORMAT_VERSION, MANIFEST_FILE, SEARCH_DIR, type SearchManifest } from '../../runtime/search/indexFormat.ts';

export interface IndexOptions {
  /**
   * Longest text kept per section, in characters (cut at a word). Headings are always
   * whole; the cap keeps a docs site's index small enough to load on first search
   * (this site: about 140 KB gzip of 550 KB of prose), and the start of a section is what snippets show.
   */
  maxSectionText?: number;
  /** Raw bytes per shard before a new one starts; shards download in parallel. */
  shardBytes?: number;
}

export const DEFAULT_MAX_SECTION_TEXT = 700;
export const DEFAULT_SHARD_BYTES = 256 * 1024;

/** The local index: files to write, relative to the output folder. */
export interface LocalIndex {
  files: Map<string, string>;
  manifest: SearchManifest;
}

/**
 * Packs the pages into content-hashed shards plus the manifest that names them (pure;
 * the caller writes the files). Pages keep their route order, so neighbouring pages,
 * which share most words, compress together.
 */
export function buildLocalIndex(pages: SearchPage[], records: number, options: IndexOptions = {}): LocalIndex {
  const cap = options.maxSectionText ?? DEFAULT_MAX_SECTION_TEXT;
  const budget = options.shardBytes ?? DEFAULT_SHARD_BYTES;
  const groups: SearchPage[][] = [[]];
  let size = 0;
  for (const page of pages) {
    const trimmed = { ...page, sections: page.sections.map((s) => ({ ...s, text: clip(s.text, cap) })) };
    const bytes = trimmed.sections.reduce((n, s) => n + s.text.length + (s.heading?.length ?? 0), page.url.length + page.lvl1.length);
    if (size > 0 && size + bytes > budget) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(trimmed);
    size += bytes;
  }
  const files = new Map<string, string>();
  const shards: string[] = [];
  for (const group of groups) {
    if (group.length === 0) continue;
    const json = JSON.stringify(encodeShard(group));
    const name = `shard-${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;
    files.set(`${SEARCH_DIR}/${name}`, json);
    shards.push(name);
  }
  const manifest: SearchManifest = { version: FORMAT_VERSION, shards, pages: pages.length, records };
  files.set(`${SEARCH_DIR}/${MANIFEST_FILE}`, JSON.stringify(manifest));
  return { files, manifest };
}

/** The text up to `max` characters, cut at a word boundary and marked with '…'. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > 0 ? cut : max)} …`;
}
