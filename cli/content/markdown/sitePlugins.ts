import path from 'node:path';
import type { Pluggable, Plugin, Processor, Transformer } from 'unified';
import type { Node } from 'unist';
import type { VFile } from 'vfile';

declare module 'vfile' {
  interface DataMap {
    /** The file's front matter, for the site's plugins (Docusaurus gives it to them so). */
    frontMatter: Record<string, unknown>;
  }
}

/** One remark or rehype plugin of the site's, as its config lists it. */
export interface SitePlugin {
  /** Its name for messages: the function's name, or the package it came from. */
  name: string;
  /** Where the config lists it (`presets.0.1.docs.remarkPlugins.2`), to place messages. */
  configKey: string;
  /** The same, as messages show it (`presets[0][1].docs.remarkPlugins[2]`). */
  shownKey: string;
  plugin: Plugin<unknown[], Node, Node>;
  /** What the config gives it (`[plugin, options]`); none for a bare plugin. */
  options?: unknown;
}

/** A content area's plugins, by where Docusaurus runs them (`beforeDefaultRemarkPlugins`, `remarkPlugins`…). */
export interface AreaPlugins {
  beforeRemark: SitePlugin[];
  remark: SitePlugin[];
  beforeRehype: SitePlugin[];
  rehype: SitePlugin[];
}

/**
 * The remark and rehype plugins a Docusaurus site's content plugins list (its own, or
 * installed packages') that the generator has no native version of: run on that area's
 * Markdown as Docusaurus runs them. `stamp` stands for their code (the config and every
 * local file it imports, the site's lockfile): part of each document's content key, so an
 * edit to a plugin loads the pages again.
 */
export interface SitePlugins {
  siteDir: string;
  stamp: string;
  /** The config and the local files it imports (absolute): where the plugins' code is (dev reads the config again when one changes). */
  files: string[];
  /** The packages the config uses that are not installed (stood in for): then a file a plugin fails on is loaded without the site's plugins. */
  standIns?: string[];
  areas: Partial<Record<'docs' | 'blog' | 'pages', AreaPlugins>>;
}

/** The site plugin whose transformer is running on each file (for a failure found outside it: a promise it awaits that nothing settles). */
const running = new Map<string, { entry: SitePlugin; kind: 'remark' | 'rehype' }>();

/** A failure while the site's plugins ran on a file, as the failure of the plugin that was running on it, when one was. */
export function asSitePluginError(error: unknown, file: string): unknown {
  const stalled = running.get(file);
  // One that never settled never let go of it.
  running.delete(file);
  return error instanceof SitePluginError || !stalled ? error : new SitePluginError(stalled.entry, stalled.kind, error);
}

/** Thrown for a site plugin that failed on a file: which plugin, and what it threw. */
export class SitePluginError extends Error {
  constructor(
    readonly plugin: SitePlugin,
    readonly kind: 'remark' | 'rehype',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * The site's plugin as unified runs it, with what Docusaurus gives it: its options, the
 * processor as `this`, and the file at its absolute path with the site folder as its `cwd`
 * (a plugin that reads a file beside the page resolves it from there; electron's names
 * pages by `path.relative(file.cwd, file.path)`). What it throws names it.
 */
export function asPluggable(entry: SitePlugin, kind: 'remark' | 'rehype', siteDir: string): Pluggable {
  function attacher(this: Processor) {
    let transformer: Transformer | void;
    try {
      transformer = (entry.plugin as unknown as (this: Processor, options?: unknown) => Transformer | void).call(this, ...(entry.options === undefined ? [] : [entry.options]));
    } catch (error) {
      throw new SitePluginError(entry, kind, error);
    }
    if (typeof transformer !== 'function') return undefined;
    const transform = transformer;
    return async (tree: Node, file: VFile) => {
      // As Docusaurus gives it, run from the site folder: the file's absolute path, and the site folder as its cwd.
      const shown = file.path;
      const cwd = file.cwd;
      file.path = path.join(siteDir, shown);
      file.cwd = siteDir;
      running.set(shown, { entry, kind });
      try {
        // A transformer may take a callback instead of returning (unified's third parameter).
        const result = transform.length >= 3 ? await new Promise<Node | undefined>((resolve, reject) => {
          transform(tree, file, (error, next) => {
            if (error) reject(error);
            else resolve(next as Node | undefined);
          });
        }) : await (transform as (tree: Node, file: VFile) => Node | undefined | void | Promise<Node | undefined | void>)(tree, file);
        // unified takes what a transformer returns as the new tree: only a tree may replace it (a stand-in's value, a function, is not one).
        if (result !== undefined && result !== null && !(typeof result === 'object' && typeof (result as { type?: unknown }).type === 'string')) throw new Error('its transformer returned something that is not a tree');
        return result ?? undefined;
      } catch (error) {
        throw new SitePluginError(entry, kind, error);
      } finally {
        file.path = shown;
        file.cwd = cwd;
        running.delete(shown);
      }
    };
  }
  Object.defineProperty(attacher, 'name', { value: entry.name });
  return attacher as Plugin;
}

/** Whether the site's plugins add syntax (micromark extensions): then the fast parser, which knows only ours, must not read the file. */
export function addsSyntax(withSite: Processor, base: Processor): boolean {
  const count = (p: Processor, key: 'micromarkExtensions' | 'fromMarkdownExtensions') => ((p.data(key) as unknown[] | undefined) ?? []).length;
  return count(withSite, 'micromarkExtensions') !== count(base, 'micromarkExtensions') || count(withSite, 'fromMarkdownExtensions') !== count(base, 'fromMarkdownExtensions');
}
