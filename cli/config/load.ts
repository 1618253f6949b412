import fs from 'node:fs';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { bundledModuleUrl, moduleErrorInSite } from './moduleUrl.ts';
import { withDeepStacks } from '../errors/deepStacks.ts';
import { untilSettled } from './untilSettled.ts';
import { withoutExit } from './noExit.ts';
import { resolveConfig } from './resolve.ts';
import type { ResolvedConfig } from './types.ts';
import { SiteError, siteError, usageError } from '../errors/SiteError.ts';
import { catalog } from '../errors/catalog.ts';
import { DOCUSAURUS_CONFIG_FILES, loadDocusaurusConfig } from './docusaurus/loadDocusaurusConfig.ts';
import { watchdog } from '../watchdog.ts';
import { inSiteFolder } from './inSiteFolder.ts';

/** Config file names looked for in the site folder, in order. */
export const CONFIG_FILES = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'];

/**
 * Finds and imports the site config, then validates it. A site folder without a config
 * builds with the defaults (its title taken from the folder name), so any Docusaurus-style
 * folder with docs/, blog/ and static/ works as is; one with a docusaurus.config.* (and
 * no site.config.*) is read through that (see docusaurus/).
 */
export async function loadConfig(siteDir: string): Promise<ResolvedConfig> {
  const dir = path.resolve(siteDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    // A usage error (exit code 2), as a mistyped command is.
    throw usageError(catalog.configNotFound(dir, fs.existsSync(dir) ? 'a file' : 'nothing'));
  }
  // Files only: a folder named site.config.ts (an --out-dir through it) is not a config.
  const configFile = CONFIG_FILES.map((f) => path.join(dir, f)).find(isFile) ?? null;
  const docusaurusConfig = DOCUSAURUS_CONFIG_FILES.map((f) => path.join(dir, f)).find(isFile);
  // A Docusaurus site is read as it is; a site.config.ts beside it is the native form, and wins.
  if (docusaurusConfig && !configFile) return loadDocusaurusConfig(dir, docusaurusConfig);
  let input: unknown = { title: path.basename(dir) };
  if (configFile) {
    try {
      const url = await compileConfig(configFile);
      input = await watchdog.run({ what: 'Loading the site config', file: path.relative(dir, configFile) }, () => withDeepStacks(() =>
        inSiteFolder(dir, () =>
          withoutExit(async () => {
            const mod = (await untilSettled(import(url))) as { default?: unknown };
            const value = await untilSettled(mod.default);
            // A config may be exported as a function that returns it (or a promise of it), as Docusaurus and Vite allow.
            return typeof value === 'function' ? untilSettled((value as () => unknown)()) : value;
          }),
        ),
      ));
    } catch (error) {
      // At the line that failed (in the config or a file it imports), when it is the site's.
      const place = moduleErrorInSite(error, dir);
      const file = path.relative(dir, configFile);
      if (place) throw siteError({ file: place.file, line: place.line, column: place.column, ...catalog.configLoadFailed(place.file, place.reason, place.threw) }, error);
      throw siteError({ file, ...catalog.configLoadFailed(file, (error as Error).message) }, error);
    }
  }
  const source = configFile ? fs.readFileSync(configFile, 'utf8') : undefined;
  const result = resolveConfig(input, { siteDir: dir, configFile, source });
  if (!result.ok) throw new SiteError(result.diagnostics);
  // Sidebars written in the config: their problems are placed in it, as a sidebars file's are.
  const sidebarsInConfig = configFile && source !== undefined && (input as { docs?: { sidebars?: unknown } } | undefined)?.docs?.sidebars !== undefined;
  if (sidebarsInConfig) result.config.sidebarsSource = { file: path.relative(dir, configFile), text: source };
  if (docusaurusConfig && configFile) {
    const shadowed = catalog.docusaurusConfigShadowed(path.basename(configFile), path.basename(docusaurusConfig));
    return { ...result.config, configWarnings: [...(result.config.configWarnings ?? []), { severity: 'warning', file: path.basename(docusaurusConfig), ...shadowed }] };
  }
  return result.config;
}

/**
 * Compiles a TypeScript (or JavaScript) config with esbuild into one ES module, as Vite
 * does: its own imports are bundled in, packages stay imports, each resolved from the
 * config's folder to an absolute URL. The module is imported from a data: URL, so nothing
 * is written (not in the site folder, not anywhere) and an edited config is never served
 * from Node's module cache (the URL is its text).
 */
async function compileConfig(configFile: string): Promise<string> {
  return bundledModuleUrl(configFile, { plugins: [packagesByUrl] });
}

/** Leaves packages out of the bundle as imports of their resolved file URLs. */
const packagesByUrl: esbuild.Plugin = {
  name: 'packages-by-url',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'inner') return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' });
      // A package that is not installed stays a bare import: importing the config says which.
      if (resolved.errors.length > 0 || !path.isAbsolute(resolved.path)) return { path: args.path, external: true };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
