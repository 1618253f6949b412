import path from 'node:path';
import * as esbuild from 'esbuild';
import type { SiteData } from '../../runtime/pageData.ts';
import type { PageAssets } from '../render/document.ts';
import type { SiteComponent } from './siteComponents.ts';
import { exportNamesOf, pageModulesOf, SITE_PACKAGE, siteCodePlugin } from './siteCode.ts';
import { fallbackModules, siteModules } from '../../themes/classic/siteModules.ts';
import { LAYOUT_FILES } from '../../themes/classic/pageLayouts.ts';

import { PACKAGE_ROOT } from '../paths.ts';

export const CLIENT_ENTRY = path.join(PACKAGE_ROOT, 'runtime/entry-client.tsx');

/** The browser's code: files to write under `assets/` and what each page links to. */
export interface ClientBundle {
  /** Path relative to the output folder → contents. */
  files: Map<string, Uint8Array>;
  assets: PageAssets;
  /** Bytes of the entry and its static imports (what a first page load downloads). */
  firstLoadBytes: number;
}

/** The site's own code the browser may need: the components its content imports. */
export interface SiteCode {
  siteDir: string;
  components: SiteComponent[];
  /** Folders site code may be read from (see readRoots); the site folder alone when not given. */
  roots?: string[];
  /** CSS the config makes (siteStyles.ts: code colours), after the theme's stylesheet. */
  styles?: string;
  /** The config's client modules (scripts), absolute: run before the page hydrates, told of each move to a page. */
  clientModules?: string[];
}

