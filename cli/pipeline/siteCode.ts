import type { ResolvedConfig } from '../config/types.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { siteCodeFor, withSiteNames, type SiteBundle } from '../bundle/siteBundle.ts';
import { findThemeOverrides, siteStylesheets } from '../bundle/themeOverrides.ts';
import { fallbackModules, siteModules } from '../../themes/classic/siteModules.ts';
import type { Analysis } from './analyze.ts';
import type { Reporter } from './reporter.ts';

/**
 * The site's own code (components content imports, theme overrides, its stylesheets),
 * bundled, and every diagnostic so far: the analysis' own, less the components the site's
 * MDXComponents adds (the load stage could not know them), plus the bundle's. `build` and
 * `check` both run it, so `check` fails on what `build` would.
 */
export async function bundleSiteCode(config: ResolvedConfig, analysis: Analysis, reporter: Reporter): Promise<{ bundle?: SiteBundle; diagnostics: Diagnostic[] }> {
  const input = { siteDir: config.siteDir, components: analysis.siteComponents, overrides: findThemeOverrides(config.siteDir), styles: siteStylesheets(config.siteDir), provided: siteModules, fallbacks: fallbackModules };
  const hasSiteCode = input.components.length > 0 || input.overrides.length > 0 || input.styles.length > 0;
  const siteCode = hasSiteCode ? await reporter.step('Bundling site code', () => siteCodeFor(input)) : undefined;
  return { bundle: siteCode?.bundle, diagnostics: [...withSiteNames(analysis.diagnostics, siteCode?.bundle?.overrides ?? {}), ...(siteCode?.diagnostics ?? [])] };
}
