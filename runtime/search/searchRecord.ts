/**
 * One searchable unit of a page, in the shape of a DocSearch (Algolia) record, so the
 * local index, the Algolia export and the modal all speak the same language.
 */

/** What a record stands for: the page title, a heading, or the text of a section. */
export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'content';

/** Where a record sits: section (lvl0), page (lvl1), headings (lvl2, lvl3). */
export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: null;
  lvl5: null;
  lvl6: null;
}

export interface SearchRecord {
  /** Stable across builds: the URL and the type. */
  objectID: string;
  type: RecordType;
  hierarchy: Hierarchy;
  /** Section text for `content` records, null for headings. */
  content: string | null;
  /** Page URL with the heading's `#anchor`, if any. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  /** Facet: the page's locale. */
  language: string;
  /** Facet: `docs-{pluginId}-{version}`, `blog-posts-{blogId}` or `default` (as Docusaurus tags pages). */
  docusaurus_tag: string;
  /** DocSearch's ranking hints: level 100 for the title down to 0 for text; position in the page. */
  weight: { pageRank: number; level: number; position: number };
}

/** The level weights DocSearch gives each record type. */
export const LEVEL_WEIGHT: Record<RecordType, number> = { lvl1: 100, lvl2: 90, lvl3: 80, content: 0 };

/** Builds the hierarchy object with the unused levels set to null. */
export function hierarchyOf(lvl0: string, lvl1: string, lvl2: string | null = null, lvl3: string | null = null): Hierarchy {
  return { lvl0, lvl1, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null };
}

/** A record's id, the same in the local index and in Algolia. */
export function objectIdOf(url: string, type: RecordType): string {
  return `${url}::${type}`;
}
