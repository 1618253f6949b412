import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type { Importer, LoggerWarnOptions, SourceSpan } from 'sass';
import { catalog, type Entry } from '../errors/catalog.ts';
import { watchdog } from '../watchdog.ts';

/**
 * Sass stylesheets (`custom.scss`, `styles.module.scss`), as docusaurus-plugin-sass compiles
 * them: with Dart Sass (the `sass` package the plugin uses), before the CSS goes on as
 * any other stylesheet (a `.module.scss` is a CSS module).
 *
 * Every file a stylesheet loads goes through one importer, the entry's relative loads too,
 * so each must be inside the site (the site folder, or content folders outside it): the
 * generator never reads outside them. It resolves as sass-loader does in Docusaurus:
 * relative to the file, then `~pkg/x` and `pkg/x` from the site's node_modules, and
 * `@site/x` from the site folder; Sass's partial (`_x.scss`) and index rules apply.
 */
export const SASS_FILE = /\.(scss|sass)$/;

/** What a stylesheet compiles to, as esbuild's onLoad takes it: its CSS, or errors at their place; warnings, and every file it read. */
export interface CompiledSass {
  css?: string;
  errors: esbuild.PartialMessage[];
  warnings: esbuild.PartialMessage[];
  /** Absolute paths of the files it read (the entry first), for dev to watch and for the cache below. */
  files: string[];
}

type Sass = typeof import('sass');
let sassModule: Promise<Sass> | undefined;
/** Loaded only for a site that has Sass (its compiler is 5 MB of JavaScript). */
const loadSass = (): Promise<Sass> => (sassModule ??= import('sass'));

/** Compiled stylesheets by entry, with the stamps of what each read: the server and browser bundles, and dev's rebuilds, compile each once. */
const compiled = new Map<string, { stamps: string[]; result: CompiledSass }>();
const stampOf = (file: string) => {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
};

/**
 * Compiles the Sass file `file` (absolute). `inSite(real)`: whether a real path may be
 * read. Errors are at the line and column Sass names, in the file where they are.
 */
export async function compileSass(file: string, siteDir: string, inSite: (real: string) => boolean): Promise<CompiledSass> {
  const cached = compiled.get(file);
  if (cached && cached.result.files.every((f, i) => stampOf(f) === cached.stamps[i])) return cached.result;
  // A stylesheet can loop for ever (`@while true {}`): watched as the site's other code is.
  const shown = path.relative(siteDir, file).split(path.sep).join('/');
  const sass = await loadSass();
  const result = watchdog.runSync({ what: `Compiling ${shown}`, file: shown }, () => compile(sass, file, siteDir, inSite));
  // A failure is not kept: the file it lacked may be there next time.
  if (result.errors.length === 0) compiled.set(file, { stamps: result.files.map(stampOf), result });
  return result;
}

