import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { contentType } from './contentTypes.ts';
import { containedKind, realPathInside, realRoot, refuseConnect, refuseMethod, requestPath, sendFile } from './requests.ts';

/**
 * How pages' addresses without their slash are answered (see resolveRequest): a folder's
 * with a 301 to the slash (`redirect`) or with its page (`serve`); `html` is that 301 plus
 * pages written as `x.html` files, answered at `x`.
 */
export type Slashless = 'redirect' | 'serve' | 'html';

/**
 * `slashless` for a site: its pages' own URLs have no slash when `trailingSlash` is unset
 * (their files are folders' index.html) or `false` (their files are `x.html`, routeFile).
 */
export function slashlessFor(trailingSlash: boolean | undefined): Slashless {
  return trailingSlash === undefined ? 'serve' : trailingSlash === false ? 'html' : 'redirect';
}

export type Resolution = { type: 'file'; file: string; status: 200 | 404 } | { type: 'redirect'; location: string } | { type: 'bad-request' };

/**
 * How a static host maps a URL path to the build folder:
 * - `x/` → `x/index.html`; `x` → that file, else a 301 to `x/` when `x/index.html` exists,
 *   or that page itself with `slashless: 'serve'` (a site without `trailingSlash` writes its
 *   links as `/docs/b`, as Docusaurus does, and its own `serve` answers them so);
 * - with `slashless: 'html'` (trailingSlash false: docs/intro.html is the page at
 *   `/docs/intro`), `x` that is no file → `x.html` when that is a file, as GitHub Pages,
 *   Netlify, Vercel, Cloudflare Pages and `docusaurus serve` answer it; `x/` that is no
 *   folder with an index.html → a 301 to `x` when `x.html` is a file, as `docusaurus
 *   serve`, Vercel, Netlify and Cloudflare Pages do (GitHub Pages and S3 give their 404
 *   there: the redirect keeps a typed or old address working, and the site's own links
 *   never have that slash);
 * - `x.html` that is no file → a 301 to `x/` when that is a page (SPEC §2: such paths are
 *   normalised to their clean path; a real `x.html` is served as it is, and so is
 *   `x/index.html`, the page's own file);
 * - anything else → `404.html` with status 404;
 * - never a file outside the folder, however the path is encoded (`..`, `%2e%2e`,
 *   `%2f`, backslashes, NUL): such paths are a 400 or a 404, never a read.
 */
