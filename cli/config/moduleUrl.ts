import path from 'node:path';
import { SourceMap } from 'node:module';
import * as esbuild from 'esbuild';

/**
 * A config-like file (site.config.ts, docusaurus.config.js, sidebars.js) bundled by esbuild
 * into one ES module for Node, as a data: URL to import: nothing is written anywhere, and
 * an edited file is never served from Node's module cache (the URL is its text). `options`
 * add what each caller needs (plugins deciding what stays an import, a prelude…). The
 * bundle carries its source map (names only, no text), so an error its code throws can be
 * placed in the author's file (`moduleErrorPlace`).
 */
export async function bundledModuleUrl(file: string, options: Pick<esbuild.BuildOptions, 'plugins' | 'banner' | 'footer' | 'define'>): Promise<string> {
  return (await bundledModule(file, options)).url;
}

/** `bundledModuleUrl`, with what was bundled into it: esbuild's input names (a path from the file's folder, or `namespace:path` for a plugin's). */
export async function bundledModule(file: string, options: Pick<esbuild.BuildOptions, 'plugins' | 'banner' | 'footer' | 'define'>): Promise<{ url: string; inputs: string[] }> {
  const dir = path.dirname(file);
  const result = await esbuild.build({
    metafile: true,
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    sourcemap: 'inline',
    sourcesContent: false,
    // The source map names files from here: absolute once resolved against it.
    absWorkingDir: dir,
    sourceRoot: dir,
    ...options,
  }).catch((error: unknown) => {
    // Its messages name files from `dir`: made absolute, so they can be placed from anywhere.
    for (const message of (error as Partial<esbuild.BuildFailure>).errors ?? []) {
      if (message.location && !/^[\w-]+:/.test(message.location.file)) message.location.file = path.resolve(dir, message.location.file);
    }
    throw error;
  });
  return { url: `data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.contents).toString('base64')}`, inputs: Object.keys(result.metafile.inputs) };
}

/** A place in one of the site's files, and what went wrong there. */
export interface ModuleErrorPlace {
  /** Absolute. */
  file: string;
  line: number;
  column: number;
  reason: string;
}

const BUNDLE_FRAME = /(data:text\/javascript;base64,[A-Za-z0-9+/=]+):(\d+):(\d+)/g;
const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * Where an error of a bundled config-like module arose, in the author's file: esbuild's
 * location for a syntax error or an import that does not resolve; for an error its code
 * threw, the innermost frame of the stack inside the bundle, mapped back through the
 * bundle's source map (a frame inside a package is the package's; the config's line that
 * called it is the one to fix). Undefined when there is no such place (an error thrown by
 * a package while it was imported).
 */
export function moduleErrorPlace(error: unknown): ModuleErrorPlace | undefined {
  // An error wrapped by the loader (its cause is what the code threw).
  for (let inner = error; inner instanceof Error; inner = inner.cause) {
    const place = ownPlace(inner);
    if (place) return place;
  }
  return ownPlace(error);
}

/**
 * The place of a config-like module's error in the site: its file relative to the site
 * folder, line, column, what went wrong, and whether its code threw it as it ran (else
 * esbuild could not read or resolve it). Undefined outside the site folder or with no place.
 */
export function moduleErrorInSite(error: unknown, siteDir: string): { file: string; line: number; column: number; reason: string; threw: boolean } | undefined {
  const place = moduleErrorPlace(error);
  if (!place) return undefined;
  const file = path.relative(siteDir, place.file);
  if (file === '' || file.startsWith('..') || path.isAbsolute(file)) return undefined;
  const threw = !(error as { errors?: unknown[] } | undefined)?.errors?.length;
  return { file, line: place.line, column: place.column, reason: place.reason, threw };
}

function ownPlace(error: unknown): ModuleErrorPlace | undefined {
  const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] } | undefined)?.errors?.[0];
  if (first?.location) {
    const file = first.location.file.replace(/^site-file:/, '');
    return { file: path.resolve(file), line: first.location.line, column: first.location.column + 1, reason: first.text };
  }
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  // The innermost frame the map places: frames of the loader's own prelude (its require) have no source.
  const maps = new Map<string, { map: SourceMap; root: string } | undefined>();
  for (const [, url, line, column] of error.stack.matchAll(BUNDLE_FRAME)) {
    if (!maps.has(url!)) maps.set(url!, inlineMapOf(url!));
    const known = maps.get(url!);
    if (!known) continue;
    const entry = known.map.findEntry(Number(line) - 1, Number(column) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource === undefined || entry.originalLine === undefined) continue;
    // Node joins sourceRoot and the source as URLs or paths, depending on its version: only the path is wanted.
    const source = entry.originalSource.replace(/^file:\/\//, '').replace(/^site-file:/, '');
    const file = path.isAbsolute(source) ? source : path.resolve(known.root, source);
    return { file, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1, reason: error.message };
  }
  return undefined;
}

/** The source map a bundle's data: URL carries inline, or undefined. */
function inlineMapOf(url: string): { map: SourceMap; root: string } | undefined {
  const code = Buffer.from(url.slice('data:text/javascript;base64,'.length), 'base64').toString('utf8');
  const inline = INLINE_MAP.exec(code);
  if (!inline) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(inline[1]!, 'base64').toString('utf8')) as { sourceRoot?: string };
    return { map: new SourceMap(payload as unknown as ConstructorParameters<typeof SourceMap>[0]), root: payload.sourceRoot ?? '' };
  } catch {
    return undefined;
  }
}
