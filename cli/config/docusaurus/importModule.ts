import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import Module, { createRequire, isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { bundledModule } from '../moduleUrl.ts';
import { withDeepStacks } from '../../errors/deepStacks.ts';
import { isInside, realPath } from '../sitePaths.ts';
import { untilSettled } from '../untilSettled.ts';
import { withoutExit } from '../noExit.ts';
import { watchdog } from '../../watchdog.ts';
import { inSiteFolder } from '../inSiteFolder.ts';
import { PACKAGE_ROOT } from '../../paths.ts';

/** What importing a Docusaurus config or sidebars file gave. */
export interface ImportedModule {
  /** The default export (or `module.exports`), awaited; a function export is called first. */
  value: unknown;
  /** Packages the file imports or requires that the site folder does not have installed. */
  missing: string[];
  /** A hash of its code and the local files it imports, as bundled: what a plugin it defines or imports was made from. */
  codeHash: string;
  /** The file and the local files it imports (absolute). */
  files: string[];
}

/** Thrown for a local import that leads out of the site folder. */
export class OutsideImportError extends Error {}

/** The file's own code threw while it ran; `missing` lists the packages stood in for. */
export class ConfigRunError extends Error {
  constructor(
    message: string,
    readonly missing: string[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Imports a Docusaurus config (or sidebars) file the way Docusaurus's jiti loader lets
 * authors write it: `.js/.mjs/.cjs/.ts`, ESM mixed with `require`, `require.resolve`,
 * `__dirname`, JSON imports, a default export that is an object, a promise, or a
 * (possibly async) function to call.
 *
 * esbuild bundles the file and its local imports into one ES module, imported from a
 * data: URL (as `load.ts` does for site.config.ts), so nothing is written anywhere.
 * Local imports must stay inside the site folder: esbuild reads those files for us, and
 * our loader must not be a way to read elsewhere. Installed packages are imported by
 * Node from their own files; a package that is not installed (a prism theme, a plugin,
 * a remark plugin: a bare clone has no node_modules) becomes a stub, any property of
 * which is another stub, and is listed in `missing`, so the config still loads and the
 * author is told which parts could not be run.
 */
export async function importDocusaurusModule(file: string, siteDir: string): Promise<ImportedModule> {
  const missing = new Set<string>();
  const root = realPath(siteDir);
  const { url, inputs } = await bundledModule(file, {
    // Every bundled module sees the file's own folder and a require that stubs what is missing.
    banner: { js: runtimePrelude(file) },
    footer: { js: 'export { __siteMissing };' },
    // The bundle runs from a data: URL; the file's own URL is what its code expects.
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(file).href),
      'import.meta.filename': JSON.stringify(file),
      'import.meta.dirname': JSON.stringify(path.dirname(file)),
    },
    plugins: [siteImports(root, missing)],
  });
  let value: unknown;
  let stubbed: Set<string>;
  try {
    // Its code runs here: a loop that never ends stops the command, naming the file (watchdog.ts).
    [value, stubbed] = await watchdog.run({ what: `Loading ${path.basename(file)}`, file: path.relative(siteDir, file) }, () => withDeepStacks(() =>
      inSiteFolder(siteDir, () =>
        withFallbackPackages(() => withoutExit(async () => {
          const mod = (await untilSettled(import(url))) as { default?: unknown; __siteMissing: Set<string> };
          const exported = await untilSettled(mod.default);
          return [typeof exported === 'function' ? await untilSettled((exported as () => unknown)()) : exported, mod.__siteMissing] as const;
        })),
      ),
    ));
  } catch (error) {
    // The config's own code failed; stand-ins are the likely cause when there are any.
    throw new ConfigRunError((error as Error)?.message ?? String(error), [...missing].sort(), { cause: error });
  }
  for (const name of stubbed) missing.add(name);
  return { value, missing: [...missing].sort(), codeHash: createHash('sha1').update(url).digest('base64url'), files: inputs.flatMap((input) => (input.startsWith(SITE_FILE) ? [input.slice(SITE_FILE.length)] : [])) };
}

/**
 * Defines `require`, `__filename` and `__dirname` for the bundle (an ES module has none).
 * `require` is Node's, made for the file's folder; what it cannot find becomes the stub.
 * `require.resolve('./sidebars.js')` finds `sidebars.ts` when only that exists, as jiti
 * does (react-redux's config relies on it).
 */
function runtimePrelude(file: string): string {
  return `import { createRequire as __siteCreateRequire } from 'node:module';
const __filename = ${JSON.stringify(file)};
const __dirname = ${JSON.stringify(path.dirname(file))};
const __siteMissing = new Set();
${STUB_SOURCE}
const __siteAlternates = (id) => /^\\.\\.?\\//.test(id) ? [id, ...['.ts', '.js', '.mjs', '.cjs', '.json'].map((ext) => id.replace(/\\.[cm]?[jt]s$/, '') + ext)] : [id];
function __siteMakeRequire(base) {
  const nodeRequire = __siteCreateRequire(base);
  return Object.assign((id) => {
    if (${JSON.stringify([...NATIVE_PACKAGES])}.includes(__sitePackageName(id))) return __siteNative(__sitePackageName(id));
    try { return nodeRequire(id); } catch (error) {
      if (error && error.code === 'MODULE_NOT_FOUND' && !/^[./]/.test(id)) { __siteMissing.add(__sitePackageName(id)); return __siteStub(id); }
      // A local file Node loads itself (through a require the config made) that needs a package
      // not installed: the file is a stand-in too, as the package would be in a file we bundle.
      const needed = error && error.code === 'MODULE_NOT_FOUND' && /^Cannot find module '([^']+)'/.exec(String(error.message))?.[1];
      if (needed && !/^[./]/.test(needed) && /^[./]/.test(id)) { __siteMissing.add(__sitePackageName(needed)); return __siteStub(id); }
      throw error;
    }
  }, {
    resolve: (id, options) => {
      for (const candidate of __siteAlternates(id)) { try { return nodeRequire.resolve(candidate, options); } catch {} }
      if (!/^[./]/.test(id)) { __siteMissing.add(__sitePackageName(id)); return id; }
      return nodeRequire.resolve(id, options);
    },
    cache: nodeRequire.cache,
  });
}
const require = __siteMakeRequire(__filename);
function __sitePackageName(id) { const parts = id.split('/'); return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]; }
`;
}

/**
 * The stand-in for a package that is not installed: callable, constructible, and every
 * property is another stand-in, so `themes.github`, `require('x').default(options)`,
 * named imports, spreading it into a list and
 * `[require('plugin'), {…}]` all evaluate. It is not a promise (no `then`) and turns into
 * its package name as a string, which is how it shows up in plugin lists.
 */
const STUB_SOURCE = `function __siteNative(name) {
  const plugin = function () {};
  Object.defineProperty(plugin, '__siteNativePackage', { value: name });
  // The version the site installed, if it did: a plugin's defaults change between versions (npm2yarn's converters).
  const version = __siteInstalledVersion(name);
  if (version) Object.defineProperty(plugin, '__siteNativeVersion', { value: version });
  return plugin;
}
function __siteInstalledVersion(name) {
  try {
    const fs = __siteCreateRequire(__filename)('node:fs');
    let dir = __siteCreateRequire(__filename).resolve(name);
    for (let up = 0; up < 8; up++) {
      dir = dir.slice(0, dir.lastIndexOf('/'));
      const manifest = dir + '/package.json';
      if (fs.existsSync(manifest)) {
        const data = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        if (data.name === name) return typeof data.version === 'string' ? data.version : undefined;
      }
    }
  } catch {}
  return undefined;
}
function __siteStub(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (key === 'then' || key === '__esModule' || key === 'toJSON') return undefined;
      if (key === Symbol.toPrimitive || key === 'toString') return () => name;
      if (key === '__siteMissingPackage') return name;
      if (key === '__siteNativePackage') return undefined;
      // Spread into a list (\`[...baseTheme.styles]\`): nothing.
      if (key === Symbol.iterator) return function* () {};
      if (typeof key === 'symbol') return undefined;
      return __siteStub(name + '.' + String(key));
    },
    // esbuild's __toESM copies a CommonJS module's own keys and inherits from its prototype:
    // a stand-in as the prototype gives every named import (\`import { themes } from …\`).
    getPrototypeOf() { return __siteStub(name); },
    apply() { return __siteStub(name + '()'); },
    construct() { return __siteStub(name); },
  });
}`;

/**
 * Packages whose work the generator does itself (a remark plugin it implements natively):
 * the config gets a marker in their place, installed or not (`__siteNativePackage`, read
 * by mapConfig.ts), so the same option works whether the site ran npm install or not.
 */
export const NATIVE_PACKAGES = new Set(['@docusaurus/remark-plugin-npm2yarn', 'remark-math', 'rehype-katex']);

/**
 * Packages a config reads data from that the generator has itself: when the site folder
 * does not have one installed, the config gets the generator's (prism-react-renderer's
 * code themes, `themes.github`), so its values are real rather than stand-ins.
 */
export const FALLBACK_PACKAGES = new Set(['prism-react-renderer']);

/**
 * While `run` runs, Node's resolution (the config's require, and the require of a file it
 * loads) finds a FALLBACK_PACKAGES package in the generator's folder when it fails from
 * the file's own: a theme file a config requires may require prism-react-renderer itself.
 */
async function withFallbackPackages<T>(run: () => Promise<T>): Promise<T> {
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = loader._resolveFilename;
  const fromGenerator = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  loader._resolveFilename = function (request: string, ...rest: unknown[]) {
    try {
      return resolve.call(this, request, ...rest);
    } catch (error) {
      if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND' || !FALLBACK_PACKAGES.has(packageName(request))) throw error;
      return fromGenerator.resolve(request);
    }
  };
  try {
    return await run();
  } finally {
    loader._resolveFilename = resolve;
  }
}

/** The module a missing package is replaced with. */
function stubModule(name: string): string {
  return `module.exports = __siteStub(${JSON.stringify(name)});`;
}

/**
 * Resolves the file's imports: local files are bundled if they lie inside the site folder
 * (else an error); packages are left to Node, by their resolved file URL; packages that
 * are not installed, and CSS or other non-code files a config may `import` for effect,
 * become stubs.
 */
/** The namespace of the site's own files in the bundle (esbuild names each input `site-file:<absolute path>`). */
const SITE_FILE_NAMESPACE = 'site-file';
const SITE_FILE = `${SITE_FILE_NAMESPACE}:`;

function siteImports(root: string, missing: Set<string>): esbuild.Plugin {
  return {
    name: 'docusaurus-site-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'inner') return undefined;
        if (args.kind === 'entry-point') return { path: args.path, namespace: SITE_FILE_NAMESPACE };
        // A config that makes its own require (createRequire(import.meta.url)) gets ours.
        if ((args.path === 'module' || args.path === 'node:module') && args.namespace !== 'site-module') return { path: 'module', namespace: 'site-module' };
        if (args.path.startsWith('node:') || isBuiltin(args.path)) return { path: args.path, external: true };
        if (NATIVE_PACKAGES.has(packageName(args.path))) return { path: packageName(args.path), namespace: 'site-native' };
        const local = /^(\.\.?\/|\/)/.test(args.path) || path.isAbsolute(args.path);
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' });
        if (local) {
          if (resolved.errors.length > 0) return undefined; // esbuild reports the missing file with its place
          if (!isInside(realPath(resolved.path), root)) {
            throw new OutsideImportError(`"${args.path}" (imported by ${path.basename(args.importer)}) is outside the site folder`);
          }
          if (/\.(css|scss|sass|less|svg|png|jpe?g|gif)$/i.test(resolved.path)) return { path: args.path, namespace: 'site-stub' };
          return { path: resolved.path, namespace: SITE_FILE_NAMESPACE };
        }
        if ((resolved.errors.length > 0 || !path.isAbsolute(resolved.path) || !fs.existsSync(resolved.path)) && FALLBACK_PACKAGES.has(packageName(args.path))) {
          const own = await build.resolve(args.path, { kind: args.kind, resolveDir: PACKAGE_ROOT, pluginData: 'inner' });
          if (own.errors.length === 0 && path.isAbsolute(own.path)) return { path: args.kind === 'require-call' || args.kind === 'require-resolve' ? own.path : pathToFileURL(own.path).href, external: true };
        }
        if (resolved.errors.length > 0 || !path.isAbsolute(resolved.path) || !fs.existsSync(resolved.path)) {
          const name = packageName(args.path);
          missing.add(name);
          return { path: args.path, namespace: 'site-stub' };
        }
        // import → Node's ESM loader, by file URL; require → our require, by absolute path.
        const byRequire = args.kind === 'require-call' || args.kind === 'require-resolve';
        return { path: byRequire ? resolved.path : pathToFileURL(resolved.path).href, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'site-stub' }, (args) => ({ contents: stubModule(args.path), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'site-native' }, (args) => ({ contents: `module.exports = __siteNative(${JSON.stringify(args.path)});`, loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'site-module' }, () => ({
        contents: `import nodeModule from 'node:module';
export * from 'node:module';
export const createRequire = (base) => __siteMakeRequire(base);
export default { ...nodeModule, createRequire };`,
        loader: 'js',
      }));
      // The site's own files, loaded here rather than by esbuild so that, as with jiti, a
      // file is CommonJS or ESM by what it is written in, whatever "type" a package.json says.
      build.onLoad({ filter: /.*/, namespace: SITE_FILE_NAMESPACE }, async (args) => ({
        contents: await fs.promises.readFile(args.path),
        loader: loaderFor(args.path),
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function loaderFor(file: string): esbuild.Loader {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.ts' || ext === '.mts' || ext === '.cts') return 'ts';
  if (ext === '.tsx') return 'tsx';
  if (ext === '.jsx') return 'jsx';
  return 'js';
}