/** esbuild options for the client: minified, code-split ES modules with content-hashed names. */
export function clientBuildOptions(site: SiteData, outDir: string, siteCode?: SiteCode): esbuild.BuildOptions & { write: false; metafile: true } {
  return {
    entryPoints: { main: CLIENT_ENTRY },
    // Paths (and so chunk hashes) relative to the generator, not to the shell's folder:
    // without it every chunk is renamed when the build runs from another directory.
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    write: false,
    metafile: true,
    outdir: path.join(outDir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: `${site.baseUrl}assets/`,
    jsx: 'automatic',
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    // The same bundle for build and dev (dev only adds its own client script to pages).
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [siteDataPlugin(site), siteStylesPlugin(siteCode?.styles ?? ''), siteIslandsPlugin(siteCode?.components ?? []), clientModulesPlugin(siteCode?.clientModules ?? []), pageStylesPlugin(site), ...(siteCode?.components.length || siteCode?.clientModules?.length ? [siteCodePlugin(siteCode.siteDir, 'client', exportNamesOf(siteModules), exportNamesOf(fallbackModules), siteCode.roots, { baseUrl: site.baseUrl, published: new Set() }, pageModulesOf(siteCode.components))] : [])],
  };
}

/**
 * `virtual:<name>`: a module made here, whose imports resolve from the generator's folder.
 * The browser's code imports each one, and each site gets its own contents.
 */
function virtualModule(name: string, contents: string, loader: esbuild.Loader): esbuild.Plugin {
  const namespace = `virtual-${name}`;
  return {
    name,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^virtual:${name}$`) }, () => ({ path: name, namespace }));
      build.onLoad({ filter: /.*/, namespace }, () => ({ contents, loader, resolveDir: PACKAGE_ROOT }));
    },
  };
}

/**
 * `virtual:site-islands`: a loader for each site component content imports, each its own
 * lazy chunk, so only pages that show one load its code. With none, an empty map: a site
 * without components ships nothing for them.
 */
function siteIslandsPlugin(components: SiteComponent[]): esbuild.Plugin {
  const runtime = JSON.stringify(path.join(PACKAGE_ROOT, 'runtime/islands/siteIsland.tsx'));
  // A package is resolved from the site folder (see siteCodePlugin), not from the generator's.
  const pages = JSON.stringify(path.join(PACKAGE_ROOT, 'themes/classic/docusaurus/hooks.ts'));
  const entries = components.map((c) => {
    const module = `import(${JSON.stringify(c.package ? `${SITE_PACKAGE}${c.path}` : c.path)})`;
    // A React page gets the site's config as its `config` prop, as on the server (see renderSitePage).
    if (c.page) return `${JSON.stringify(c.key)}: () => Promise.all([${module}, import(${runtime}), import(${pages})]).then(([m, r, p]) => r.slotAsChildren(p.asSitePage(m.default)))`;
    // A theme component's replacement keeps its children one by one; a map's entry is a member of its export.
    if (c.override) return `${JSON.stringify(c.key)}: () => Promise.all([${module}, import(${runtime})]).then(([m, r]) => r.shapedChildren(m[${JSON.stringify(c.exportName)}]${c.override.member === undefined ? '' : `[${JSON.stringify(c.override.member)}]`}))`;
    return `${JSON.stringify(c.key)}: () => Promise.all([${module}, import(${runtime})]).then(([m, r]) => r.slotAsChildren(m[${JSON.stringify(c.exportName)}]))`;
  });
  return virtualModule('site-islands', `export default {${entries.join(',\n')}};`, 'js');
}

/**
 * `virtual:client-modules`: the route lifecycles of the config's client modules, each
 * imported (run) in order as the bundle starts (runtime/clientModules.ts); for a site
 * without any, two empty functions, so it ships none of that code.
 */
function clientModulesPlugin(modules: string[]): esbuild.Plugin {
  const runtime = JSON.stringify(path.join(PACKAGE_ROOT, 'runtime/clientModules.ts'));
  const imports = modules.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`);
  const contents =
    modules.length === 0
      ? 'export function routeWillUpdate() {}\nexport function routeDidUpdate() {}\n'
      : `${imports.join('\n')}\nimport { routeLifecycles } from ${runtime};\nexport const { routeWillUpdate, routeDidUpdate } = routeLifecycles([${modules.map((_, i) => `m${i}`).join(', ')}]);\n`;
  return virtualModule('client-modules', contents, 'js');
}

/**
 * `virtual:page-styles`: what loads the stylesheets a page's content needs before it is
 * shown (runtime/pageStyles.ts: KaTeX's, on a site with math); for a site without math, a
 * function that does nothing, so it ships none of that code.
 */
function pageStylesPlugin(site: SiteData): esbuild.Plugin {
  const contents = site.math ? `export { loadPageStylesheets } from ${JSON.stringify(path.join(PACKAGE_ROOT, 'runtime/pageStyles.ts'))};\n` : 'export function loadPageStylesheets() { return Promise.resolve(); }\n';
  return virtualModule('page-styles', contents, 'js');
}

/** The site-wide data reaches the browser once, inside the bundle, as `virtual:site-data`. */
function siteDataPlugin(site: SiteData): esbuild.Plugin {
  return virtualModule('site-data', JSON.stringify(site), 'json');
}

/** `virtual:site-styles`: the CSS the config makes (empty for most sites: nothing is added then). */
function siteStylesPlugin(css: string): esbuild.Plugin {
  return virtualModule('site-styles', css, 'css');
}

/** Builds the client bundle in memory (nothing is written here: only `write` touches the output). */
export async function bundleClient(site: SiteData, outDir: string, siteCode?: SiteCode): Promise<ClientBundle> {
  const result = await esbuild.build(clientBuildOptions(site, outDir, siteCode));
  return collectBundle(result, outDir, site.baseUrl);
}

/** Turns esbuild's in-memory result into files and the tags pages need. */
export function collectBundle(result: esbuild.BuildResult<{ write: false; metafile: true }>, outDir: string, baseUrl: string): ClientBundle {
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(path.relative(outDir, file.path).split(path.sep).join('/'), file.contents);
  const outputs = result.metafile.outputs;
  // Metafile paths are relative to absWorkingDir (the generator's folder).
  const rel = (p: string) => path.relative(outDir, path.resolve(PACKAGE_ROOT, p)).split(path.sep).join('/');
  // Lazy chunks (a site component's) are entry points in the metafile too: the entry is the one made from entry-client.
  const entryPoint = path.relative(PACKAGE_ROOT, CLIENT_ENTRY).split(path.sep).join('/');
  const entryKey = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === entryPoint && k.endsWith('.js'))!;
  const entry = outputs[entryKey]!;
  const preload = entry.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const css = entry.cssBundle ? [entry.cssBundle] : [];
  const url = (p: string) => `${baseUrl}${rel(p)}`;
  const firstLoadBytes = [entryKey, ...preload].reduce((n, p) => n + (files.get(rel(p))?.byteLength ?? 0), 0);
  // A layout chunk (pageLayouts.ts) and the chunks it imports that the entry does not: what its pages preload too.
  const layouts: Record<string, string[]> = {};
  for (const file of LAYOUT_FILES) {
    const key = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === file && k.endsWith('.js'));
    if (!key) continue;
    const own = outputs[key]!.imports.filter((i) => i.kind === 'import-statement' && i.path !== entryKey && !preload.includes(i.path)).map((i) => i.path);
    layouts[file] = [key, ...own].map(url);
  }
  return { files, assets: { script: url(entryKey), preload: preload.map(url), layouts, css: css.map(url) }, firstLoadBytes };
}
