import { loadConfig } from '../config/load.ts';
import { analyze } from '../pipeline/analyze.ts';
import { bundleSiteCode } from '../pipeline/siteCode.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { printDiagnostics, type DiagnosticFormat } from '../pipeline/report.ts';
import { handleFailure } from './handleFailure.ts';
import { withContentStrictness } from '../report/diagnostic.ts';
import { commandCache, commandKnownFiles, withDocumentCache } from './cache.ts';
import { withConfigOptions, type ConfigOptions } from '../config/configOptions.ts';
import { watchdog } from '../watchdog.ts';

/** `site check [siteDir] [--format text|json|github]`: the link check, for CI, with the site code bundled in memory as build does. Renders and writes nothing. */
export async function checkCommand(siteDir: string, options: { format: DiagnosticFormat; cache: boolean; debug?: boolean } & ConfigOptions): Promise<number> {
  // Machine formats keep stdout clean; progress goes to stderr either way.
  const reporter = createReporter({ quiet: options.format === 'json' });
  const startedAt = Date.now();
  watchdog.headline = 'Check failed.';
  try {
    const config = withConfigOptions(await reporter.step('Loading config', () => loadConfig(siteDir)), options);
    const { graph, diagnostics } = await withDocumentCache(() => commandCache(options.cache), reporter, async (cache) => {
      const knownFiles = commandKnownFiles(cache, config.siteDir, startedAt);
      cache?.useHeadsOf(config.siteDir);
      const analysis = await analyze(config, { reporter, cache, knownFiles });
      cache?.flush();
      knownFiles?.flush();
      // Bundled (in memory) as the build does: what the site's components name, and what breaks them, is part of the check.
      return { graph: analysis.graph, diagnostics: (await bundleSiteCode(config, analysis, reporter)).diagnostics };
    });
    const errors = printDiagnostics(withContentStrictness(diagnostics, config.markdown.strict), reporter, options.format);
    if (options.format !== 'json') reporter.info(errors > 0 ? `Check failed: ${errors} error${errors === 1 ? '' : 's'}.` : `All links resolve across ${graph.routes.length} routes.`);
    return errors > 0 ? 1 : 0;
  } catch (error) {
    return handleFailure(error, reporter, options.debug, 'Check failed.', options.format);
  }
}