/** Synchronous: Sass's synchronous compiler is about twice as fast, and a loop in it is stopped as a page's render is (watchdog.ts). */
function compile(sass: Sass, file: string, siteDir: string, inSite: (real: string) => boolean): CompiledSass {
  const read = new Set<string>([file]);
  const warnings: esbuild.PartialMessage[] = [];
  let outside: Entry | undefined;
  const importer: Importer<'sync'> = {
    canonicalize(url) {
      const candidate = candidatePath(url, siteDir);
      if (candidate === undefined) return null;
      const found = sassFileAt(candidate);
      if (found === undefined) return null;
      if (!inSite(fs.realpathSync.native(found))) {
        outside = catalog.sassLoadOutside(found);
        throw new Error(outside.message);
      }
      return pathToFileURL(found);
    },
    load(canonicalUrl) {
      const loaded = fileURLToPath(canonicalUrl);
      read.add(loaded);
      return { contents: fs.readFileSync(loaded, 'utf8'), syntax: syntaxOf(loaded) };
    },
  };
  try {
    const source = fs.readFileSync(file, 'utf8');
    const result = sass.compileString(source, {
      url: pathToFileURL(file),
      syntax: syntaxOf(file),
      importer,
      importers: [importer],
      style: 'expanded',
      // Deprecations (`@import`, global functions) are for Sass's next version to enforce, not for this build: Docusaurus shows them as noise too.
      logger: {
        warn(message: string, options: LoggerWarnOptions) {
          if (!options.deprecation) warnings.push({ text: message, detail: SASS_WARNING, location: locationOf(options.span) ?? stackLocation(options.stack) });
        },
        debug() {},
      },
    });
    return { css: result.css, errors: [], warnings, files: [...read] };
  } catch (error) {
    const exception = error as { sassMessage?: string; span?: SourceSpan; message?: string };
    const text = exception.sassMessage ?? exception.message ?? String(error);
    // The detail is the diagnostic's entry (siteCode.ts's diagnosticOf): a load outside the site is said as such.
    const entry = outside && text.includes(outside.message) ? outside : catalog.sassFailed(text);
    return { errors: [{ text, detail: entry, location: locationOf(exception.span) }], warnings, files: [...read] };
  }
}

/** Marks a Sass `@warn` among esbuild's warnings (siteCode.ts reports them as such). */
export const SASS_WARNING = 'sass-warning';

/** The path a load's URL names, before Sass's partial and index rules; undefined for a URL of another kind (`sass:math` is Sass's own). */
function candidatePath(url: string, siteDir: string): string | undefined {
  // Relative loads reach here resolved against the loading file's URL.
  if (url.startsWith('file:')) return fileURLToPath(url);
  if (url.startsWith('@site/')) return path.join(siteDir, url.slice('@site/'.length));
  // sass-loader's `~` is node_modules; so is any other load that is not relative to the file (`bootstrap/scss/functions`).
  const bare = url.replace(/^~\/?/, '');
  if (/^[a-z][a-z\d+.-]*:/i.test(bare) || bare.startsWith('/')) return undefined;
  return path.join(siteDir, 'node_modules', bare);
}

/** Sass's rules for what a load names: the file itself, its partial, then with each extension, then the folder's index. */
function sassFileAt(base: string): string | undefined {
  const dir = path.dirname(base);
  const name = path.basename(base);
  const withPartial = (file: string) => [path.join(dir, file), path.join(dir, `_${file}`)];
  const candidates = /\.(scss|sass|css)$/.test(name)
    ? withPartial(name)
    : [...['scss', 'sass'].flatMap((ext) => withPartial(`${name}.${ext}`)), ...withPartial(`${name}.css`), ...['scss', 'sass', 'css'].flatMap((ext) => [path.join(base, `_index.${ext}`), path.join(base, `index.${ext}`)])];
  return candidates.find(isFile);
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function syntaxOf(file: string): 'scss' | 'indented' | 'css' {
  return file.endsWith('.sass') ? 'indented' : file.endsWith('.css') ? 'css' : 'scss';
}

/**
 * An `@warn`'s place, which Sass gives only in its stack's top line: the file (as a path
 * from the working folder, or a URL), line and column (`../src/x.scss 3:1  root stylesheet`).
 */
function stackLocation(stack: string | undefined): esbuild.PartialMessage['location'] {
  const top = /^(.+?) (\d+):(\d+) /.exec(stack ?? '');
  if (!top) return undefined;
  const file = top[1]!.startsWith('file:') ? fileURLToPath(top[1]!) : path.resolve(top[1]!);
  return { file, line: Number(top[2]), column: Number(top[3]) - 1 };
}

function locationOf(span: SourceSpan | undefined): esbuild.PartialMessage['location'] {
  if (!span?.url || span.url.protocol !== 'file:') return undefined;
  return { file: fileURLToPath(span.url), line: span.start.line + 1, column: span.start.column, lineText: span.context?.split('\n')[0] };
}
