import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import type { Diagnostic } from '../report/diagnostic.ts';
import { isInside, realPath } from '../config/sitePaths.ts';
import { catalog, type Entry } from '../errors/catalog.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { scopeCssModule } from './cssModules.ts';
import { compileSass, SASS_FILE, SASS_WARNING } from './sassStylesheet.ts';
import { svgComponentModule } from './svgComponent.ts';
import { ASSET_EXT } from '../content/assetFiles.ts';
import { contentFileHref } from '../render/resolveTree.ts';
import { PAGE_MODULE, type SiteComponent } from './siteComponents.ts';
import { isBuiltin } from 'node:module';
import vm from 'node:vm';
import { rememberSiteCodeMap, siteCodePlace } from './siteCodePlace.ts';
import { infimaVariablesCss, mentionedInfimaVariables } from './infimaVariables.ts';

/**
 * The site's own React code (components content imports, later its pages), bundled with
 * esbuild twice: for the server, evaluated in this process to render pages, and for the
 * browser, as lazy chunks of the client bundle (see clientBundle.ts). Both builds read
 * the same files through `siteCodePlugin`, so they agree on what each import is.
 */

/** React is the generator's, on both sides: a second copy would break hooks (and the site may not have one). */
const SHARED = /^(react|react-dom|scheduler)(\/.*)?$/;
const CSS_MODULE = /\.module\.(css|scss|sass)$/;
/** A stylesheet: CSS, or Sass (compiled first: sassStylesheet.ts). */
const STYLESHEET = /\.(css|scss|sass)$/;
const SVG = /\.svg$/i;
/** A package content imports, as the client bundle's island loader names it: resolved from the site folder. */
export const SITE_PACKAGE = 'site-package:';

/**
 * How site code's imports resolve, for `side`:
 * - react and react-dom are the generator's (external on the server, where `require`
 *   gives them; resolved from the generator in the browser);
 * - modules the generator provides by name (`provided`, e.g. `@theme/Layout`) likewise;
 * - a provided module exports exactly the names its table entry has, so a named import
 *   it lacks is an error at the import;
 * - `@site/x` is the site folder's x; anything else resolves as esbuild does, and must
 *   lie inside `roots` (the site folder, and content folders the config names outside it);
 *   `site-package:name` (a package content imports) resolves from the site folder;
 * - a root-relative `url(/img/x.png)` in CSS is the static folder's, left as written;
 * - `.module.css` is scoped (cssModules.ts); its classes are the import. On the server
 *   the CSS itself (plain `.css` too) goes into the site's stylesheet; in the browser
 *   it is already on the page, so it is left out of the chunks;
 * - an image, font, video or document (imported, required, or a relative `url()` in CSS)
 *   is its URL, as Docusaurus's file loaders make it: the file is published beside the
 *   pages (`files.published` gathers them, site-relative, for the copy step), at the URL
 *   of a file a Markdown page links to;
 * - an SVG imported or required is a React component, as Docusaurus's SVGR makes it
 *   (svgComponent.ts); in CSS, its URL;
 * - `page-module:<page>` is the module of the components an MDX page defines (`pageModules`,
 *   by the page's absolute path; see pageModulesOf).
 */
