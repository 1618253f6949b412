import { useEffect, useState } from 'react';
import type { LinkData, PageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { Dropdown } from './Dropdown.tsx';
import { docsOf, lastVersion, pageVersion, readPreferredVersion, savePreferredVersion, versionHref } from './docsVersions.ts';

/**
 * The `docsVersionDropdown` navbar item: one entry a version, each leading to this page
 * in that version (else its main doc). Its label is the page's version; outside the docs,
 * the reader's preferred version (read after hydration: the server cannot know it), else
 * the latest. Choosing an entry remembers that version (SPEC §4). With `docsPluginId` it is
 * that docs instance's versions; a page of another instance counts as outside its docs.
 * The config's links before and after the versions (an archive of old ones) are listed too.
 */
export function DocsVersionDropdown({ label, page, mobile, docsPluginId, before = [], after = [] }: { label?: string; page?: PageData; mobile: boolean; docsPluginId?: string; before?: LinkData[]; after?: LinkData[] }) {
  const site = useSite();
  const docs = docsOf(site, docsPluginId);
  const own = page && docsOf(site, page.docsPluginId) === docs ? page : undefined;
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(readPreferredVersion(docs)), [docs, page?.path]);
  const shown = own?.version ? pageVersion(site, own) : (docs.versions.find((v) => v.name === preferred) ?? lastVersion(docs));
  // The config's own links around the versions (dropdownItemsBefore/After), as Docusaurus lists them.
  const items = [...before, ...docs.versions.map((version) => ({ label: version.label, to: versionHref(version, own) })), ...after];
  const choose = (i: number) => {
    const version = docs.versions[i - before.length];
    if (version) savePreferredVersion(docs, version.name);
  };
  return <Dropdown label={label ?? shown.label} items={items} mobile={mobile} onSelect={choose} />;
}
