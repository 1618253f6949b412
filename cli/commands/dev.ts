import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import chokidar from 'chokidar';
import type { FollowedLink } from '../content/walkFolder.ts';
import * as esbuild from 'esbuild';
import { PACKAGE_ROOT } from '../paths.ts';
import { DevSite } from '../dev/devSite.ts';
import { createDevServer, problemsMessage } from '../dev/devServer.ts';
import { RebuildQueue, type Change } from '../dev/rebuildQueue.ts';
import { createReporter, formatDuration, useColor } from '../pipeline/reporter.ts';
import { formatDiagnostic, printable, sortDiagnostics } from '../report/diagnostic.ts';
import { handleFailure } from './handleFailure.ts';
import { SiteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { pageDataUrl } from '../../runtime/pageData.ts';
import { urlFilePath } from '../graph/paths.ts';
import { commandCache } from './cache.ts';
import { isRunning } from '../process.ts';
import { watchdog } from '../watchdog.ts';
import type { ConfigOptions } from '../config/configOptions.ts';

/** Saves arriving closer together than this are one rebuild. */
const QUIET_MS = 8;
/** How long after a rebuild its files are checked for writes that raised no event. */
const RECHECK_MS = 50;

/**
 * `site dev [siteDir] [--port] [--host] [--open]`: builds in memory, serves, watches
 * content, static files, the config, the theme and the runtime, and updates open tabs.
 * Problems are shown in the terminal and in the browser; the last good pages stay.
 */
export async function devCommand(siteDir: string, options: { port: number; host: string; allowedHosts?: string[]; open?: boolean; debug?: boolean } & ConfigOptions): Promise<number> {
  const reporter = createReporter();
  const paint = (code: number, s: string) => (useColor(process.stderr) ? `\x1b[${code}m${s}\x1b[0m` : s);
  const tempRoot = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site-dev');
  removeStaleTempFolders(tempRoot);
  const tempDir = path.join(tempRoot, String(process.pid));
  const started = performance.now();
  let dev: DevSite;
  let shown = new Set<string>();
  const diskCache = commandCache(true);
  // Code that never ends while the site first loads ends the command; in a rebuild, that rebuild (DevSite.apply).
  watchdog.headline = 'The dev server could not start.';
  try {
    dev = await DevSite.start(siteDir, tempDir, diskCache, options);
    diskCache?.flush();
  } catch (error) {
    fs.rmSync(tempDir, { recursive: true, force: true });
    return handleFailure(error, reporter, options.debug, 'The dev server could not start.');
  }
  const clientJs = (
    await esbuild.build({ entryPoints: [path.join(PACKAGE_ROOT, 'runtime/devClient.ts')], bundle: true, minify: true, write: false, format: 'esm', logLevel: 'silent' })
  ).outputFiles[0]!.text;
  // The name it listens on is allowed, as are those --allowed-hosts lists (a tunnel's, a container's).
  const { server, broadcast } = createDevServer(dev, () => clientJs, [options.host, ...(options.allowedHosts ?? [])]);
  // A page that fails to render as it is asked for: said in the terminal and in every open tab, as a rebuild's problems are.
  dev.onProblems = (diagnostics) => {
    printProblems(diagnostics);
    broadcast(problemsMessage(diagnostics));
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    await dev.dispose();
    fs.rmSync(tempDir, { recursive: true, force: true });
    return handleFailure(error, reporter, options.debug, `Could not listen on ${options.host}:${options.port}; is another server running there? Try --port.`);
  }
  const address = server.address();
  const url = `http://${options.host}:${typeof address === 'object' && address ? address.port : options.port}${dev.baseUrl}`;

  const queue = new RebuildQueue(
    async (batch: Change[]) => {
      const start = performance.now();
      const stamps = batch.map((c) => fileStamp(c.path));
      // Saves that land during the rebuild may raise no event of their own (watchers
      // coalesce bursts): look at the files again shortly after, whatever the outcome.
      const recheck = () => setTimeout(() => batch.forEach((c, i) => fileStamp(c.path) !== stamps[i] && queue.push(c)), RECHECK_MS);
      try {
        const result = await dev.apply(batch);
        const what = describe(batch);
        const took = formatDuration(performance.now() - start);
        printProblems(result.diagnostics);
        broadcast(problemsMessage(result.diagnostics));
        if (!result.applied) {
          reporter.info(`${time()} ${paint(31, '✗')} ${what}: errors, still serving the last good pages ${paint(2, took)}`);
          return;
        }
        if (result.reload) broadcast({ type: 'reload' });
        else if (result.updated.length > 0) {
          // A few pages travel with the message: the open tab needs no extra request.
          const pages: Record<string, string> | undefined = result.updated.length <= 5 ? {} : undefined;
          for (const p of pages ? result.updated : []) {
            // Not a page that fails to render (answered with its problems): that tab fetches it and shows them.
            const output = await dev.output(urlFilePath(pageDataUrl('/', p)));
            if (typeof output?.body === 'string' && output.status === undefined) pages![p] = output.body;
          }
          broadcast({ type: 'update', paths: result.updated, sidebars: result.sidebars || batch.some((c) => c.kind !== 'content'), pages });
        }
        const warnings = result.diagnostics.length ? paint(33, ` (${result.diagnostics.length} warning${result.diagnostics.length === 1 ? '' : 's'})`) : '';
        reporter.info(`${time()} ${paint(32, '✓')} ${what} → ${result.reload ? 'reload' : `${result.updated.length} page${result.updated.length === 1 ? '' : 's'} updated`}${warnings} ${paint(2, took)}`);
      } catch (error) {
        // A broken config (or theme that fails to compile): keep serving, show it everywhere.
        const diagnostics = error instanceof SiteError ? error.diagnostics : [{ severity: 'error' as const, ...catalog.devRebuildFailed((error as Error).message) }];
        printProblems(diagnostics);
        broadcast(problemsMessage(diagnostics));
        reporter.info(`${time()} ${paint(31, '✗')} ${describe(batch)}: still serving the last good pages`);
        if (options.debug) reporter.error((error as Error).stack ?? '');
      } finally {
        recheck();
        // Links the scan follows may have come or gone.
        watchLinked();
      }
    },
    { quietMs: QUIET_MS },
  );

  const targets = dev.watchTargets(PACKAGE_ROOT);
  const kindOf = (file: string): Change['kind'] =>
    targets.find((t) => file === t.path || file.startsWith(t.path + path.sep))?.kind ?? 'content';
  const ignored = (p: string) => /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(p) || /\.(swp|swx|tmp)$|~$/.test(p);
  // Links are not followed: the scan judges each (followed inside the site, reported outside it), as the build's does,
  // while chokidar went round `docs/loop -> ..` until ELOOP, and into whatever a link led to (/etc, 7,000 files).
  const watcher = chokidar.watch(
    targets.map((t) => t.path),
    { ignoreInitial: true, ignored, followSymlinks: false },
  );
  /** A changed file, and the same file where each link the scan followed shows it (docs/shared -> ../shared). */
  const changed = (file: string) => {
    const abs = path.resolve(file);
    for (const at of [abs, ...linkedPaths(dev.followedLinks, abs)]) queue.push({ kind: kindOf(at), path: at });
  };
  watcher.on('all', (_event, file) => changed(file));
  watcher.on('error', (error) => reporter.error(`Watcher: ${(error as Error).message}`));
  // What the followed links lead to, watched where it really is; and files pages import from elsewhere.
  const linked = chokidar.watch([], { ignoreInitial: true, ignored, followSymlinks: false });
  let linkedReals = new Set<string>();
  const inTargets = (file: string) => targets.some((t) => file === t.path || file.startsWith(t.path + path.sep));
  const watchLinked = () => {
    // And the files pages import from outside the watched folders (a partial or a raw file in snippets/).
    const reals = new Set([...dev.followedLinks.map((link) => link.real), ...dev.importedFiles.filter((file) => !inTargets(file))]);
    const gone = [...linkedReals].filter((real) => !reals.has(real));
    const added = [...reals].filter((real) => !linkedReals.has(real));
    if (gone.length > 0) linked.unwatch(gone);
    if (added.length > 0) linked.add(added);
    linkedReals = reals;
  };
  watchLinked();
  linked.on('all', (_event, file) => {
    const abs = path.resolve(file);
    const shown = linkedPaths(dev.followedLinks, abs);
    for (const at of shown.length > 0 ? shown : [abs]) queue.push({ kind: kindOf(at), path: at });
  });
  linked.on('error', (error) => reporter.error(`Watcher: ${(error as Error).message}`));
  // chokidar stops watching a folder (or file) it was given once it is removed, and does
  // not see it come back: a branch switch that took docs/ away and brought it back left
  // every later save unseen. The folders that hold them are watched one level deep for
  // their return, when each is watched again and read again whole.
  const watched = new Set(targets.map((t) => t.path));
  const holders = chokidar.watch([...new Set(targets.map((t) => path.dirname(t.path)))], { ignoreInitial: true, depth: 0, ignored, followSymlinks: false });
  const returned = (file: string) => {
    const back = path.resolve(file);
    if (!watched.has(back)) return;
    watcher.unwatch(back);
    watcher.add(back);
    queue.push({ kind: kindOf(back), path: back });
  };
  holders.on('add', returned);
  holders.on('addDir', returned);
  holders.on('error', (error) => reporter.error(`Watcher: ${(error as Error).message}`));
  // Ready once every save is seen: chokidar sets its watches as it scans, and a save made
  // before it is done was missed (a test that saved just after "ready" saw no rebuild).
  await Promise.all([watcher, holders].map((w) => new Promise<void>((resolve) => w.once('ready', () => resolve()))));
  // Listened for before "ready" is said: a Ctrl+C sent the moment it shows would otherwise end the process
  // at once (no listener yet: the signal's default), leaving its temporary files and no code cache.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  printProblems(dev.diagnostics);
  reporter.info(`${paint(32, '✓')} Dev server ready in ${formatDuration(performance.now() - started)} at ${paint(36, url)}  (Ctrl+C to stop)`);
  if (options.open) openBrowser(url);
  // A large site's search index is made on another thread once the server is left idle, so a first search finds it.
  dev.prepareSearchIndexWhenIdle();

  await stopped;
  // Let a rebuild under way finish before its compilers are disposed.
  await Promise.race([queue.idle(), new Promise((r) => setTimeout(r, 2000))]);
  queue.close();
  await Promise.all([watcher.close(), holders.close(), linked.close()]);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dev.dispose();
  // The pages as they are now start the next run fast (one version a file is kept).
  diskCache?.flush();
  fs.rmSync(tempDir, { recursive: true, force: true });
  reporter.info('Dev server stopped.');
  // Everything is closed; should a library still hold the event loop open, do not hang on it.
  setTimeout(() => process.exit(0), 1000).unref();
  return 0;

  /** Prints the problems not printed last time: a warning that stays is not repeated on every save. */
  function printProblems(list: typeof dev.diagnostics) {
    const now = new Set<string>();
    for (const d of sortDiagnostics(list)) {
      const text = formatDiagnostic(d);
      now.add(text);
      if (!shown.has(text)) (d.severity === 'error' ? reporter.error : reporter.warn)(text);
    }
    shown = now;
  }
}

/** The temporary folders of dev servers that were killed (named for their process id, which no longer runs). */
function removeStaleTempFolders(root: string) {
  let names: string[] = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    if (/^\d+$/.test(name) && !isRunning(Number(name))) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

/** Modification time and size: enough to tell a file was written again. */
function fileStamp(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

function describe(batch: Change[]): string {
  const names = [...new Set(batch.map((c) => printable(path.relative(process.cwd(), c.path) || c.path)))];
  return names.length <= 2 ? names.join(', ') : `${names[0]} and ${names.length - 1} more`;
}

function time(): string {
  return new Date().toTimeString().slice(0, 8);
}

function openBrowser(url: string) {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  try {
    spawn(command, [url], { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  } catch {
    // No browser to open: the URL is printed.
  }
}

/** Where `real` shows through the links the scan followed: `shared/a.md` is `docs/shared/a.md` through `docs/shared -> ../shared`. */
function linkedPaths(links: readonly FollowedLink[], real: string): string[] {
  return links.flatMap((link) => (real === link.real ? [link.path] : real.startsWith(link.real + path.sep) ? [link.path + real.slice(link.real.length)] : []));
}
