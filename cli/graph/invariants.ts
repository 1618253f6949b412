import type { Diagnostic } from '../report/diagnostic.ts';
import type { Route } from './types.ts';
import { catalog } from '../errors/catalog.ts';

/** Folders of the output the generator writes itself; no page may live there. */
export const RESERVED_PREFIXES = ['/assets/', '/page-data/'];

/**
 * Two routes with one path, a route inside a reserved folder, or a route that a static
 * file would overwrite: each is an error listing every file involved.
 */
export function checkInvariants(routes: Route[], staticFiles: string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const claims = new Map<string, string[]>();
  for (const route of routes) {
    const list = claims.get(route.path) ?? [];
    list.push(route.canonical ? `${route.source ?? route.kind} (mirrored from ${route.canonical})` : route.source ?? `(generated ${route.kind} page)`);
    claims.set(route.path, list);
    const reserved = RESERVED_PREFIXES.find((p) => route.path.startsWith(p));
    if (reserved) diagnostics.push({ severity: 'error', file: route.source, ...catalog.reservedRoute(route.path, reserved) });
  }
  const staticSet = new Set(staticFiles.map((f) => `/${f}`));
  for (const [path, files] of claims) {
    const staticFile = path.endsWith('/') ? `${path}index.html` : path;
    if (staticSet.has(staticFile)) files.push(`static${staticFile}`);
    if (files.length > 1) diagnostics.push({ severity: 'error', file: files[0]!.split(' ')[0], ...catalog.duplicateRoute(path, files) });
  }
  return diagnostics;
}
