import type { PageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { docsOf, lastVersion, pageVersion, savePreferredVersion, versionHref } from './docsVersions.ts';

/**
 * Above a page of a version that is not the latest: "unreleased" (newer) or "no longer
 * actively maintained" (older), with a link to the same page in the latest version, or
 * its main doc when the page is not there (Docusaurus's DocVersionBanner).
 */
export function DocVersionBanner({ page }: { page: PageData }) {
  const site = useSite();
  const version = pageVersion(site, page);
  if (version.banner === 'none') return null;
  const docs = docsOf(site, page.docsPluginId);
  const latest = lastVersion(docs);
  const to = versionHref(latest, page);
  return (
    <div className="theme-doc-version-banner alert alert--warning" role="alert">
      <div>
        {version.banner === 'unreleased' ? (
          <>This is unreleased documentation for {site.title} <b>{version.label}</b> version.</>
        ) : (
          <>This is documentation for {site.title} <b>{version.label}</b>, which is no longer actively maintained.</>
        )}
      </div>
      <div className="theme-doc-version-banner__latest">
        For up-to-date documentation, see the{' '}
        <b>
          <a href={site.baseUrl + to.slice(1)} onClick={() => savePreferredVersion(docs, latest.name)}>
            latest version
          </a>
        </b>{' '}
        ({latest.label}).
      </div>
    </div>
  );
}
