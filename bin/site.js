#!/usr/bin/env node
// The CLI is TypeScript. It is compiled once with esbuild into node_modules/.cache (a
// folder per version of the sources) and again when a source file changes: loading one compiled file starts in a fraction of
// the time a TypeScript loader needs for every module, in the main thread and in workers,
// and it runs from V8's code cache (compiled.js).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledCopy, runCompiled, withImportCalls } from './compiled.js';

// React's development build checks every render; pages are rendered for production.
process.env.NODE_ENV ??= 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules', '.cache');
/** A compiled copy another version left is removed once it is this old (a command of that version may still be running). */
const STALE_MS = 60 * 60 * 1000;

/**
 * Compiles into `outDir`, a folder of this version's own: commands run at once never
 * replace each other's copy (a running command loads its workers' files later, and would
 * not find them). The first to finish wins; the others drop theirs.
 *
 * One CommonJS file, run from V8's code cache (see compiled.js), holds the whole CLI; its
 * import() expressions of modules named at run time become calls of IMPORT_NAME. Each
 * worker's entry is a small module beside it that runs the same file.
 */
async function compile(outDir) {
  const esbuild = await import('esbuild');
  const temp = `${outDir}.tmp-${process.pid}`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'cli/compiledEntry.ts' },
    outdir: temp,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // The Markdown, config and CLI packages are bundled in: loading hundreds of small ESM
    // files (resolving, reading and linking each) cost a rebuild more than its work.
    // React stays outside (the site's own code, loaded at build time, must share it), as do
    // esbuild (native), what only dev or the browser load, and Sass (5.7 MB, for a site's
    // .scss only: every command would read it, and compile it to make the code cache).
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'chokidar', 'tsx', 'tsx/*', '@docsearch/*', 'algoliasearch', 'algoliasearch/*', 'medium-zoom', 'sass'],
    // What the sources ask of import.meta, in a CommonJS file (__filename and require are its wrapper's).
    banner: { js: "const __siteModuleUrl = require('node:url').pathToFileURL(__filename).href; const __siteModuleResolve = (specifier) => require('node:url').pathToFileURL(require.resolve(specifier)).href;" },
    jsx: 'automatic',
    // In files of their own: Node reads them only with --enable-source-maps (inline, they were half of every file it loads).
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'error',
    define: { 'process.env.SITE_CLI_COMPILED': '"1"', 'import.meta.url': '__siteModuleUrl', 'import.meta.resolve': '__siteModuleResolve' },
    // The server render never needs styles (packages' CSS would otherwise stay an import Node cannot load).
    plugins: [
      {
        name: 'ignore-styles',
        setup(build) {
          build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'ignored-style' }));
          build.onLoad({ filter: /.*/, namespace: 'ignored-style' }, () => ({ contents: '', loader: 'js' }));
        },
      },
      {
        // Hydration happens only in the browser, but the theme's components import it: loading
        // react-dom/client costs every command about 170 ms of CPU for code Node never runs.
        name: 'no-client-react-dom',
        setup(build) {
          build.onResolve({ filter: /^react-dom\/client$/ }, (args) => ({ path: args.path, namespace: 'browser-only' }));
          build.onLoad({ filter: /.*/, namespace: 'browser-only' }, () => ({
            contents: "const browserOnly = () => { throw new Error('react-dom/client runs in the browser only'); }; export const hydrateRoot = browserOnly, createRoot = browserOnly;",
            loader: 'js',
          }));
        },
      },
      {
        // micromark is bundled: the module that reaches its internal initializers
        // (micromarkInternals.ts, by URL at run time) would get second copies from
        // node_modules, and the linear tokenizer and resolvers would be installed on them, not
        // on the bundle's. Here it exports the very files the bundle's micromark imports
        // (esbuild keeps one copy per path).
        name: 'micromark-internals',
        setup(build) {
          const initialize = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('micromark')), 'lib', 'initialize');
          build.onLoad({ filter: /[\\/]cli[\\/]content[\\/]markdown[\\/]micromarkInternals\.ts$/ }, () => ({
            contents: `export { text } from ${JSON.stringify(path.join(initialize, 'text.js'))};\nexport { document } from ${JSON.stringify(path.join(initialize, 'document.js'))};`,
            loader: 'js',
          }));
        },
      },
      {
        // acorn-jsx require()s acorn, the MDX parser imports it: by the two conditions of acorn's
        // exports, the bundle held both its CommonJS and its ESM copy (155 KB each). The ESM one serves both.
        name: 'one-acorn',
        setup(build) {
          const esm = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('acorn/package.json')), 'dist', 'acorn.mjs');
          build.onResolve({ filter: /^acorn$/ }, () => ({ path: esm }));
        },
      },
    ],
  });
  const main = path.join(temp, 'main.cjs');
  fs.writeFileSync(main, withImportCalls(fs.readFileSync(main, 'utf8'), (await import('acorn')).parse));
  const compiledModule = JSON.stringify(pathToFileURL(path.join(root, 'bin', 'compiled.js')).href);
  // A worker keeps its code cache once it has worked a while (a second: what it runs is compiled by then); it is stopped, never done.
  for (const worker of ['loadWorker', 'helperWorker']) {
    fs.writeFileSync(
      path.join(temp, `${worker}.mjs`),
      `import { runCompiled } from ${compiledModule};\nconst compiled = runCompiled(new URL('./main.cjs', import.meta.url), { cacheName: 'worker' });\nsetTimeout(compiled.keep, 1000).unref();\nawait compiled.exports.workers.${worker}();\n`,
    );
  }
  try {
    fs.renameSync(temp, outDir);
  } catch (error) {
    // Another command compiled the same sources first: its copy is the same.
    fs.rmSync(temp, { recursive: true, force: true });
    if (!fs.existsSync(path.join(outDir, 'main.cjs'))) throw error;
  }
}

