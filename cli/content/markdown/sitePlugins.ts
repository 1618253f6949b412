import path from 'node:path';
import type { Pluggable, Plugin, Processor, Transformer } from 'unified';
import type { Node } from 'unist';
import type { VFile } from 'vfile';

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
  areas: Partial<Record<'docs' | 'blog' | 'pages', AreaPlugins>>;
}

/** The site plugin whose transformer is running (for a failure found outside it: a promise it awaits that nothing settles). */
let running: { entry: SitePlugin; kind: 'remark' | 'rehype' } | undefined;

/** A failure while the site's plugins ran on a file, as the failure of the plugin that was running, when one was. */
export function asSitePluginError(error: unknown): unknown {
  const stalled = running;
  // One that never settled never cleared it.
  running = undefined;
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
 * processor as `this`, and the file at its absolute path (a plugin that reads a file
 * beside the page resolves it from there). What it throws names it.
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
      const shown = file.path;
      file.path = path.join(siteDir, shown);
      running = { entry, kind };
      try {
        // A transformer may take a callback instead of returning (unified's third parameter).
        const result = transform.length >= 3 ? await new Promise<Node | undefined>((resolve, reject) => {
          transform(tree, file, (error, next) => {
            if (error) reject(error);
            else resolve(next as Node | undefined);
          });
        }) : await (transform as (tree: Node, file: VFile) => Node | undefined | void | Promise<Node | undefined | void>)(tree, file);
        return result ?? undefined;
      } catch (error) {
        throw new SitePluginError(entry, kind, error);
      } finally {
        file.path = shown;
        running = undefined;
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
