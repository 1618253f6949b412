import type { Diagnostic } from '../report/diagnostic.ts';
import type { Route } from './types.ts';
import { catalog } from '../errors/catalog.ts';

/** Folders of the output the generator writes itself; no page may live there. */
export const RESERVED_PREFIXES = ['/assets/', '/page-data/'];

/**
 * Two routes with one path, a route inside a reserved folder, or a route that a static
 * file would overwrite (its index.html, or its "x.html" with `trailingSlash: false`, see
 * routeFile): each is an error listing every file involved.
 */
export function checkInvariants(routes: Route[], staticFiles: string[], trailingSlash?: boolean): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const claims = new Map<string, string[]>();
  const firstPlace = new Map<string, Pick<Diagnostic, 'file' | 'line' | 'column'>>();
  for (const route of routes) {
    const list = claims.get(route.path) ?? [];
    // A page that set its slug is named at the slug's line: that is what to change.
    const slugLine = 'document' in route && route.document.frontMatter.slug !== undefined ? route.document.frontMatterLines?.slug : undefined;
    const where = route.source && slugLine ? `${route.source}:${slugLine} (slug)` : route.source;
    list.push(route.canonical ? `${where ?? route.kind} (mirrored from ${route.canonical})` : where ?? `(generated ${route.kind} page)`);
    claims.set(route.path, list);
    if (!firstPlace.has(route.path) && route.source) firstPlace.set(route.path, { file: route.source, line: slugLine, column: slugLine && 1 });
    const reserved = RESERVED_PREFIXES.find((p) => route.path.startsWith(p));
    if (reserved) diagnostics.push({ severity: 'error', file: route.source, ...catalog.reservedRoute(route.path, reserved) });
  }
  const staticSet = new Set(staticFiles.map((f) => `/${f}`));
  for (const [path, files] of claims) {
    const staticFile = !path.endsWith('/') ? path : trailingSlash === false && path !== '/' ? `${path.slice(0, -1)}.html` : `${path}index.html`;
    if (staticSet.has(staticFile)) files.push(`static${staticFile}`);
    if (files.length > 1) diagnostics.push({ severity: 'error', ...(firstPlace.get(path) ?? { file: files[0]!.split(' ')[0] }), ...catalog.duplicateRoute(path, files) });
  }
  return diagnostics;
}