export function siteCodePlugin(siteDir: string, side: 'server' | 'client', provided: Record<string, readonly string[]> = {}, fallbacks: Record<string, readonly string[]> = {}, roots: readonly string[] = [siteDir], files: SiteFiles = { baseUrl: '/', published: new Set() }, pageModules: ReadonlyMap<string, string> = new Map()): esbuild.Plugin {
  // The site folder, and content folders the config names outside it (a docs folder's components are the site's code too).
  const rootsReal = roots.map(realPath);
  const inRoots = (real: string) => rootsReal.some((root) => isInside(real, root));
  const providedNames = new Set(Object.keys(provided));
  const fallbackNames = new Set(Object.keys(fallbacks));
  const exportsOf = (id: string) => provided[id] ?? fallbacks[id] ?? [];
  // The generator's own files are never site code, even when the site folder holds them (the Coinvoy site is this repository).
  const generator = ['runtime', 'themes', 'cli', 'node_modules'].map((dir) => realPath(path.join(PACKAGE_ROOT, dir)));
  const isSiteCode = (file: string) => {
    const real = realPath(file);
    return inRoots(real) && !generator.some((dir) => isInside(real, dir));
  };
  const asProvided = (name: string) => ({ path: name, namespace: 'site-provided' });
  /** A file's URL once published (see copiedFiles): its path from the site folder. */
  const publish = (file: string) => {
    const relative = path.relative(siteDir, file).split(path.sep).join('/');
    files.published.add(relative);
    return contentFileHref(files.baseUrl, relative);
  };
  const table = JSON.stringify(path.join(PACKAGE_ROOT, 'themes/classic/siteModules.ts'));
  return {
    name: 'site-code',
    setup(build) {
      // A page's own module (the components its MDX exports), read from the page's file: its imports resolve from there.
      build.onResolve({ filter: /^page-module:/ }, (args) => ({ path: args.path.slice(PAGE_MODULE.length), namespace: 'page-module' }));
      build.onLoad({ filter: /.*/, namespace: 'page-module' }, (args) => ({ contents: pageModules.get(args.path) ?? '', loader: 'jsx', resolveDir: path.dirname(args.path) }));
      // A CSS module's own stylesheet (see onLoad below).
      build.onResolve({ filter: /\?scoped$/ }, (args) => ({ path: args.path.slice(0, -'?scoped'.length), namespace: 'site-scoped-css' }));
      // A root-relative url() in the site's CSS is a file of its static folder, served from there: as in
      // Docusaurus (whose css-loader leaves such URLs alone), it is not bundled.
      build.onResolve({ filter: /^\// }, (args) => (args.kind === 'url-token' || args.kind === 'import-rule' ? { path: args.path, external: true } : undefined));
      build.onResolve({ filter: /^site-package:/ }, async (args) => {
        const result = await build.resolve(args.path.slice(SITE_PACKAGE.length), { kind: args.kind, resolveDir: siteDir, pluginData: { siteCode: true } });
        if (result.errors.length > 0 || result.namespace !== 'file' || inRoots(realPath(result.path))) return result;
        return { errors: [{ text: catalog.siteCodeOutside(args.path.slice(SITE_PACKAGE.length), result.path).message }] };
      });
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData?.siteCode) return undefined;
        // The server's provided module itself is the render's, given by `require` (see bundleSiteForServer).
        if (side === 'server' && args.namespace === 'site-provided') return { path: args.path, external: true };
        if (providedNames.has(args.path)) return asProvided(args.path);
        // Docusaurus's own modules are the theme's to give: one it does not give cannot come from anywhere else.
        if (/^@(theme|theme-original|theme-init|docusaurus)\//.test(args.path)) return { errors: [{ text: catalog.siteModuleUnknown(args.path, [...providedNames]).message }] };
        if (SHARED.test(args.path)) {
          if (side === 'server') return { path: args.path, external: true };
          return build.resolve(args.path, { kind: args.kind, resolveDir: PACKAGE_ROOT, pluginData: { siteCode: true } });
        }
        // Only a file (a CSS module's stylesheet too) imports as site code: the theme's modules and the island loaders are the
        // generator's (and a name such as "@theme/Layout" is no path: read as one, it lay in the site folder whenever the build ran from there).
        const fromFile = args.namespace === 'file' || args.namespace === 'site-scoped-css' || args.namespace === 'page-module';
        if (!args.importer || !fromFile || !path.isAbsolute(args.importer) || !isSiteCode(args.importer)) return undefined;
        // `@site/…` is the site folder, as in Docusaurus.
        const site = args.path.startsWith('@site/');
        const request = site ? `./${args.path.slice('@site/'.length)}` : args.path;
        const result = await build.resolve(request, { kind: args.kind, resolveDir: site ? siteDir : args.resolveDir, importer: args.importer, pluginData: { siteCode: true } });
        // A package the site may leave out (clsx): the site's own copy when it is installed, else the theme's.
        if (fallbackNames.has(args.path) && (result.errors.length > 0 || !inRoots(realPath(result.path)))) return asProvided(args.path);
        if (result.errors.length > 0 || result.external || result.namespace !== 'file') return result;
        if (!inRoots(realPath(result.path))) return { errors: [{ text: catalog.siteCodeOutside(args.path, result.path).message }] };
        // In CSS, a file's URL (imported in code, it is loaded below).
        if (args.kind === 'url-token' && (SVG.test(result.path) || ASSET_EXT.test(result.path))) return { path: publish(result.path), external: true };
        if (side === 'client' && STYLESHEET.test(result.path) && !CSS_MODULE.test(result.path)) return { path: result.path, namespace: 'site-no-css' };
        return result;
      });
      // A provided module is the theme's table entry (see themes/classic/siteModules.ts), its
      // exports spelled out by name so that esbuild checks each named import against them.
      build.onLoad({ filter: /.*/, namespace: 'site-provided' }, (args) => {
        const id = JSON.stringify(args.path);
        const module = side === 'server' ? `const m = require(${id});` : `import { siteModules, fallbackModules } from ${table};\nconst m = siteModules[${id}] ?? fallbackModules[${id}];`;
        const names = exportsOf(args.path);
        const named = names.filter((n) => n !== 'default');
        return {
          contents: [module, names.includes('default') ? 'export default m.default;' : '', named.length ? `export const { ${named.join(', ')} } = m;` : ''].join('\n'),
          loader: 'js',
          resolveDir: PACKAGE_ROOT,
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'site-no-css' }, () => ({ contents: '', loader: 'js' }));
      // By the file's name: content's imports reach here as paths (the browser's island loaders name them so).
      build.onLoad({ filter: ASSET_EXT, namespace: 'file' }, (args) => (isSiteCode(args.path) ? { contents: `export default ${JSON.stringify(publish(args.path))};`, loader: 'js' } : undefined));
      build.onLoad({ filter: SVG, namespace: 'file' }, async (args) => {
        if (!isSiteCode(args.path)) return undefined;
        const module = svgComponentModule(await fs.promises.readFile(args.path, 'utf8'));
        if (module === undefined) return { errors: [{ text: catalog.siteSvgInvalid(path.relative(siteDir, args.path).split(path.sep).join('/')).message }] };
        return { contents: module, loader: 'js', resolveDir: PACKAGE_ROOT };
      });
      // The site's own .js files may hold JSX, as Docusaurus (Babel) allows; packages' .js files are read as plain JS.
      build.onLoad({ filter: /\.(js|mjs)$/, namespace: 'file' }, async (args) => (isSiteCode(args.path) && !args.path.split(path.sep).includes('node_modules') ? { contents: await fs.promises.readFile(args.path, 'utf8'), loader: 'jsx' } : undefined));
      /** A stylesheet's CSS: its text, or what its Sass compiles to (with Sass's errors and warnings, and the files it read). */
      const cssOf = async (file: string): Promise<{ css?: string; errors?: esbuild.PartialMessage[]; warnings?: esbuild.PartialMessage[]; watchFiles?: string[] }> => {
        if (!SASS_FILE.test(file)) return { css: await fs.promises.readFile(file, 'utf8') };
        const compiled = await compileSass(file, siteDir, inRoots);
        return { css: compiled.css, errors: compiled.errors, warnings: compiled.warnings, watchFiles: compiled.files };
      };
      build.onLoad({ filter: CSS_MODULE, namespace: 'file' }, async (args) => {
        const file = path.relative(siteDir, args.path).split(path.sep).join('/');
        const { css: text, ...messages } = await cssOf(args.path);
        if (text === undefined) return messages;
        const { classes } = scopeCssModule(text, file);
        // Sass's warnings are said once, where its CSS is bundled (the server's scoped stylesheet).
        const css = side === 'server' ? `import ${JSON.stringify(`${args.path}?scoped`)};\n` : '';
        return { contents: `${css}export default ${JSON.stringify(classes)};`, loader: 'js', watchFiles: messages.watchFiles };
      });
      build.onLoad({ filter: /.*/, namespace: 'site-scoped-css' }, async (args) => {
        const file = path.relative(siteDir, args.path).split(path.sep).join('/');
        const { css: text, ...messages } = await cssOf(args.path);
        if (text === undefined) return messages;
        return { contents: scopeCssModule(text, file).css, loader: 'css', resolveDir: path.dirname(args.path), ...messages };
      });
      // A global Sass stylesheet (customCss, or one a component imports), compiled; in the browser it is left out as CSS is (see onResolve).
      build.onLoad({ filter: SASS_FILE, namespace: 'file' }, async (args) => {
        if (!isSiteCode(args.path)) return undefined;
        const { css: text, ...messages } = await cssOf(args.path);
        if (text === undefined) return messages;
        return { contents: text, loader: 'css', resolveDir: path.dirname(args.path), ...messages };
      });
    },
  };
}

/** The modules of the components pages define, by the page's absolute path (siteCodePlugin). */
export function pageModulesOf(components: readonly SiteComponent[]): Map<string, string> {
  return new Map(components.flatMap((c) => (c.source !== undefined ? [[c.path.slice(PAGE_MODULE.length), c.source] as [string, string]] : [])));
}

/** Where the site's code puts the files it imports for their URL (siteCodePlugin), and the base URL those have. */
export interface SiteFiles {
  baseUrl: string;
  /** Filled in as the code is bundled: each file's path from the site folder. */
  published: Set<string>;
}

/** Each provided module's export names (a module is its exports object), for siteCodePlugin. */
export function exportNamesOf(modules: Record<string, unknown>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(modules).map(([id, exports]) => [id, Object.keys(exports as object)]));
}

