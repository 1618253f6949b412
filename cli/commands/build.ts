import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { build } from '../pipeline/build.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { handleFailure } from './handleFailure.ts';
import { commandBuildCache, commandCache } from './cache.ts';
import { withConfigOptions, type ConfigOptions } from '../config/configOptions.ts';

/** `site build [siteDir] [--out-dir DIR] [--no-cache] [--strict] [--max-file-size SIZE]` → exit code. */
export async function buildCommand(siteDir: string, options: { outDir?: string; cache: boolean; debug?: boolean } & ConfigOptions): Promise<number> {
  const reporter = createReporter();
  const cache = commandCache(options.cache);
  try {
    const config = withConfigOptions(await reporter.step('Loading config', () => loadConfig(siteDir)), options);
    // A path typed on the command line is relative to where it was typed.
    await build(config, { reporter, cache, buildCache: commandBuildCache(options.cache), outDir: options.outDir && path.resolve(options.outDir) });
    cache?.flush();
    return 0;
  } catch (error) {
    return handleFailure(error, reporter, options.debug, 'Build failed; the previous build folder was left as it was.');
  }
}
