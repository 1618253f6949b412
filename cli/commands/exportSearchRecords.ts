import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { analyze } from '../pipeline/analyze.ts';
import { bundleSiteCode } from '../pipeline/siteCode.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { printDiagnostics } from '../pipeline/report.ts';
import { searchRecords } from '../search/records.ts';
import { handleFailure } from './handleFailure.ts';
import { commandCache } from './cache.ts';
import { assertSafeOutputFile } from '../write/outputFolder.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { withConfigOptions, type ConfigOptions } from '../config/configOptions.ts';

/**
 * `site export-search-records [siteDir] [--out file]`: the site's search records as a JSON
 * array ready for Algolia (DocSearch's fields: hierarchy, content, type, url, anchor,
 * language, docusaurus_tag, weight; absolute URLs on the configured `url`), so a team can
 * push them with Algolia's own tools. Written to `--out`, or to stdout.
 */
export async function exportSearchRecordsCommand(siteDir: string, options: { out?: string; cache: boolean; debug?: boolean } & ConfigOptions): Promise<number> {
  // With stdout as the output, progress stays on stderr.
  const reporter = createReporter();
  const cache = commandCache(options.cache);
  // Resolved where it was typed, before the config's code runs (it may change the working folder).
  const out = options.out && path.resolve(options.out);
  try {
    const config = withConfigOptions(await reporter.step('Loading config', () => loadConfig(siteDir)), options);
    if (out) assertSafeOutputFile(out, config, PACKAGE_ROOT);
    const analysis = await analyze(config, { reporter, cache });
    cache?.flush();
    // As the build does: the site's code bundled, its React pages rendered for their text.
    const { diagnostics, reactPages } = await bundleSiteCode(config, analysis, reporter);
    const { graph } = analysis;
    if (printDiagnostics(diagnostics, reporter) > 0) {
      reporter.error('Export failed: fix the errors above first, so no record points at a broken page.');
      return 1;
    }
    const records = searchRecords(graph, config, config.url.replace(/\/$/, ''), reactPages);
    const json = `${JSON.stringify(records, null, 2)}\n`;
    if (out) {
      const file = out;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, json);
      reporter.info(`Wrote ${records.length} records of ${new Set(records.map((r) => r.url_without_anchor)).size} pages to ${path.relative(process.cwd(), file) || file}.`);
    } else {
      process.stdout.write(json);
    }
    return 0;
  } catch (error) {
    return handleFailure(error, reporter, options.debug, 'Export failed.');
  }
}
