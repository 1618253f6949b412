import { useEffect, useState } from 'react';
import type { PageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { Dropdown } from './Dropdown.tsx';
import { pageVersion, readPreferredVersion, savePreferredVersion, versionHref } from './docsVersions.ts';

/**
 * The `docsVersionDropdown` navbar item: one entry a version, each leading to this page
 * in that version (else its main doc). Its label is the page's version; outside the docs,
 * the reader's preferred version (read after hydration: the server cannot know it), else
 * the latest. Choosing an entry remembers that version (SPEC §4).
 */
export function DocsVersionDropdown({ label, page, mobile }: { label?: string; page?: PageData; mobile: boolean }) {
  const site = useSite();
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(readPreferredVersion(site)), [site, page?.path]);
  const shown = page?.version ? pageVersion(site, page) : (site.docs.versions.find((v) => v.name === preferred) ?? pageVersion(site, page));
  const items = site.docs.versions.map((version) => ({ label: version.label, to: versionHref(version, page) }));
  const choose = (i: number) => savePreferredVersion(site, site.docs.versions[i]!.name);
  return <Dropdown label={label ?? shown.label} items={items} mobile={mobile} onSelect={choose} />;
}
