import { hierarchyOf, LEVEL_WEIGHT, objectIdOf, type RecordType, type SearchRecord } from './searchRecord.ts';

/** What every record of a page shares. */
export type PageHead = Omit<SearchPage, 'sections'>;

/** What tells a page's records apart. */
export interface RecordBody {
  type: RecordType;
  anchor: string | null;
  lvl2: string | null;
  lvl3: string | null;
  content: string | null;
}

/** The record of `page` at `position` (`pageRecords` makes each one so). */
export function recordOf(page: PageHead, { type, anchor, lvl2, lvl3, content }: RecordBody, position: number): SearchRecord {
  const url = anchor ? `${page.url}#${anchor}` : page.url;
  return {
    objectID: objectIdOf(url, type),
    type,
    hierarchy: hierarchyOf(page.lvl0, page.lvl1, lvl2, lvl3),
    content,
    url,
    url_without_anchor: page.url,
    anchor,
    language: page.language,
    docusaurus_tag: page.docusaurus_tag,
    weight: { pageRank: 0, level: LEVEL_WEIGHT[type], position },
  };
}

/** A part of a page under one heading (level 1: the text before the first heading). */
export interface PageSection {
  level: 1 | 2 | 3;
  anchor: string | null;
  heading: string | null;
  text: string;
}

/** A page as the index stores it: the records are derived from it (see `pageRecords`). */
export interface SearchPage {
  /** Route path, or absolute URL in an Algolia export. */
  url: string;
  lvl0: string;
  /** Page title. */
  lvl1: string;
  language: string;
  docusaurus_tag: string;
  sections: PageSection[];
}

/**
 * A page's DocSearch records: one `lvl1` record for the title, one `lvl2`/`lvl3` record
 * per heading (with its anchor), one `content` record per section with text. Both the
 * build (for the Algolia export) and the browser (decoding the local index) use this, so
 * the two providers see the same records.
 */
export function pageRecords(page: SearchPage): SearchRecord[] {
  const records: SearchRecord[] = [];
  const add = (type: RecordType, anchor: string | null, lvl2: string | null, lvl3: string | null, content: string | null) => {
    records.push(recordOf(page, { type, anchor, lvl2, lvl3, content }, records.length));
  };
  add('lvl1', null, null, null, null);
  let lvl2: string | null = null;
  for (const section of page.sections) {
    if (section.level === 2) lvl2 = section.heading;
    const lvl3 = section.level === 3 ? section.heading : null;
    if (section.level === 2) add('lvl2', section.anchor, lvl2, null, null);
    if (section.level === 3) add('lvl3', section.anchor, lvl2, lvl3, null);
    if (section.text) add('content', section.anchor, section.level > 1 ? lvl2 : null, lvl3, section.text);
  }
  return records;
}
