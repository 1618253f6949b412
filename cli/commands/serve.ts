import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { createStaticServer } from '../serve/staticServer.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { handleFailure } from './handleFailure.ts';
import { repairOutputFolder } from '../write/swap.ts';

/** `site serve [siteDir] [--port] [--host] [--dir]`: serves the build folder as a static host would. */
export async function serveCommand(siteDir: string, options: { port: number; host: string; dir?: string; debug?: boolean }): Promise<number> {
  const reporter = createReporter();
  try {
    const config = await loadConfig(siteDir);
    const dir = options.dir ? path.resolve(options.dir) : path.resolve(config.siteDir, config.paths.outDir);
    repairOutputFolder(dir);
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      reporter.error(`Nothing to serve: ${dir} has no index.html. Run "npm run build" first.`);
      return 1;
    }
    const server = createStaticServer(dir);
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
