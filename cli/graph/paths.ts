/**
 * Joins route segments into "/a/b/" (always leading and trailing slash, no doubles).
 * Route paths are URL paths: each segment percent-encoded (`a#b.md` → "/a%23b/",
 * `café.md` → "/caf%C3%A9/"), so every href, sitemap entry, feed and canonical URL built
 * from a route is one a browser sends and a host serves. Segments already encoded
 * (`slug: /caf%C3%A9`) are not encoded twice. The output file is the decoded path
 * (`urlFilePath`), which is what a static host looks up. "." and ".." segments (also
 * encoded ones) are resolved as a browser resolves a URL ("a/../b" is "b", and nothing
 * climbs above the root), so no slug can name a file outside the output folder.
 */
export function joinRoute(...parts: string[]): string {
  const segments: string[] = [];
  // Loops, not flatMap → filter → map: about 60,000 segments at 10,000 docs, three arrays each call.
  for (const part of parts) {
    for (const piece of part.split('/')) {
      if (!piece) continue;
      const segment = canonicalSegment(piece);
      if (segment === '.') continue;
      if (segment === '..') segments.pop();
      else segments.push(segment);
    }
  }
  return segments.length ? `/${segments.join('/')}/` : '/';
}

/** Characters a path segment may hold as they are (RFC 3986 pchar), besides letters and digits. */
const KEEP_RE = /%(2[146789ABC]|3[ABD]|40|5F|7E)/g;

/**
 * A segment of characters a path segment holds as they are (no "%"): its own canonical
 * form. Most are ("doc-17", "area-3"): a 10,000-doc build joins and looks up about 60,000
 * of them, and decoding and encoding each cost it about 40 ms.
 */
const PLAIN_SEGMENT_RE = /^[A-Za-z\d\-._~!$&'()*+,;=:@]*$/;

/** A segment as written in a URL: encoded once, whether it came encoded or not. */
export function canonicalSegment(segment: string): string {
  if (PLAIN_SEGMENT_RE.test(segment)) return segment;
  let raw = segment;
  try {
    raw = decodeURIComponent(segment);
  } catch {
    // A lone "%" (a file named "100%.md") is a character, not an escape.
  }
  return encodeSegment(raw);
}

/**
 * A path of file and folder names as URL path segments, each name encoded as it is: a
 * "%" in a name is a character, never an escape (a file "%2e%2e.md" is the page
 * "/%252e%252e/", not "/.."; "%41.md" is not "/A/"). Slugs are URLs: `joinRoute` reads them.
 */
export function fileNamesAsUrl(names: string): string {
  return names.split('/').map(encodeSegment).join('/');
}

/** A file or folder name as a URL path segment ("a b#c.png" → "a%20b%23c.png"). */
export function encodeSegment(raw: string): string {
  return encodeURIComponent(raw).replace(KEEP_RE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/**
 * The graph's form of a URL path as a browser sends it, for looking routes up: each
 * segment decoded and encoded again, so "/caf%c3%a9/" and "/café/" find "/caf%C3%A9/".
 * Undefined when the path has broken escapes ("/100%/"), which no host serves.
 */
export function canonicalPath(pathname: string): string | undefined {
  const segments = pathname.split('/');
  for (const segment of segments) {
    try {
      decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }
  return segments.map((s) => (s ? canonicalSegment(s) : s)).join('/');
}

/**
 * The file path (relative to the output folder) of a URL path: decoded, as a static host
 * decodes the request to find the file ("/a%23b/" → "a#b/"). A segment that would decode
 * to a path separator stays encoded, so no URL can name a file outside its folder.
 */
export function urlFilePath(urlPath: string): string {
  // Without a "%" every segment decodes to itself: only the leading "/" goes (10,000 docs: 21 ms of a rebuild's graph).
  if (!urlPath.includes('%')) return urlPath.startsWith('/') ? urlPath.slice(1) : urlPath;
  return urlPath
    .replace(/^\//, '')
    .split('/')
    .map((segment) => {
      try {
        const decoded = decodeURIComponent(segment);
        return /[/\\]/.test(decoded) ? segment : decoded;
      } catch {
        return segment;
      }
    })
    .join('/');
}

// Docusaurus's DefaultNumberPrefixParser: "01-x", "01.x", "01_x", "1 - x" lose their
// prefix; a name that starts like a date or a version ("2021-11-x", "7.0-x") keeps it.
const PREFIX_RE = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;
const DATE_OR_VERSION_RE = /^\d+[-_.]\d+/;

/** "02-guides" → { name: "guides", prefix: 2 }: number prefixes order files but stay out of URLs. */
export function stripNumberPrefix(segment: string): { name: string; prefix?: number } {
  const m = DATE_OR_VERSION_RE.test(segment) ? null : PREFIX_RE.exec(segment);
  if (!m) return { name: segment };
  return { name: m[2]!, prefix: Number(m[1]) };
}

/**
 * A slug resolved as a URL path against a folder ("/a/b/"), as Docusaurus's
 * resolvePathname does: "x" → "/a/b/x", "../x" → "/a/x", "x/" → "/a/b/x/", "/x" → "/x".
 */
export function resolveSlug(slug: string, folder: string): string {
  const segments = slug.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  const parts = slug.split('/');
  for (const part of parts) {
    if (part === '..') segments.pop();
    else if (part !== '.' && part !== '') segments.push(part);
  }
  // "x/", and a last "." or ".." (the folder itself, as in a URL), end with a slash.
  const trailing = ['', '.', '..'].includes(parts[parts.length - 1]!) && segments.length > 0;
  return `/${segments.join('/')}${trailing ? '/' : ''}`;
}

/**
 * The URL Docusaurus gives a route whose graph path is `path` (always "/a/b/", the
 * folder whose index.html holds the page): without `trailingSlash` set, a page that
 * stands for a folder (category index, `slug: /`, a slug ending in "/", pages'
 * index files) keeps its slash and every other page has none ("/docs/intro"); with it
 * set, every route follows it. Relative links on the page resolve against this URL.
 */
export function permalinkOf(path: string, folder: boolean, trailingSlash: boolean | undefined): string {
  if (path === '/' || !path.endsWith('/')) return path;
  return trailingSlash ?? folder ? path : path.slice(0, -1);
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

/**
 * Output file of a route, as Docusaurus's `pathnameToFilename` names it: "/a/b/" →
 * "a/b/index.html"; with `trailingSlash: false` the page is a file of its own,
 * "a/b.html", which static hosts answer at its URL "/a/b" without a redirect (the root
 * stays "index.html"). "/404.html" stays; "/a%23b/" → "a#b/index.html".
 */
export function routeFile(routePath: string, trailingSlash?: boolean): string {
  const file = urlFilePath(routePath);
  if (!routePath.endsWith('/')) return file;
  return trailingSlash === false && routePath !== '/' ? `${file.slice(0, -1)}.html` : `${file}index.html`;
}

/** A React page's route name, as Docusaurus makes it: `index.tsx` → `` (`/`), `help.js` → `help`, `a/index.js` → `a` (a folder: `/a/`). */
export function reactPageRoute(relPath: string): { name: string; isIndex: boolean } {
  const withoutExt = relPath.replace(/\.(jsx?|tsx?)$/, '');
  return { name: withoutExt.replace(/(^|\/)index$/i, ''), isIndex: /(^|\/)index$/i.test(withoutExt) };
}
