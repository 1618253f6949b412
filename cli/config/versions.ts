import type { ResolvedConfig, SidebarConfigItem } from './types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import { joinRoute } from '../graph/paths.ts';

/** The name of the version built from the docs folder itself. */
export const CURRENT = 'current';

/** One docs version as every later stage sees it (Docusaurus's `VersionMetadata`). */
export interface VersionInfo {
  /** The docs instance it is a version of (`default`: the classic preset's docs). */
  pluginId: string;
  name: string;
  label: string;
  /** The docs base path of this version: `/docs/`, `/docs/next/`, `/docs/1.0/`. */
  routeBasePath: string;
  /** Its content folder, relative to the site folder. */
  contentDir: string;
  /** Its sidebars file, relative to the site folder; undefined for `current` (the config's sidebars). */
  sidebarsFile?: string;
  /** The version served at the docs base path. */
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  className: string;
}

/** What a docs version is built from: its options and its sidebars (the config's for `current`). */
export interface VersionSource {
  info: VersionInfo;
  sidebars: Record<string, SidebarConfigItem[]>;
}

/**
 * The docs versions to build, newest first, by Docusaurus's rules (plugin-content-docs
 * `versions/version.ts`, `versions/files.ts`):
 * - no versions.json (`names` null), or `disableVersioning`: only `current`;
 * - else versions.json's names, with `current` put first when `includeCurrentVersion` and
 *   not already listed (a versions.json that lists "current" keeps its place);
 * - `onlyIncludeVersions` keeps those names (and must keep the last version);
 * - the last version is `lastVersion`, else the first name that is not `current`;
 * - URL part: `versions[name].path`, else '' for the last version, `next` for current,
 *   the name otherwise; label: `versions[name].label`, else `Next` for current, else the name;
 * - banner: none for the last version, `unreleased` before it, `unmaintained` after it;
 *   badge when there is more than one version (an unversioned site keeps its one badge).
 */
export function resolveVersions(names: string[] | null, config: Pick<ResolvedConfig, 'docs' | 'paths' | 'siteDir' | 'configFile'>, at = 'docs'): { versions: VersionInfo[]; issues: Diagnostic[] } {
  const docs = config.docs;
  const issues: Diagnostic[] = [];
  const where = config.configFile ? config.configFile.slice(config.siteDir.length + 1) : undefined;
  const unknown = (configKey: string, name: string, all: string[]): Diagnostic => ({ severity: 'error', file: where, configKey, ...catalog.unknownVersion(configKey, name, all) });
  const versioned = names !== null && !docs.disableVersioning;
  let all = versioned ? [...names] : [CURRENT];
  if (versioned && docs.includeCurrentVersion && !all.includes(CURRENT)) all.unshift(CURRENT);
  if (versioned && !docs.includeCurrentVersion) all = all.filter((n) => n !== CURRENT);
  const known = new Set(all);
  for (const name of Object.keys(docs.versions)) {
    if (!known.has(name)) issues.push(unknown(`${at}.versions.${name}`, name, all));
  }
  if (docs.onlyIncludeVersions) {
    for (const [i, name] of docs.onlyIncludeVersions.entries()) if (!known.has(name)) issues.push(unknown(`${at}.onlyIncludeVersions.${i}`, name, all));
  }
  let lastName = docs.lastVersion ?? all.find((n) => n !== CURRENT) ?? CURRENT;
  const lastUnknown = docs.lastVersion !== undefined && !known.has(docs.lastVersion);
  if (lastUnknown) {
    issues.push(unknown(`${at}.lastVersion`, docs.lastVersion!, all));
    lastName = all[0] ?? CURRENT;
  }
  const included = docs.onlyIncludeVersions ? all.filter((n) => docs.onlyIncludeVersions!.includes(n)) : all;
  if (docs.onlyIncludeVersions && !lastUnknown && !included.includes(lastName)) {
    issues.push({ severity: 'error', file: where, configKey: `${at}.onlyIncludeVersions`, ...catalog.lastVersionExcluded(lastName, included) });
  }
  if (included.length === 0) {
    issues.push({ severity: 'error', file: where, configKey: `${at}.includeCurrentVersion`, ...catalog.noVersions() });
  }
  const lastIndex = all.indexOf(lastName);
  const versions = included.map((name): VersionInfo => {
    const options = docs.versions[name] ?? {};
    const isLast = name === lastName;
    const part = options.path ?? (isLast ? '' : name === CURRENT ? 'next' : name);
    const defaultBanner = isLast || !versioned ? 'none' : all.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained';
    return {
      pluginId: docs.pluginId,
      name,
      label: options.label ?? (name === CURRENT ? docs.versionLabel : name),
      routeBasePath: joinRoute(docs.routeBasePath, part),
      // With docs turned off (`docs: false`) the version has no folder to read: scanning leaves it empty.
      contentDir: name === CURRENT ? config.paths.docs || 'docs' : `${prefix(docs.pluginId)}versioned_docs/version-${name}`,
      sidebarsFile: name === CURRENT ? undefined : `${prefix(docs.pluginId)}versioned_sidebars/version-${name}-sidebars.json`,
      isLast,
      banner: options.banner ?? defaultBanner,
      // As Docusaurus: a badge when there is more than one version to tell apart; a site
      // without versions shows one only when it names its release (Coinvoy's "4.8.1").
      badge: options.badge ?? (versioned ? included.length > 1 : docs.releaseLabel !== undefined),
      noIndex: options.noIndex ?? false,
      className: options.className ?? `docs-version-${name}`,
    };
  });
  return { versions, issues };
}

/** Other docs plugins' version files carry their id: `<id>_versions.json`, `<id>_versioned_docs/`. */
export function prefix(pluginId: string): string {
  return pluginId === 'default' ? '' : `${pluginId}_`;
}

/** Where versions.json is, relative to the site folder. */
export function versionsFile(pluginId: string): string {
  return `${prefix(pluginId)}versions.json`;
}
