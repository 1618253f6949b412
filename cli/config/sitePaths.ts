import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from './types.ts';

/** A path the build must never write to, delete or replace, with what it is (for messages). */
export interface ProtectedPath {
  path: string;
  what: string;
}

export type ContentArea = 'docs' | 'blog' | 'pages';

/** A content folder, absolute; a docs folder says which docs instance it is (its include and exclude globs). */
export interface ContentFolder {
  area: ContentArea;
  dir: string;
  pluginId?: string;
}

/** The content folders the site has turned on (a Docusaurus `blog: false` turns one off), absolute. */
export function contentFolders(config: Pick<ResolvedConfig, 'siteDir' | 'paths' | 'docsPlugins'> & { docs?: Pick<ResolvedConfig['docs'], 'pluginId'> }): ContentFolder[] {
  const areas: ContentArea[] = ['docs', 'blog', 'pages'];
  const folders = areas.flatMap((area): ContentFolder[] => {
    const rel = config.paths[area];
    if (rel === false) return [];
    return [{ area, dir: path.resolve(config.siteDir, rel), ...(area === 'docs' ? { pluginId: config.docs?.pluginId ?? 'default' } : {}) }];
  });
  // Other docs instances' folders are docs folders too.
  const others = (config.docsPlugins ?? []).map((d): ContentFolder => ({ area: 'docs', dir: path.resolve(config.siteDir, d.path), pluginId: d.pluginId }));
  return [...folders.filter((f) => f.area === 'docs'), ...others, ...folders.filter((f) => f.area !== 'docs')];
}

/**
 * The real paths of the folders the build may read from: the site folder, and the content
 * folders the config names outside it (a monorepo's docs in `../docs`). Every file read,
 * after following symbolic links, must be inside one of them. A content folder inside the
 * site that is a link to elsewhere is not a way out: it counts as inside only if its
 * target is.
 */
export function readRoots(config: Pick<ResolvedConfig, 'siteDir' | 'paths' | 'docsPlugins'>): string[] {
  const { siteDir, paths } = config;
  const outside = [...contentFolders(config).map((f) => f.dir), path.resolve(siteDir, paths.static)].filter((p) => !isInside(p, siteDir));
  return [...new Set([siteDir, ...outside].map(realPath))];
}

/**
 * The author's sources and the generator's own files: an output folder may be none of
 * these, may not hold any of them, and may not lie inside one.
 */
export function protectedPaths(config: Pick<ResolvedConfig, 'siteDir' | 'paths' | 'configFile' | 'docsPlugins'> & Partial<Pick<ResolvedConfig, 'sidebarsSource' | 'docsPluginSidebarsSources'>>, generatorRoot: string): ProtectedPath[] {
  const { siteDir, paths } = config;
  const site = (rel: string, what: string) => ({ path: path.resolve(siteDir, rel), what });
  const folders = contentFolders(config);
  const list: ProtectedPath[] = [
    ...folders.map(({ area, dir }) => ({ path: dir, what: `the ${area} folder` })),
    // Each docs instance's versions: their docs, sidebars and list (`<id>_versioned_docs/` for another instance).
    ...folders.flatMap(({ pluginId }) => {
      if (pluginId === undefined) return [];
      const id = pluginId === 'default' ? '' : `${pluginId}_`;
      return [site(`${id}versioned_docs`, 'the versioned docs folder'), site(`${id}versioned_sidebars`, 'the versioned sidebars folder'), site(`${id}versions.json`, 'the versions file')];
    }),
    site(paths.static, 'the static folder'),
    site('src', 'the site\'s src folder'),
    site('i18n', 'the site\'s translations folder'),
    site('.git', 'the site\'s git folder'),
    site('node_modules', 'the site\'s node_modules'),
  ];
  if (config.configFile) list.push({ path: config.configFile, what: 'the site config' });
  for (const source of [config.sidebarsSource, ...Object.values(config.docsPluginSidebarsSources ?? {})]) if (source) list.push({ path: path.resolve(siteDir, source.file), what: 'a sidebars file' });
  for (const name of ['cli', 'runtime', 'themes', 'bin', 'node_modules', 'package.json', '.git']) {
    list.push({ path: path.join(generatorRoot, name), what: `the generator's ${name}` });
  }
  return list;
}

/** The real path of a path that may not exist yet: its nearest existing ancestor, resolved. */
export function realPath(p: string): string {
  const abs = path.resolve(p);
  try {
    return fs.realpathSync.native(abs);
  } catch {
    const parent = path.dirname(abs);
    return parent === abs ? abs : path.join(realPath(parent), path.basename(abs));
  }
}

/** Whether `child` is `parent` or lies inside it (both absolute, normalised). */
export function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
}

/**
 * Whether a site-relative file (an image next to its Markdown) can be published: it
 * exists, and it and whatever its links lead to are inside the site.
 */
export function siteFileStatus(config: Pick<ResolvedConfig, 'siteDir' | 'paths' | 'docsPlugins'>, file: string, roots = readRoots(config)): 'ok' | 'missing' | 'outside' | 'broken-symlink' {
  const abs = path.resolve(config.siteDir, file);
  let real: string;
  try {
    real = fs.realpathSync.native(abs);
    if (!fs.statSync(real).isFile()) return 'missing';
  } catch {
    if (!roots.some((root) => isInside(realPath(abs), root))) return 'outside';
    // There, but a link that leads nowhere or around in a loop (the scan says so at the link itself).
    return fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink() ? 'broken-symlink' : 'missing';
  }
  return roots.some((root) => isInside(real, root)) ? 'ok' : 'outside';
}
