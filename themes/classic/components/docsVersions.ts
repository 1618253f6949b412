import type { PageData, SiteData, VersionData } from '../../../runtime/pageData.ts';
import { storage, storageKeys } from '../../../runtime/storage.ts';

/** The version a page belongs to; pages outside the docs (and single-version sites) have the last one. */
export function pageVersion(site: SiteData, page: PageData | undefined): VersionData {
  const versions = site.docs.versions;
  return versions.find((v) => v.name === page?.version) ?? lastVersion(site);
}

/** The version at the docs base path. */
export function lastVersion(site: SiteData): VersionData {
  return site.docs.versions.find((v) => v.isLast) ?? site.docs.versions[0]!;
}

/** Where a version's entry leads from this page: the same doc there, else that version's main doc (as Docusaurus). */
export function versionHref(version: VersionData, page: PageData | undefined): string {
  if (page?.version === version.name) return page.permalink ?? page.path;
  return page?.versionLinks?.[version.name] ?? version.mainDocPath;
}

/** The version a reader chose, remembered per docs plugin (SPEC §4); a name that is no version is removed. */
export function readPreferredVersion(site: SiteData): string | null {
  if (site.docs.versionPersistence !== 'localStorage') return null;
  const key = storageKeys.preferredVersion(site.docs.pluginId);
  const stored = storage.get(key);
  if (stored !== null && !site.docs.versions.some((v) => v.name === stored)) {
    storage.remove(key);
    return null;
  }
  return stored;
}

/** Remembers a chosen version (a click in the dropdown or the banner), as Docusaurus does. */
export function savePreferredVersion(site: SiteData, name: string): void {
  if (site.docs.versionPersistence === 'localStorage') storage.set(storageKeys.preferredVersion(site.docs.pluginId), name);
}