/** The site's code as the server runs it: each module's exports by id, and the CSS it imports. */
export interface ServerSiteCode {
  modules: Record<string, Record<string, unknown>>;
  /** A digest of the bundled code and CSS: what pages rendered with it depend on. */
  key: string;
  /** Every stylesheet the code imports, in one file, after Infima's definitions of the variables it reads (none when there is neither). */
  css?: Uint8Array;
  /** The files it imports for their URL, from the site folder, to publish (siteCodePlugin). */
  files: string[];
  /** What esbuild read past in the site's stylesheets (a brace not closed, an @import after rules): warnings at their place. */
  diagnostics: Diagnostic[];
}

/**
 * Bundles `entries` (id → absolute path) for the server and evaluates the result here,
 * with `require` giving the generator's React and `provided` modules. A failure is thrown
 * as diagnostics with the file, line and column esbuild reports.
 */
export async function bundleSiteForServer(entries: Record<string, string>, siteDir: string, provided: Record<string, unknown> = {}, fallbacks: Record<string, unknown> = {}, roots: readonly string[] = [siteDir], baseUrl = '/', pageModules: ReadonlyMap<string, string> = new Map()): Promise<ServerSiteCode> {
  const ids = Object.keys(entries);
  if (ids.length === 0) return { modules: {}, key: '', files: [], diagnostics: [] };
  const files: SiteFiles = { baseUrl, published: new Set() };
  const source = [...ids.map((id, i) => `import * as m${i} from ${JSON.stringify(entries[id])};`), `export default {${ids.map((id, i) => `${JSON.stringify(id)}: m${i}`).join(', ')}};`].join('\n');
  const names = { ...exportNamesOf(fallbacks), ...exportNamesOf(provided) };
  const result = await runEsbuild(
    {
      stdin: { contents: source, resolveDir: siteDir, sourcefile: 'site-code.js', loader: 'js' },
      absWorkingDir: siteDir,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      outdir: path.join(siteDir, '.site-code'),
      // Also leaves out the comments naming each source's absolute path: output is the same on every machine.
      minifyWhitespace: true,
      // For placing an error the code throws in the author's file (siteCodePlace.ts); 'external' leaves the code and CSS without a comment naming it.
      sourcemap: 'external',
      sourcesContent: false,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [siteCodePlugin(siteDir, 'server', exportNamesOf(provided), exportNamesOf(fallbacks), roots, files, pageModules)],
    },
    siteDir,
    names,
  );
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  const map = result.outputFiles.find((f) => f.path.endsWith('.js.map'));
  const generatorRequire = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  // Provided modules are ES modules: marked so, `import X from` gives their default export, not the whole object.
  const given = { ...fallbacks, ...provided };
  const requireShared = (name: string): unknown => (Object.hasOwn(given, name) ? { __esModule: true, ...(given[name] as object) } : generatorRequire(name));
  const module = { exports: {} as { default?: Record<string, Record<string, unknown>> } };
  // Infima's definitions of the variables the code and CSS read, first: the site's own, after them, win (infimaVariables.ts).
  const siteCss = css?.text ?? '';
  const stylesheet = infimaVariablesCss(mentionedInfimaVariables(`${js.text}\n${siteCss}`)) + siteCss;
  const key = createHash('sha256').update(js.contents).update(stylesheet).digest('hex').slice(0, 16);
  // Run under a name of its own, its map remembered: an error it throws is placed in the site's file.
  const name = `site-code-${key}.js`;
  if (map) rememberSiteCodeMap(name, map.text, path.dirname(map.path));
  // The site's code is the site's, run as Docusaurus runs it to render pages at build time.
  // The wrapper on a line of its own: the bundle's lines and columns are the map's, one line down.
  const run = vm.runInThisContext(`(function (module, exports, require) {\n${js.text}\n})`, { filename: name }) as (m: typeof module, e: object, r: typeof requireShared) => void;
  try {
    run(module, module.exports, requireShared);
  } catch (error) {
    // A module that throws as it loads (it reads window, or a file that is not there).
    const place = siteCodePlace(error, siteDir);
    throw new SiteCodeError([{ severity: 'error', ...(place ?? {}), ...catalog.siteCodeThrew(error instanceof Error ? error.message : String(error)) }]);
  }
  // A stylesheet esbuild read past holds rules a browser drops too (Docusaurus's PostCSS stops at some): said, not fatal.
  const diagnostics = result.warnings.flatMap((message) => {
    const diagnostic = message.location && STYLESHEET.test(message.location.file) ? placedAt(message, siteDir, siteDir) : undefined;
    if (message.detail === SASS_WARNING) return [{ severity: 'warning' as const, ...diagnostic, ...catalog.sassWarning(message.text) }];
    return diagnostic?.file ? [{ severity: 'warning' as const, ...diagnostic, ...catalog.siteCssSkipped(message.text) }] : [];
  });
  return { modules: module.exports.default ?? {}, key, css: stylesheet.length > 0 ? new TextEncoder().encode(stylesheet) : undefined, files: [...files.published].sort(), diagnostics };
}

