// Runs the compiled CLI (bin/site.js compiles it) from V8's code cache, in the main thread
// and in the build's workers.
//
// Why: every command, and each worker again, compiled the generator's JavaScript before
// doing anything (1.4 MB for a build), the same work every time. Node 20 keeps compiled
// code only for a script run by node:vm, not for a module (it has no module compile cache
// before Node 22), so the CLI is compiled into one CommonJS file that runs here as a script,
// with its code cache beside it: made once, after the first command that builds or checks
// a site (so the code a build runs is in it), and used by every command and worker after
// it. Measured against the modules it replaces: this site's cold build 0.17-0.2 s faster
// (1.41 -> 1.24 s), a one-page rebuild of 2,000 docs 0.05-0.2 s. V8 rejects a cache made by
// another version of itself or with other flags: the script then runs without it, and the
// cache is made again.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

/** What the compiled CLI is made from. bin/: the launcher and this file hold the compile options; vendor/: its packages are bundled in too. */
const SOURCES = ['bin', 'cli', 'runtime', 'themes', 'vendor'];

/**
 * The compiled CLI of the sources under `root`: its folder, one per version of the sources
 * (node_modules/.cache/site-cli-<hash>), and the version's stamp: the newest modification
 * time and the count of their files, and of package.json and the lockfile (an install
 * changes the packages bundled in).
 */
export function compiledCopy(root) {
  let newest = Math.max(...['package.json', 'package-lock.json'].map((file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  let count = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        count++;
        newest = Math.max(newest, fs.statSync(full).mtimeMs);
      }
    }
  };
  for (const dir of SOURCES) walk(path.join(root, dir));
  const stamp = `${newest}:${count}`;
  return { stamp, dir: path.join(root, 'node_modules', '.cache', `site-cli-${createHash('sha256').update(stamp).digest('hex').slice(0, 16)}`) };
}

/**
 * The name `import(…)` takes in the compiled file: bin/site.js puts it in place of each
 * import() expression there (for a site's config and code, a grammar named at run time).
 * Node 20 has no callback for an import() in code that comes from the code cache ("A
 * dynamic import callback was not specified"), so this module's own import() does it. As long
 * as the keyword, so the source map's columns stay right.
 */
export const IMPORT_NAME = '__imp_';

/**
 * `source` with the keyword of each import() expression replaced by IMPORT_NAME, found in
 * its syntax tree (`parse` is acorn's): never the word in a string, a comment, a regular
 * expression or a property's name. Throws if the source holds the name already, or
 * `import.meta` (not a script's).
 */
export function withImportCalls(source, parse) {
  if (source.includes(IMPORT_NAME)) throw new Error(`The compiled CLI already uses the name ${IMPORT_NAME}.`);
  const starts = [];
  const visit = (node) => {
    if (node.type === 'ImportExpression') starts.push(node.start);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child.type === 'string') visit(child);
      } else if (value && typeof value.type === 'string') visit(value);
    }
  };
  visit(parse(source, { ecmaVersion: 'latest', sourceType: 'script' }));
  let out = '';
  let from = 0;
  for (const start of starts.sort((a, b) => a - b)) {
    out += source.slice(from, start) + IMPORT_NAME;
    from = start + 'import'.length;
  }
  return out + source.slice(from);
}

/**
 * Runs the compiled script `file` (a URL or path) and returns its exports; `keep()`,
 * called once the command's work is done, saves the code cache if there is none that fits
 * (the code V8 compiled while it ran is in it, not only the first lines). V8 takes a cache
 * only under the flags it was made with, so one is kept for each set of Node's flags
 * (`node --max-old-space-size=… site build` in CI, plain `site build` at a desk: neither
 * remakes the other's each time), and for each `cacheName`: the build's workers have their
 * own, as a build changes a flag as it starts (heapGrowth.ts).
 */
export function runCompiled(file, { cacheName } = {}) {
  const filename = file instanceof URL ? fileURLToPath(file) : file;
  if (process.sourceMapsEnabled) {
    // Node maps stack traces to the sources (--enable-source-maps) only in what its own
    // loaders load: run by require, then, without the code cache (it is for debugging).
    globalThis[IMPORT_NAME] = (specifier) => import(specifier);
    return { exports: createRequire(filename)(filename), fromCache: false, keep: () => undefined };
  }
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ').trim();
  const cacheFile = [filename, cacheName, flags && createHash('sha256').update(flags).digest('hex').slice(0, 8), 'v8cache'].filter(Boolean).join('.');
  const source = fs.readFileSync(filename, 'utf8');
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // None yet: compiled from source, and saved by keep().
  }
  // Node's own wrapper for CommonJS, and the import() the compiled file calls.
  const wrapped = `(function (exports, require, module, __filename, __dirname, ${IMPORT_NAME}) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, path.dirname(filename), (specifier) => import(specifier));
  const fits = cachedData !== undefined && !script.cachedDataRejected;
  return {
    exports: module.exports,
    fromCache: fits,
    keep: () => {
      if (fits) return;
      // The build's threads may each make one at once.
      const temp = `${cacheFile}.tmp-${process.pid}-${threadId}`;
      try {
        fs.writeFileSync(temp, script.createCachedData());
        fs.renameSync(temp, cacheFile);
      } catch {
        // A folder this user may not write (another user installed the packages), a full disk: the next command compiles again.
        try {
          fs.rmSync(temp, { force: true });
        } catch {
          // Not ours to remove.
        }
      }
    },
  };
}