export function resolveRequest(root: string, urlPath: string, exists: (file: string) => 'file' | 'dir' | null, slashless: Slashless = 'redirect'): Resolution {
  const rawPath = urlPath.split('?')[0]!.split('#')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { type: 'bad-request' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { type: 'bad-request' };
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return notFound(root);
  const file = path.join(root, ...segments.filter(Boolean));
  if (file !== root && !file.startsWith(root + path.sep)) return notFound(root);
  const kind = exists(file);
  const query = urlPath.includes('?') ? urlPath.slice(urlPath.indexOf('?')) : '';
  if (decoded.endsWith('/')) {
    if (kind === 'dir' && exists(path.join(file, 'index.html')) === 'file') return { type: 'file', file: path.join(file, 'index.html'), status: 200 };
    if (slashless === 'html' && file !== root && exists(`${file}.html`) === 'file') return redirect(`${rawPath.replace(/\/+$/, '')}${query}`);
    return notFound(root);
  }
  if (kind === 'file') return { type: 'file', file, status: 200 };
  if (slashless === 'html' && exists(`${file}.html`) === 'file') return { type: 'file', file: `${file}.html`, status: 200 };
  if (kind === 'dir' && exists(path.join(file, 'index.html')) === 'file') {
    if (slashless === 'serve') return { type: 'file', file: path.join(file, 'index.html'), status: 200 };
    return redirect(`${rawPath}/${query}`);
  }
  const clean = kind === null ? cleanPath(decoded) : null;
  if (clean !== null && exists(path.join(root, ...clean.split('/').filter(Boolean), 'index.html')) === 'file') {
    return redirect(`${clean.split('/').map(encodeURIComponent).join('/')}${query}`);
  }
  return notFound(root);
}

/** `/x/index.html` and `/x.html` → `/x/`; `/index.html` → `/`; null for other paths. */
function cleanPath(decodedPath: string): string | null {
  const index = /^(.*\/)index\.html$/.exec(decodedPath);
  if (index) return index[1]!;
  const html = /^(.*[^/])\.html$/.exec(decodedPath);
  return html ? `${html[1]}/` : null;
}

/**
 * A 301 to `location` on this site: with one leading slash, as a request for "//host/x"
 * (a folder `host/x` here) would otherwise send the browser to the site "host".
 */
function redirect(location: string): Resolution {
  return { type: 'redirect', location: location.replace(/^\/{2,}/, '/') };
}

function notFound(root: string): Resolution {
  return { type: 'file', file: path.join(root, '404.html'), status: 404 };
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

/** Text larger than this is sent as it is (read whole to compress it, a 500 MB log would be in memory). */
const COMPRESS_MAX = 8 * 1024 * 1024;

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = String(header ?? '');
  return /\bbr\b/.test(value) ? 'br' : /\bgzip\b/.test(value) ? 'gzip' : null;
}

/** Compressed bodies, kept per file and content (a static host compresses once too). */
const compressed = new Map<string, Buffer>();

function compress(file: string, raw: Buffer, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}:${createHash('sha1').update(raw).digest('base64')}`;
  let body = compressed.get(key);
  if (!body) {
    body = encoding === 'br' ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : zlib.gzipSync(raw, { level: 9 });
    if (compressed.size > 2000) compressed.clear();
    compressed.set(key, body);
  }
  return body;
}

/**
 * A static file server for the build folder, behaving like a production static host:
 * clean URLs, a 404 page, long caching for hashed assets, gzip or brotli for text.
 */
export function createStaticServer(rootDir: string, slashless: Slashless = 'redirect'): http.Server {
  const root = path.resolve(rootDir);
  return refuseConnect(http.createServer((req, res) => {
    if (refuseMethod(req, res)) return;
    // Per request: the build folder is swapped by every build.
    const real = realRoot(root);
    const result = resolveRequest(root, requestPath(req.url), (file) => containedKind(real, file), slashless);
    if (result.type === 'bad-request') {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request: the path is not valid.\n');
      return;
    }
    if (result.type === 'redirect') {
      res.writeHead(301, { Location: result.location }).end();
      return;
    }
    const type = contentType(result.file);
    const immutable = result.file.includes(`${path.sep}assets${path.sep}`) && /-[A-Z0-9]{8}\.(js|css)$/.test(result.file);
    const notFound = () => res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    // Even the 404 page is read only when it is really inside the folder.
    const file = realPathInside(real, result.file);
    if (!file) return notFound();
    const headers = {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...(COMPRESSIBLE.test(type) ? { Vary: 'Accept-Encoding' } : {}),
    };
    const encoding = COMPRESSIBLE.test(type) ? acceptedEncoding(req.headers['accept-encoding']) : null;
    // Media, downloads, a range asked for, or text past what is worth compressing: streamed as it is.
    if (!encoding || req.headers.range !== undefined) return sendFile(req, res, file, result.status, headers, notFound);
    fs.stat(file, (error, stat) => {
      if (error) return notFound();
      if (stat.size > COMPRESS_MAX) return sendFile(req, res, file, result.status, headers, notFound);
      fs.readFile(file, (readError, raw) => {
        if (readError) return notFound();
        const body = compress(result.file, raw, encoding);
        res.writeHead(result.status, { ...headers, 'Content-Length': body.byteLength, 'Content-Encoding': encoding });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    });
  }));
}