/** esbuild, its errors as diagnostics at the site file where they are. */
export async function runEsbuild(options: esbuild.BuildOptions & { write: false }, siteDir: string, provided: Record<string, readonly string[]> = {}): Promise<esbuild.BuildResult<{ write: false }>> {
  try {
    return await esbuild.build(options);
  } catch (error) {
    throw asSiteCodeError(error, siteDir, provided);
  }
}

/**
 * An esbuild failure as a SiteCodeError (its messages as diagnostics); anything else as it
 * is. `workingDir`: the build's absWorkingDir, which esbuild names files from (the client
 * bundle's is the generator's folder).
 */
export function asSiteCodeError(error: unknown, siteDir: string, provided: Record<string, readonly string[]> = {}, workingDir = siteDir): unknown {
  const failure = error as esbuild.BuildFailure;
  return Array.isArray(failure?.errors) ? new SiteCodeError(failure.errors.map((message) => diagnosticOf(message, siteDir, provided, workingDir))) : error;
}

/** Bundling the site's code failed: the problems, each at its place. */
export class SiteCodeError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
  }
}

function diagnosticOf(message: esbuild.Message, siteDir: string, provided: Record<string, readonly string[]>, workingDir: string): Diagnostic {
  // A message our plugin made says what it is itself (a Sass stylesheet's error).
  const own = isEntry(message.detail) ? message.detail : undefined;
  return { severity: 'error', ...placedAt(message, siteDir, workingDir), ...(own ?? explain(message.text, provided)) };
}

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && typeof (value as Entry).code === 'string' && typeof (value as Entry).message === 'string';
}

