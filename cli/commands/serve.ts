import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { createStaticServer, slashlessFor } from '../serve/staticServer.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { handleFailure } from './handleFailure.ts';
import { repairOutputFolder } from '../write/swap.ts';
import { catalog } from '../errors/catalog.ts';
import { siteError } from '../errors/SiteError.ts';

/** `site serve [siteDir] [--port] [--host] [--dir]`: serves the build folder as a static host would. */
export async function serveCommand(siteDir: string, options: { port: number; host: string; dir?: string; debug?: boolean }): Promise<number> {
  const reporter = createReporter();
  // Resolved where it was typed, before the config's code runs (it may change the working folder).
  const given = options.dir && path.resolve(options.dir);
  try {
    const config = await loadConfig(siteDir);
    const dir = given || path.resolve(config.siteDir, config.paths.outDir);
    repairOutputFolder(dir);
    // Any build folder will do: a site need not have a page at "/" (its 404 page is its only sure file).
    const problem = buildFolderProblem(dir);
    if (problem) throw siteError(catalog.nothingToServe(dir, problem));
    const server = createStaticServer(dir, slashlessFor(config.trailingSlash));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    reporter.info(`Serving ${path.relative(process.cwd(), dir) || '.'}/ at http://${options.host}:${port}${config.baseUrl}  (Ctrl+C to stop)`);
    await new Promise<void>((resolve) => {
      const stop = () => server.close(() => resolve());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  } catch (error) {
    return handleFailure(error, reporter, options.debug, 'Could not start the server.');
  }
}

function buildFolderProblem(dir: string): 'missing' | 'not-a-folder' | 'empty' | null {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) return 'missing';
  if (!stat.isDirectory()) return 'not-a-folder';
  return fs.readdirSync(dir).length === 0 ? 'empty' : null;
}
