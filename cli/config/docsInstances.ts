import type { ResolvedConfig } from './types.ts';

/** One docs instance's options (the classic preset's `docs`, or one of `docsPlugins`). */
export type DocsOptions = ResolvedConfig['docs'];

/**
 * A docs instance, as Docusaurus runs one docs plugin per `plugin-content-docs` entry: its
 * id, its content folder (false: turned off) and its options. Doc ids, sidebars, versions,
 * tags and Markdown links are each instance's own.
 */
export interface DocsInstance {
  pluginId: string;
  /** Content folder of its current version, relative to the site folder. */
  path: string | false;
  options: DocsOptions;
  /** Where its options are in the config (`docs`, `docsPlugins.0`), for messages. */
  configKey: string;
}

/** Every docs instance of the site: `docs` first (id `default` unless it says), then `docsPlugins` in order. */
export function docsInstances(config: Pick<ResolvedConfig, 'docs' | 'paths' | 'docsPlugins'>): DocsInstance[] {
  const first: DocsInstance = { pluginId: config.docs.pluginId, path: config.paths.docs, options: config.docs, configKey: 'docs' };
  const others = (config.docsPlugins ?? []).map(({ path, ...options }, i): DocsInstance => ({ pluginId: options.pluginId, path, options, configKey: `docsPlugins.${i}` }));
  return [first, ...others];
}

/**
 * The config as one instance sees it: its options as `docs` and its folder as `paths.docs`,
 * so the stages written for one docs plugin (versions, placing docs, sidebars, edit URLs)
 * run unchanged for each.
 */
export function instanceConfig<C extends Pick<ResolvedConfig, 'docs' | 'paths' | 'sidebarsSource' | 'docsPluginSidebarsSources'>>(config: C, instance: DocsInstance): C {
  if (instance.options === config.docs) return config;
  // Its sidebars' problems are placed in its own sidebars file.
  return { ...config, docs: instance.options, paths: { ...config.paths, docs: instance.path }, sidebarsSource: config.docsPluginSidebarsSources?.[instance.pluginId] };
}