/** Where an esbuild message is, in the site's files (none in the bundle's own entry). */
function placedAt(message: esbuild.Message, siteDir: string, workingDir: string): { file?: string; line?: number; column?: number } {
  const where = message.location;
  // A file in one of the plugin's namespaces (a CSS module's scoped stylesheet) is named by its path alone.
  const source = where?.file.replace(/^site-[\w-]+:/, '');
  const file = source && source !== 'site-code.js' ? path.relative(siteDir, path.resolve(workingDir, source)).split(path.sep).join('/') : undefined;
  return { file, line: file ? where!.line : undefined, column: file ? where!.column + 1 : undefined };
}

/** esbuild's message in the author's terms where we know them better: a provided module's export, a package not installed. */
function explain(text: string, provided: Record<string, readonly string[]>) {
  const noExport = /^No matching export in "site-provided:([^"]+)" for import "([^"]+)"/.exec(text);
  if (noExport) return catalog.siteModuleNoExport(noExport[1]!, noExport[2]!, (provided[noExport[1]!] ?? []).filter((n) => n !== 'default'));
  // Less or Stylus, which a Docusaurus plugin compiles there, and nothing here (Sass is compiled: sassStylesheet.ts).
  const language = /^No loader is configured for "\.(less|styl)" files: (.+)$/.exec(text);
  if (language) return catalog.siteStylesheetLanguage(language[1]!, language[2]!);
  const unresolved = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
  // Node's own modules resolve on the server, never in the browser, where every component runs too.
  if (unresolved && isBuiltin(unresolved)) return catalog.siteCodeNodeModule(unresolved);
  if (unresolved && !/^(\.|\/|@site\/)/.test(unresolved)) return catalog.sitePackageMissing(unresolved.startsWith('@') ? unresolved.split('/').slice(0, 2).join('/') : unresolved.split('/')[0]!);
  return catalog.siteCodeFailed(text);
}
