import http from 'node:http';
import path from 'node:path';
import type { Diagnostic } from '../report/diagnostic.ts';
import { resolveRequest, slashlessFor } from '../serve/staticServer.ts';
import { contentType } from '../serve/contentTypes.ts';
import { realPathInside, refuseConnect, refuseHost, refuseMethod, requestPath, sendFile } from '../serve/requests.ts';
import type { DevSite } from './devSite.ts';

/** What the browser's dev client is told, as server-sent events. */
export type DevMessage =
  | { type: 'update'; paths: string[]; sidebars: boolean; pages?: Record<string, string> }
  | { type: 'reload' }
  | { type: 'problems'; problems: Pick<Diagnostic, 'file' | 'line' | 'column' | 'message' | 'hint' | 'severity'>[] };

/**
 * Serves the in-memory site the way `serve` serves `build/` (trailing slashes, 404 page):
 * the files the generator made from memory, the site's own files (static, images next to
 * pages) read from where they are when asked for (a change shows at once), the dev
 * client, and an event stream that tells open tabs what changed. Only to requests for
 * this machine's names and `allowedHosts` (refuseHost: DNS rebinding).
 */
export function createDevServer(dev: DevSite, devClientJs: () => string, allowedHosts: readonly string[] = []): { server: http.Server; broadcast(message: DevMessage): void } {
  const clients = new Set<http.ServerResponse>();
  const VIRTUAL_ROOT = path.resolve('/__site');
  const exists = (file: string): 'file' | 'dir' | null => {
    const rel = path.relative(VIRTUAL_ROOT, file).split(path.sep).join('/');
    if (dev.hasOutput(rel) || dev.copies.has(rel) || dev.generatorCopies.has(rel)) return 'file';
    const index = rel ? `${rel}/index.html` : 'index.html';
    return dev.hasOutput(index) || dev.copies.has(index) ? 'dir' : null;
  };
  const server = refuseConnect(http.createServer((req, res) => void answer(req, res).catch((error: unknown) => {
    // Not a problem of the site's (those are answered as pages): said, and the server goes on.
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`The dev server could not answer: ${(error as Error).message}\n`);
  })));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> {
    if (refuseHost(req, res, allowedHosts) || refuseMethod(req, res)) return;
    const url = requestPath(req.url);
    if (url === '/__dev/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(`data: ${JSON.stringify(problemsMessage(dev.diagnostics))}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (url === '/__dev/client.js') {
      res.writeHead(200, { 'Content-Type': contentType('client.js'), 'Cache-Control': 'no-cache' }).end(devClientJs());
      return;
    }
    if (/^\/search\/[^/?]+\.json/.test(url)) await dev.ensureSearchIndex();
    const result = resolveRequest(VIRTUAL_ROOT, url, exists, slashlessFor(dev.trailingSlash));
    if (result.type === 'bad-request') {
      res.writeHead(400).end('Bad request\n');
      return;
    }
    if (result.type === 'redirect') {
      res.writeHead(301, { Location: result.location }).end();
      return;
    }
    const rel = path.relative(VIRTUAL_ROOT, result.file).split(path.sep).join('/');
    // A page is rendered as it is asked for; one that fails is answered with its problems (500).
    const output = await dev.output(rel);
    const send = (body: string | Uint8Array, status: number) =>
      res.writeHead(status, { 'Content-Type': output?.status ? 'text/html; charset=utf-8' : contentType(rel), 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : body);
    const notFound = () => res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    if (output) return send(output.body, output.status ?? result.status);
    // No page is built yet, as the site has errors: a page asked for says so and shows them (the dev client's
    // overlay, as on any page), and reloads once they are fixed, instead of "Not found" everywhere.
    const asksForPage = url.endsWith('/') || url.endsWith('.html') || !path.posix.basename(url).includes('.');
    if (dev.unbuilt && asksForPage && dev.diagnostics.some((d) => d.severity === 'error')) {
      return res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : UNBUILT_PAGE);
    }
    // Only files the scan found inside the site, and only while they still lead there.
    const source = dev.copies.get(rel);
    const file = source ? dev.readRoots.map((root) => realPathInside(root, source)).find((f) => f !== null) : (dev.generatorCopies.get(rel) ?? null);
    if (!file) return notFound();
    // Streamed, with ranges (a video in static/ plays in Safari, and is not read into memory).
    sendFile(req, res, file, result.status, { 'Content-Type': contentType(rel), 'Cache-Control': 'no-cache' }, notFound);
  }
  return {
    server,
    broadcast(message) {
      const line = `data: ${JSON.stringify(message)}\n\n`;
      for (const client of clients) client.write(line);
    },
  };
}

/** What a page shows while the site's errors keep every page from being built. */
const UNBUILT_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The site has errors</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>The site has errors</h1>
<p>No page can be shown until they are fixed: they are listed here and in the terminal. This page reloads once they are.</p>
<script type="module" src="/__dev/client.js"></script>
</body>
</html>
`;

export function problemsMessage(diagnostics: Diagnostic[]): DevMessage {
  return {
    type: 'problems',
    problems: diagnostics.map(({ file, line, column, message, hint, severity }) => ({ file, line, column, message, hint, severity })),
  };
}
