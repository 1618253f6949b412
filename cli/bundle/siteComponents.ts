import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types.ts';
import type { RouteGraph } from '../graph/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { LoadedDocument } from '../content/loadDocument.ts';
import { isInside, readRoots, realPath } from '../config/sitePaths.ts';
import { catalog } from '../errors/catalog.ts';
import { siteComponentKey } from '../../runtime/islands/siteIsland.tsx';

/** A React component of the site's own that content imports (`import Counter from '@site/src/components/Counter'`). */
export interface SiteComponent {
  /** The name its island has in the page, `<file as imported>#<export>` (see siteComponentKey). */
  key: string;
  /** Absolute path of the module file it was resolved to, or the package's name (`package`). */
  path: string;
  /** A package from the site's node_modules, resolved by the bundler from the site folder. */
  package?: true;
  exportName: string;
  /** The first import of it (a page's own file), for messages about what it exports. */
  where: { file: string; line: number; column: number };
  /** A React page (src/pages/x.tsx), not a component content imports. */
  page?: true;
  /** A component a page defines in its own exports: its module's code (`path` is PAGE_MODULE and the page's file). */
  source?: string;
  /**
   * A component that replaces one of the theme's (src/theme/Details, an entry of
   * src/theme/MDXComponents): it reads its children, which its island keeps one by one
   * (runtime/islands/structuredChildren.tsx). `member`: its key in the export (the map's).
   */
  override?: { member?: string };
}

/** How a page's own module (the components it exports, see mdx.ts) is named to the bundler: this, then the page's absolute path. */
export const PAGE_MODULE = 'page-module:';

/** The extensions a component import may leave out, in the order Docusaurus's webpack tries them. */
export const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs'];

/**
 * Every site component the site's content imports, each found on disk once, and a
 * warning at the import (file:line:col) for each that cannot be. An import names a file
 * relative to the site folder (the load stage made `@site/…` and `./…` so); it resolves
 * as a bundler would: the file itself, then with each script extension, then as a folder
 * with an index file. Only files whose real path is inside the site folder count.
 */
export function resolveSiteComponents(graph: RouteGraph, config: Pick<ResolvedConfig, 'siteDir' | 'paths'>): { components: SiteComponent[]; styles: string[]; diagnostics: Diagnostic[] } {
  const components = new Map<string, SiteComponent>();
  const styles = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const found = new Map<string, string | undefined>();
  const siteReal = realPath(config.siteDir);
  // A component may live in a content folder the config names outside the site (redux's ../docs/components).
  const roots = readRoots(config);
  for (const document of documentsOf(graph)) {
    for (const style of document.mdx?.styles ?? []) {
      const file = style.package ? installedPackage(style.file, config.siteDir, siteReal) : findFile(path.resolve(config.siteDir, style.file), roots);
      if (file) styles.add(style.package ? file : path.resolve(config.siteDir, style.file));
      else diagnostics.push({ severity: 'warning', file: document.file, line: style.line, column: style.column, ...(style.package ? catalog.mdxPackageMissing(style.file, true) : catalog.mdxStyleMissing(style.file)) });
    }
    for (const binding of Object.values(document.mdx?.bindings ?? {})) {
      if (binding.kind !== 'component') continue;
      if (binding.inline) {
        const key = siteComponentKey(binding.file, binding.exportName);
        const where = { file: document.file, line: binding.line, column: binding.column };
        components.set(key, { key, path: PAGE_MODULE + path.resolve(config.siteDir, binding.file), exportName: binding.exportName, where, source: document.mdx!.module ?? '' });
        continue;
      }
      if (!found.has(binding.file)) found.set(binding.file, binding.package ? installedPackage(binding.file, config.siteDir, siteReal) : findModule(path.resolve(config.siteDir, binding.file), roots));
      const file = found.get(binding.file);
      if (!file) {
        const problem = binding.package ? catalog.mdxPackageMissing(binding.file) : catalog.siteComponentMissing(binding.file, SCRIPT_EXTENSIONS);
        diagnostics.push({ severity: 'warning', file: document.file, line: binding.line, column: binding.column, ...problem });
        continue;
      }
      const key = siteComponentKey(binding.file, binding.exportName);
      if (!components.has(key)) components.set(key, { key, path: file, exportName: binding.exportName, where: { file: document.file, line: binding.line, column: binding.column }, ...(binding.package ? { package: true as const } : {}) });
    }
  }
  return { components: [...components.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)), styles: [...styles].sort(), diagnostics };
}

/** Each document once: pages (a doc shown in several versions is one file) and the partials they import. */
function* documentsOf(graph: RouteGraph): Generator<LoadedDocument> {
  const seen = new Set<string>();
  for (const route of graph.routes) {
    if (!('document' in route) || seen.has(route.document.file)) continue;
    seen.add(route.document.file);
    yield route.document;
  }
  yield* graph.partials.values();
}

function findModule(base: string, roots: string[]): string | undefined {
  return findFile(base, roots, [...SCRIPT_EXTENSIONS.map((ext) => base + ext), ...SCRIPT_EXTENSIONS.map((ext) => path.join(base, `index${ext}`))]);
}

function findFile(base: string, roots: string[], alternatives: string[] = []): string | undefined {
  for (const candidate of [base, ...alternatives]) {
    let real: string;
    try {
      real = fs.realpathSync.native(candidate);
      if (!fs.statSync(real).isFile()) continue;
    } catch {
      continue;
    }
    // A link out of the site is not followed: the generator never reads outside the site folder.
    if (roots.some((root) => isInside(real, root))) return candidate;
  }
  return undefined;
}

/**
 * A package content imports, when the site folder has it installed (its folder in the
 * site's own node_modules, really inside the site: the generator never reads outside it):
 * the name as imported, for the bundler to resolve from the site folder.
 */
function installedPackage(request: string, siteDir: string, siteReal: string): string | undefined {
  const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]!;
  try {
    const real = fs.realpathSync.native(path.join(siteDir, 'node_modules', name, 'package.json'));
    return isInside(real, siteReal) ? request : undefined;
  } catch {
    return undefined;
  }
}

/** The React pages of the route graph, as site code to bundle: each hydrates as one island. */
export function reactPageModules(graph: RouteGraph, config: Pick<ResolvedConfig, 'siteDir'>): SiteComponent[] {
  return graph.routes.flatMap((route): SiteComponent[] =>
    route.kind === 'react-page' ? [{ key: siteComponentKey(route.source, 'default'), path: path.resolve(config.siteDir, route.source), exportName: 'default', where: { file: route.source, line: 1, column: 1 }, page: true }] : [],
  );
}
