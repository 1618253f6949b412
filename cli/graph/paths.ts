/**
 * Joins route segments into "/a/b/" (always leading and trailing slash, no doubles).
 * "." and ".." segments are resolved as a browser resolves a URL ("a/../b" is "b", and
 * nothing climbs above the root), so no slug can name a file outside the output folder.
 */
export function joinRoute(...parts: string[]): string {
  const segments: string[] = [];
  for (const segment of parts.flatMap((p) => p.split('/'))) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.length ? `/${segments.join('/')}/` : '/';
}

const PREFIX_RE = /^(\d+)[-_.](?=.)/;

/** "02-guides" → { name: "guides", prefix: 2 }: number prefixes order files but stay out of URLs. */
export function stripNumberPrefix(segment: string): { name: string; prefix?: number } {
  const m = PREFIX_RE.exec(segment);
  // "3.3-notes" is a version, not a prefix, when a digit follows the separator.
  if (!m || /^\d+\.\d/.test(segment)) return { name: segment };
  return { name: segment.slice(m[0].length), prefix: Number(m[1]) };
}

/**
 * The order of routes in the graph, the sitemap and the build log: by path, compared
 * segment by segment, so "/a/" comes before "/a/b/" and "/a-b/" after both.
 */
export function compareRoutes(a: { path: string }, b: { path: string }): number {
  const x = a.path.split('/');
  const y = b.path.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

/** Output file of a route: "/a/b/" → "a/b/index.html"; "/404.html" stays. */
export function routeFile(routePath: string): string {
  return routePath.endsWith('/') ? `${routePath.slice(1)}index.html` : routePath.slice(1);
}
