import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';

/**
 * What `serve` and `dev` share about a request and its answer: the methods a static host
 * answers, the host names dev answers, the path of an absolute-form target, the rule that
 * no file is served from outside the folder, however a symlink points, and files sent in
 * byte ranges.
 */

/** A static site is read-only: anything but GET and HEAD is a 405 (RFC 9110 §15.5.6 wants `Allow`). */
export function refuseMethod(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : 'Method not allowed: this server only reads.\n');
  return true;
}

/**
 * CONNECT (a request to open a tunnel) is a method like the others here: 405. Node hands it
 * to a 'connect' listener, not to the request handler, and closes the connection without a
 * word when there is none.
 */
export function refuseConnect(server: http.Server): http.Server {
  server.on('connect', (_req: http.IncomingMessage, socket: net.Socket) => {
    const body = 'Method not allowed: this server only reads.\n';
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  return server;
}

/**
 * The dev server answers only requests addressed to this machine: localhost (and
 * `*.localhost`), an IP address, the machine's own name, the `--host` it listens on, and
 * `--allowed-hosts`. A page elsewhere could otherwise read the site being written (drafts
 * included) and its problems through DNS rebinding: its own name made to point at
 * 127.0.0.1, its scripts then read the dev server as their own origin. Vite and webpack's
 * dev server check the Host header for the same reason. An absolute-form target's
 * authority stands for the Host header (RFC 9112 §3.2.2). Answers 403 and says how to
 * allow the name; true when it did.
 */
export function refuseHost(req: http.IncomingMessage, res: http.ServerResponse, allowed: readonly string[]): boolean {
  const target = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(req.url ?? '')?.[1];
  const host = target ?? req.headers.host;
  // HTTP/1.0 has no Host: no browser sends such a request.
  if (host === undefined) return false;
  const hostname = hostnameOf(host);
  if (hostname !== undefined && isAllowedHost(hostname, allowed)) return false;
  res
    .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
    .end(`Blocked: this dev server answers requests for localhost, IP addresses and this machine's name, not ${JSON.stringify(host)}. To allow that name, start dev with --allowed-hosts ${hostname ?? host}.\n`);
  return true;
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return undefined;
  }
}

function isAllowedHost(hostname: string, allowed: readonly string[]): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || net.isIP(hostname) !== 0) return true;
  const machine = os.hostname().toLowerCase();
  if (hostname === machine || hostname === `${machine}.local`) return true;
  return allowed.some((name) => name.toLowerCase() === hostname);
}

/**
 * The origin-form path and query of a request target. A client talking to a proxy sends
 * the absolute form (`GET http://host:port/x/?q HTTP/1.1`, RFC 9112 §3.2.2), which a
 * server must accept too; Node hands it over as it came.
 */
export function requestPath(target: string | undefined): string {
  const raw = target ?? '/';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return raw;
  try {
    const url = new URL(raw);
    return url.pathname + url.search;
  } catch {
    // Not a URL after all: the path lookup answers it (a 404 or a 400).
    return raw;
  }
}

/**
 * The real path of `file` (symlinks followed) when it lies inside `realRoot` (itself a
 * real path), else null: a link in the folder that leads out of it (`x -> ..`, an
 * absolute target) must not turn the server into a reader of the whole disk.
 */
export function realPathInside(realRoot: string, file: string): string | null {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return null;
  }
  return real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep) ? real : null;
}

/** The real path of a served folder (the folder itself may be reached through a link), or the path as given when it does not exist yet. */
export function realRoot(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** `'file'`, `'dir'` or null for what is at `file`, counting only what is really inside `realRoot`. */
export function containedKind(realRoot: string, file: string): 'file' | 'dir' | null {
  const real = realPathInside(realRoot, file);
  if (!real) return null;
  try {
    const stat = fs.statSync(real);
    return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/**
 * The byte range a `Range` header asks of a body of `size` bytes, as static hosts answer
 * it (RFC 9110 §14): one range (`bytes=0-99`, `bytes=100-`, `bytes=-100`, its end cut to
 * the size), `'unsatisfiable'` for one that starts past the end (a 416), or undefined to
 * send the whole body: no Range, an If-Range (the body may have changed), several ranges,
 * or another unit. Safari plays a video only from a server that answers ranges.
 */
export function byteRange(headers: http.IncomingHttpHeaders, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = headers.range;
  if (header === undefined || headers['if-range'] !== undefined) return undefined;
  const one = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!one || (one[1] === '' && one[2] === '')) return undefined;
  // An empty body has no byte to give.
  if (size === 0) return 'unsatisfiable';
  if (one[1] === '') {
    // The last N bytes.
    const length = Number(one[2]);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(one[1]);
  const end = one[2] === '' ? size - 1 : Math.min(Number(one[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

/**
 * Answers with `file` (whose real path the caller checked), or the part of it a Range asks
 * for: streamed, so a video of a gigabyte is not read into memory, with `Accept-Ranges`.
 * `headers`: the response's others (type, caching).
 */
export function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, status: number, headers: http.OutgoingHttpHeaders, onMissing: () => void): void {
  fs.stat(file, (error, stat) => {
    if (error || !stat.isFile()) return onMissing();
    const range = status === 200 ? byteRange(req.headers, stat.size) : undefined;
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Range': `bytes */${stat.size}`, 'Content-Type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    const { start, end } = range ?? { start: 0, end: stat.size - 1 };
    res.writeHead(range ? 206 : status, {
      ...headers,
      'Accept-Ranges': 'bytes',
      'Content-Length': Math.max(0, end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${stat.size}` } : {}),
    });
    if (req.method === 'HEAD' || end < start) {
      res.end();
      return;
    }
    const stream = fs.createReadStream(file, { start, end });
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
}
