import type { DocsData, PageData, SiteData, VersionData } from '../../../runtime/pageData.ts';
import { storage, storageKeys } from '../../../runtime/storage.ts';

/** A docs instance by id (Docusaurus's `docsPluginId`); the site's docs when none is named or it is unknown. */
export function docsOf(site: SiteData, pluginId: string | undefined): DocsData {
  return (pluginId !== undefined && site.docsPlugins?.find((d) => d.pluginId === pluginId)) || site.docs;
}

/** The version a page belongs to, in its own docs instance; pages outside the docs (and single-version docs) have the last one. */
export function pageVersion(site: SiteData, page: PageData | undefined): VersionData {
  const docs = docsOf(site, page?.docsPluginId);
  return docs.versions.find((v) => v.name === page?.version) ?? lastVersion(docs);
}

/** The version at the instance's base path. */
export function lastVersion(docs: DocsData): VersionData {
  return docs.versions.find((v) => v.isLast) ?? docs.versions[0]!;
}

/** Where a version's entry leads from this page: the same doc there, else that version's main doc (as Docusaurus). */
export function versionHref(version: VersionData, page: PageData | undefined): string {
  if (page?.version === version.name) return page.permalink ?? page.path;
  return page?.versionLinks?.[version.name] ?? version.mainDocPath;
}

/** The version a reader chose, remembered per docs plugin (SPEC §4); a name that is no version is removed. */
export function readPreferredVersion(docs: DocsData): string | null {
  if (docs.versionPersistence !== 'localStorage') return null;
  const key = storageKeys.preferredVersion(docs.pluginId);
  const stored = storage.get(key);
  if (stored !== null && !docs.versions.some((v) => v.name === stored)) {
    storage.remove(key);
    return null;
  }
  return stored;
}

/** Remembers a chosen version (a click in the dropdown or the banner), as Docusaurus does. */
export function savePreferredVersion(docs: DocsData, name: string): void {
  if (docs.versionPersistence === 'localStorage') storage.set(storageKeys.preferredVersion(docs.pluginId), name);
}
