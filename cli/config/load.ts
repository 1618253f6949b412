import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveConfig } from './resolve.ts';
import type { ResolvedConfig } from './types.ts';
import { SiteError, siteError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';

/** Config file names looked for in the site folder, in order. */
export const CONFIG_FILES = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'];

/**
 * Finds and imports the site config, then validates it. A site folder without a config
 * builds with the defaults (its title taken from the folder name), so any Docusaurus-style
 * folder with docs/, blog/ and static/ works as is.
 */
export async function loadConfig(siteDir: string, options: { fresh?: boolean } = {}): Promise<ResolvedConfig> {
  const dir = path.resolve(siteDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw siteError(catalog.configNotFound(dir));
  }
  const configFile = CONFIG_FILES.map((f) => path.join(dir, f)).find((f) => fs.existsSync(f)) ?? null;
  let input: unknown = { title: path.basename(dir) };
  if (configFile) {
    try {
      // A query string defeats the module cache so watch mode sees edits.
      const url = pathToFileURL(configFile).href + (options.fresh ? `?t=${Date.now()}` : '');
      const mod = (await import(url)) as { default?: unknown };
      input = mod.default;
    } catch (error) {
      throw siteError({ file: path.relative(dir, configFile), ...catalog.configLoadFailed(configFile, (error as Error).message) }, error);
    }
  }
  const result = resolveConfig(input, { siteDir: dir, configFile });
  if (!result.ok) throw new SiteError(result.diagnostics);
  return result.config;
}
