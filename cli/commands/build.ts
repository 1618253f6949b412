import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { build } from '../pipeline/build.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { handleFailure } from './handleFailure.ts';
import { commandBuildCache, commandCache, commandKnownFiles, withDocumentCache } from './cache.ts';
import { withConfigOptions, type ConfigOptions } from '../config/configOptions.ts';
import { withBoundedHeapGrowth } from '../pipeline/heapGrowth.ts';
import { watchdog } from '../watchdog.ts';

const BUILD_FAILED = 'Build failed; the previous build folder was left as it was.';

type BuildOptions = { outDir?: string; cache: boolean; debug?: boolean } & ConfigOptions;

/** `site build [siteDir] [--out-dir DIR] [--no-cache] [--strict] [--max-file-size SIZE]` → exit code. */
export function buildCommand(siteDir: string, options: BuildOptions): Promise<number> {
  // From the start: V8 sets its next limit at each collection, so one set later would be met only after the first collection past the old limit.
  return withBoundedHeapGrowth(() => runBuild(siteDir, options));
}

async function runBuild(siteDir: string, options: BuildOptions): Promise<number> {
  const startedAt = Date.now();
  const reporter = createReporter();
  watchdog.headline = BUILD_FAILED;
  // A path typed on the command line is relative to where it was typed: resolved before the config's code runs (it may change the working folder).
  const outDir = options.outDir && path.resolve(options.outDir);
  try {
    const config = withConfigOptions(await reporter.step('Loading config', () => loadConfig(siteDir)), options);
    await withDocumentCache(() => commandCache(options.cache), reporter, async (cache) => {
      const knownFiles = commandKnownFiles(cache, config.siteDir, startedAt);
      cache?.useHeadsOf(config.siteDir);
      await build(config, { reporter, cache, knownFiles, buildCache: commandBuildCache(options.cache), outDir });
      cache?.flush();
      knownFiles?.flush();
    });
    return 0;
  } catch (error) {
    return handleFailure(error, reporter, options.debug, BUILD_FAILED);
  }
}
