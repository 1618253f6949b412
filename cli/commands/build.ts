import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { build } from '../pipeline/build.ts';
import { createReporter } from '../pipeline/reporter.ts';
import { handleFailure } from './handleFailure.ts';

/** `site build [siteDir] [--out-dir DIR]` → exit code. */
export async function buildCommand(siteDir: string, options: { outDir?: string; debug?: boolean }): Promise<number> {
  const reporter = createReporter();
  try {
    const config = await reporter.step('Loading config', () => loadConfig(siteDir));
    // A path typed on the command line is relative to where it was typed.
    await build(config, { reporter, outDir: options.outDir && path.resolve(options.outDir) });
    return 0;
  } catch (error) {
    return handleFailure(error, reporter, options.debug, 'Build failed; the previous build folder was left as it was.');
  }
}
