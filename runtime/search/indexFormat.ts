import type { PageSection, SearchPage } from './searchPage.ts';

/**
 * The local index on disk: a small manifest at a fixed address (`search/manifest.json`,
 * revalidated on each load) naming content-hashed shard files (cached forever). Each shard
 * holds whole pages with their sections; records are derived in the browser
 * (`pageRecords`) and indexed there, which is smaller to ship than a serialized inverted
 * index. Shards download in parallel and are indexed one by one, so a large site never
 * parses one huge file.
 */
export const FORMAT_VERSION = 1;

/** Folder of the index under the output folder (and under the site's base URL). */
export const SEARCH_DIR = 'search';
export const MANIFEST_FILE = 'manifest.json';

export interface SearchManifest {
  version: typeof FORMAT_VERSION;
  /** Shard file names, relative to the manifest. */
  shards: string[];
  pages: number;
  records: number;
}

/**
 * `[level, anchor, heading, text]` of each section, flattened. An anchor that is the
 * plain slug of its heading (most are) is stored as 0 and derived again on decoding.
 */
type EncodedSections = (number | string | null)[];
/** `[url, lvl0, lvl1, language, tag, sections]`; lvl0, language and tag index `strings`. */
export type EncodedPage = [string, number, string, number, number, EncodedSections];

export interface SearchShard {
  version: typeof FORMAT_VERSION;
  /** Values repeated on many pages (section names, languages, tags), stored once. */
  strings: string[];
  pages: EncodedPage[];
}

/** Packs pages into one shard. */
export function encodeShard(pages: SearchPage[]): SearchShard {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const intern = (s: string) => {
    let id = ids.get(s);
    if (id === undefined) {
      id = strings.push(s) - 1;
      ids.set(s, id);
    }
    return id;
  };
  const encoded = pages.map((page): EncodedPage => [
    page.url,
    intern(page.lvl0),
    page.lvl1,
    intern(page.language),
    intern(page.docusaurus_tag),
    page.sections.flatMap((s) => [s.level, s.heading !== null && s.anchor === plainSlug(s.heading) ? 0 : s.anchor, s.heading, s.text]),
  ]);
  return { version: FORMAT_VERSION, strings, pages: encoded };
}

/** Unpacks a shard; throws on a shard written by another format version. */
export function decodeShard(shard: SearchShard): SearchPage[] {
  if (shard.version !== FORMAT_VERSION) throw new Error(`Search index format ${String(shard.version)} is not supported (expected ${FORMAT_VERSION}); rebuild the site.`);
  const str = (i: number) => shard.strings[i] ?? '';
  return shard.pages.map(([url, lvl0, lvl1, language, tag, flat]) => {
    const sections: PageSection[] = [];
    for (let i = 0; i + 3 < flat.length; i += 4) {
      const heading = flat[i + 2] as string | null;
      const anchor = flat[i + 1] === 0 && heading !== null ? plainSlug(heading) : (flat[i + 1] as string | null);
      sections.push({ level: flat[i] as 1 | 2 | 3, anchor, heading, text: (flat[i + 3] as string | null) ?? '' });
    }
    return { url, lvl0: str(lvl0), lvl1, language: str(language), docusaurus_tag: str(tag), sections };
  });
}

/** GitHub's slug for plain ASCII headings; anything else is stored as written. */
function plainSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}
