import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig, SidebarConfigItem } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { sidebarsSchema } from '../config/schema.ts';
import { resolveVersions, versionsFile, CURRENT, type VersionSource } from '../config/versions.ts';
import { docsInstances, instanceConfig, type DocsInstance } from '../config/docsInstances.ts';
import { catalog } from '../errors/catalog.ts';

/** Docusaurus's `validateVersionName`: what a version name may be (it becomes a folder and a URL part). */
const BAD_NAME_RE = /[/\\<>:"|?*\x00-\x1f]/;

/**
 * Reads the docs versions of a site: versions.json (none: the site is not versioned), each
 * version's folder (`versioned_docs/version-X`, which must exist) and sidebars
 * (`versioned_sidebars/version-X-sidebars.json`, which may be missing: no sidebar). The
 * version list itself is worked out by `resolveVersions` from the config.
 */
export function readVersions(config: ResolvedConfig): { versions: VersionSource[]; diagnostics: Diagnostic[] } {
  // An instance turned off (the preset's `docs: false`) has none: nothing of it is read.
  const results = docsInstances(config).filter((instance) => instance.path !== false).map((instance) => readInstanceVersions(instanceConfig(config, instance), instance));
  return { versions: results.flatMap((r) => r.versions), diagnostics: results.flatMap((r) => r.diagnostics) };
}

/** One docs instance's versions: its own `<id>_versions.json`, folders and sidebars files. */
function readInstanceVersions(config: ResolvedConfig, instance: DocsInstance): { versions: VersionSource[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const listFile = versionsFile(config.docs.pluginId);
  let names: string[] | null = null;
  const text = readIfThere(path.join(config.siteDir, listFile));
  if (text !== null) {
    const problem = (reason: string) => diagnostics.push({ severity: 'error', file: listFile, line: 1, column: 1, ...catalog.versionsFileInvalid(reason) });
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) problem('is not a JSON array');
      else {
        const bad = parsed.find((n) => typeof n !== 'string' || n.trim() === '' || n.length > 32 || BAD_NAME_RE.test(n) || n === '.' || n === '..');
        if (bad !== undefined) problem(`has the name ${JSON.stringify(bad)}, which cannot be a version name`);
        else names = [...new Set(parsed as string[])];
      }
    } catch (error) {
      problem(`is not valid JSON (${(error as Error).message})`);
    }
  }
  const { versions, issues } = resolveVersions(names, config, instance.configKey);
  diagnostics.push(...issues);
  const sources: VersionSource[] = [];
  for (const info of versions) {
    if (info.name === CURRENT) {
      sources.push({ info, sidebars: config.docs.sidebars });
      continue;
    }
    if (!isFolder(path.join(config.siteDir, info.contentDir))) {
      diagnostics.push({ severity: 'error', file: listFile, line: 1, column: 1, ...catalog.versionFolderMissing(info.name, `${info.contentDir}/`) });
      continue;
    }
    sources.push({ info, sidebars: readSidebars(config.siteDir, info.sidebarsFile!, diagnostics) });
  }
  return { versions: sources, diagnostics };
}

/** A versioned sidebars file (JSON, Docusaurus's forms), as the config's `docs.sidebars`; none when missing. */
function readSidebars(siteDir: string, file: string, diagnostics: Diagnostic[]): Record<string, SidebarConfigItem[]> {
  const text = readIfThere(path.join(siteDir, file));
  if (text === null) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    diagnostics.push({ severity: 'error', file, line: 1, column: 1, ...catalog.dataSyntax('JSON', (error as Error).message) });
    return {};
  }
  const parsed = sidebarsSchema.safeParse(normalizeSidebars(raw));
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 5)) {
      diagnostics.push({ severity: 'error', file, line: 1, column: 1, ...catalog.configInvalid(issue.path.join('.'), issue.message, '(see the file)') });
    }
    return {};
  }
  return parsed.data as Record<string, SidebarConfigItem[]>;
}

/**
 * Docusaurus's sidebar shorthands (sidebars/normalization.ts), as far as versioned
 * sidebars use them: `{ "Label": [items] }` is one category a key; `ref` is a doc link;
 * keys our sidebars do not have yet (`collapsible`, `customProps`, `key`…) are dropped.
 */
export function normalizeSidebars(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).map(([id, items]) => [id, normalizeItems(items)]));
}

function normalizeItems(items: unknown): unknown {
  if (Array.isArray(items)) return items.flatMap(normalizeItem);
  if (items && typeof items === 'object') return shorthand(items as Record<string, unknown>);
  return items;
}

function shorthand(object: Record<string, unknown>): unknown[] {
  return Object.entries(object).map(([label, items]) => ({ type: 'category', label, items: normalizeItems(items) }));
}

function normalizeItem(item: unknown): unknown[] {
  if (!item || typeof item !== 'object') return [item];
  const o = item as Record<string, unknown>;
  if (!('type' in o)) return shorthand(o);
  const keep = (keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
  switch (o.type) {
    case 'doc':
    case 'ref':
      return [{ ...keep(['id', 'label', 'className']), type: 'doc' }];
    case 'link':
      return [keep(['type', 'label', 'href', 'className'])];
    case 'autogenerated':
      return [keep(['type', 'dirName'])];
    case 'category': {
      const link = o.link && typeof o.link === 'object' ? o.link as Record<string, unknown> : undefined;
      const category = { ...keep(['type', 'label', 'collapsed', 'className']), items: normalizeItems(o.items) };
      if (link?.type === 'doc') return [{ ...category, link: { type: 'doc', id: link.id } }];
      if (link?.type === 'generated-index') {
        return [{ ...category, link: Object.fromEntries(Object.entries(link).filter(([k]) => ['type', 'slug', 'title', 'description'].includes(k))) }];
      }
      return [category];
    }
    default:
      // `html` items have no equivalent yet: left out rather than failing the build.
      return o.type === 'html' ? [] : [item];
  }
}

function readIfThere(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isFolder(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