/** Other versions' compiled copies (and temp folders of killed compiles) past STALE_MS. */
function removeStaleCopies(keep) {
  let names = [];
  try {
    names = fs.readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(cacheDir, name);
    if (!/^site-cli(-|$)/.test(name) || dir === keep) continue;
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to judge: left.
    }
  }
}

const { stamp, dir: outDir } = compiledCopy(root);
if (!fs.existsSync(path.join(outDir, 'main.cjs'))) {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.accessSync(cacheDir, fs.constants.W_OK);
  } catch (error) {
    // Said plainly, not as esbuild's errors and a stack: typically packages installed by one
    // user (root, in a container) and the command run by another.
    process.stderr.write(`The generator cannot be compiled into ${cacheDir}: ${error.message}.\n  Run the command as the user who installed the packages, or make that folder writable for this user (it holds the compiled generator and its caches).\n`);
    process.exit(1);
  }
  try {
    await compile(outDir);
  } catch (error) {
    // esbuild has printed what failed, with its place (a disk full, an error in the generator's sources).
    if (!Array.isArray(error?.errors)) throw error;
    process.stderr.write(`The generator could not be compiled into ${cacheDir} (esbuild's errors above).\n`);
    process.exit(1);
  }
  removeStaleCopies(outDir);
}
// Caches of the generator's results are only valid for this exact generator.
process.env.SITE_CLI_BUILD = stamp;
const compiled = runCompiled(path.join(outDir, 'main.cjs'));
process.exitCode = await compiled.exports.main(process.argv);
// The code cache is made once a command has compiled what a build runs (not after --help);
// by dev when it stops (Ctrl+C), so an author who only ever runs dev starts it from the cache too.
if (['build', 'check', 'dev', 'export-search-records'].includes(process.argv[2])) compiled.keep();
// The command is done. The site's own code may have left something running (a config that
// starts a timer or a server kept the process alive for ever): whatever is still being
// written gets half a second, then the process ends with the command's code.
setTimeout(() => process.exit(), 500).unref();
