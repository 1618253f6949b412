import type { ResolvedConfig } from '../config/types.ts';
import type { PrismTheme } from '../config/schema.ts';
import { codeThemeCss } from '../../themes/classic/codeTheme.ts';

/**
 * The CSS the config makes for the client bundle (`virtual:site-styles`, after the theme's
 * stylesheet): the code colours of `prism`. A theme named by its prism-react-renderer name
 * is that package's object (loaded only then). Empty without them.
 */
export async function siteStylesCss(config: Pick<ResolvedConfig, 'prism'>): Promise<string> {
  const { theme, darkTheme } = config.prism ?? {};
  if (!theme && !darkTheme) return '';
  return codeThemeCss(await prismThemesOf(config));
}

/** The config's Prism themes as objects: one given by its prism-react-renderer name is that package's (loaded only then). */
export async function prismThemesOf(config: Pick<ResolvedConfig, 'prism'>): Promise<{ light?: PrismTheme; dark?: PrismTheme }> {
  const { theme, darkTheme } = config.prism ?? {};
  const named = async (value: PrismTheme | string | undefined): Promise<PrismTheme | undefined> => {
    if (typeof value !== 'string') return value;
    // Its ES module's export; the compiled CLI bundles the package's CommonJS file, whose exports are the default's.
    const loaded = (await import('prism-react-renderer')) as unknown as { themes?: Record<string, PrismTheme>; default?: { themes?: Record<string, PrismTheme> } };
    return (loaded.themes ?? loaded.default?.themes)?.[value];
  };
  return { light: await named(theme), dark: await named(darkTheme) };
}
