import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
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
export async function loadConfig(siteDir: string): Promise<ResolvedConfig> {
  const dir = path.resolve(siteDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw siteError(catalog.configNotFound(dir));
  }
  const configFile = CONFIG_FILES.map((f) => path.join(dir, f)).find((f) => fs.existsSync(f)) ?? null;
  let input: unknown = { title: path.basename(dir) };
  if (configFile) {
    try {
      const mod = (await import(await compileConfig(configFile, dir))) as { default?: unknown };
      input = mod.default;
    } catch (error) {
      throw siteError({ file: path.relative(dir, configFile), ...catalog.configLoadFailed(configFile, (error as Error).message) }, error);
    }
  }
  const source = configFile ? fs.readFileSync(configFile, 'utf8') : undefined;
  const result = resolveConfig(input, { siteDir: dir, configFile, source });
  if (!result.ok) throw new SiteError(result.diagnostics);
  return result.config;
}

/**
 * Compiles a TypeScript (or JavaScript) config with esbuild into one ES module, as Vite
 * does: its own imports are bundled in, packages stay imports. The file name carries a
 * hash of the result, so an edited config is never served from Node's module cache.
 */
async function compileConfig(configFile: string, siteDir: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [configFile],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha1').update(code).digest('hex').slice(0, 12);
  // Beside the config, so the packages it imports resolve from the site's node_modules.
  const dir = path.join(siteDir, 'node_modules', '.cache', 'site-config');
  const out = path.join(dir, `config-${hash}.mjs`);
  if (!fs.existsSync(out)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(out, code);
  }
  return pathToFileURL(out).href;
}
