import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';

/**
 * What `serve` and `dev` share about a request before they look up a file: the methods
 * a static host answers, the path of an absolute-form target, and the rule that no file
 * is served from outside the folder, however a symlink points.
 */

/** A static site is read-only: anything but GET and HEAD is a 405 (RFC 9110 §15.5.6 wants `Allow`). */
export function refuseMethod(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : 'Method not allowed: this server only reads.\n');
  return true;
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
