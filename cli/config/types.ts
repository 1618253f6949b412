/**
 * The site configuration: what authors write (`UserConfig`, every key optional but
 * `title`) and what the pipeline reads (`ResolvedConfig`, every default filled in).
 * The schema in `schema.ts` is the single definition of both.
 */
import type * as z from 'zod';
import type { userConfigSchema } from './schema.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import type { SitePlugins } from '../content/markdown/sitePlugins.ts';

/** What `site.config.ts` exports (input type: defaults may be left out). */
export type UserConfig = z.input<typeof userConfigSchema>;

/** The validated config with every default applied, plus where it came from. */
export type ResolvedConfig = z.output<typeof userConfigSchema> & {
  /** Absolute path of the site folder. */
  siteDir: string;
  /** Absolute path of the config file, or null when the defaults are used. */
  configFile: string | null;
  /** The sidebars file `docs.sidebars` was read from (a Docusaurus site), for messages. */
  sidebarsSource?: { file: string; text: string };
  /** The sidebars file each other docs instance (`docsPlugins`) read, by plugin id (a Docusaurus site), for messages and dev's watching. */
  docsPluginSidebarsSources?: Record<string, { file: string; text: string }>;
  /** Where a Docusaurus config set the redirect options (`plugins.2.1`: the client-redirects plugin's), for messages; a native one's are at `redirects`. */
  redirectsAt?: string;
  /** What reading the config found that the author should know (options left out, packages missing). */
  configWarnings?: Diagnostic[];
  /** A Docusaurus site's own remark and rehype plugins, run on its content (content/markdown/sitePlugins.ts). */
  sitePlugins?: SitePlugins;
};

export type NavbarItem = ResolvedConfig['navbar']['items'][number];
export type FooterConfig = ResolvedConfig['footer'];
export type Logo = NonNullable<ResolvedConfig['navbar']['logo']>;
export type SidebarConfigItem = ResolvedConfig['docs']['sidebars'][string][number];

/** Gives editor types to `site.config.ts`; returns its argument unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
