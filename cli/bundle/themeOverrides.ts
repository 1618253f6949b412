import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { isInside, realPath } from '../config/sitePaths.ts';
import { THEME_COMPONENT_NAMES } from '../../themes/classic/content/names.ts';
import { SCRIPT_EXTENSIONS } from './siteComponents.ts';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import type { ResolvedConfig } from '../config/types.ts';

/**
 * A file of the site's that adds or replaces content components, as Docusaurus sites do:
 * - `src/theme/MDXComponents.{tsx,ts,jsx,js}`: a map of components by the name content
 *   uses (`export default { ...MDXComponents, Highlight }`), on top of the theme's;
 * - `src/theme/<Name>.{…}` or `src/theme/<Name>/index.{…}` ("swizzled"): replaces the
 *   theme's content component of that name (Admonition, Tabs, CodeBlock, Details…).
 */
export interface ThemeOverride {
  /** The component it replaces, or `MDXComponents` for the map. */
  name: string;
  /** Absolute path. */
  path: string;
}

/** The overrides the site folder holds (only real files inside it), the map first. */
export function findThemeOverrides(siteDir: string): ThemeOverride[] {
  const themeDir = path.join(siteDir, 'src', 'theme');
  if (!fs.existsSync(themeDir)) return [];
  const siteReal = realPath(siteDir);
  const found: ThemeOverride[] = [];
  for (const name of ['MDXComponents', ...THEME_COMPONENT_NAMES]) {
    const candidates = [...SCRIPT_EXTENSIONS.map((ext) => path.join(themeDir, name + ext)), ...SCRIPT_EXTENSIONS.map((ext) => path.join(themeDir, name, `index${ext}`))];
    const file = candidates.find((candidate) => {
      try {
        return fs.statSync(candidate).isFile() && isInside(fs.realpathSync.native(candidate), siteReal);
      } catch {
        return false;
      }
    });
    if (file) found.push({ name, path: file });
  }
  return found;
}

/**
 * The site's global stylesheets (absolute): those `customCss` names, each an error when it
 * is missing or outside the site folder (Docusaurus fails on them too); without it,
 * `src/css/custom.css` (the classic preset's convention) when the site has one.
 */
export function siteStylesheets(config: Pick<ResolvedConfig, 'siteDir' | 'customCss' | 'configFile' | 'clientModules'>): { files: string[]; clientModules: string[]; diagnostics: Diagnostic[] } {
  const { siteDir } = config;
  const configured = config.customCss === undefined ? undefined : [config.customCss].flat();
  const files: string[] = [];
  const clientModules: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const configFile = config.configFile ? path.relative(siteDir, config.configFile) : undefined;
  for (const name of configured ?? ['src/css/custom.css']) {
    const found = siteFile(siteDir, name);
    if (found.why === undefined) files.push(found.file);
    else if (configured) diagnostics.push({ severity: 'error', file: configFile, configKey: '**.customCss', ...catalog.customCssMissing(name, found.why) });
  }
  // clientModules: a stylesheet joins them, after customCss (the theme's client module, in Docusaurus, comes first); a script runs in the browser.
  for (const name of config.clientModules ?? []) {
    const found = siteFile(siteDir, name, SCRIPT_EXTENSIONS);
    if (found.why !== undefined) diagnostics.push({ severity: 'error', file: configFile, configKey: '**.clientModules', ...catalog.clientModuleMissing(name, found.why) });
    else if (/\.(css|scss|sass)$/.test(found.file)) files.push(found.file);
    else clientModules.push(found.file);
  }
  return { files, clientModules, diagnostics };
}

/**
 * A file a config names (a module's path may leave out its extension): from the site folder,
 * or, a bare name (`some-package/dist/style.css`), as webpack resolves it in Docusaurus: from
 * the site's node_modules. Its path when it is inside the site; why not otherwise (`package`:
 * a bare name the site has not installed).
 */
function siteFile(siteDir: string, name: string, extensions: readonly string[] = []): { file: string; why?: undefined } | { why: 'missing' | 'outside' | 'package' } {
  const base = path.resolve(siteDir, name);
  const candidates = [base, ...extensions.map((ext) => `${base}${ext}`), ...extensions.map((ext) => path.join(base, `index${ext}`))];
  const bare = !path.isAbsolute(name) && !/^\.\.?([/\\]|$)/.test(name);
  if (bare) {
    try {
      candidates.push(createRequire(path.join(siteDir, 'package.json')).resolve(name));
    } catch {
      // Not a package the site has: only the paths above.
    }
  }
  for (const file of candidates) {
    let real: string | undefined;
    try {
      real = fs.statSync(file).isFile() ? fs.realpathSync.native(file) : undefined;
    } catch {
      real = undefined;
    }
    if (!real) continue;
    return isInside(real, realPath(siteDir)) ? { file } : { why: 'outside' };
  }
  // A bare name whose first part is no folder of the site is a package's.
  const first = name.split(/[/\\]/)[0]!;
  return { why: bare && !fs.existsSync(path.join(siteDir, first)) ? 'package' : 'missing' };
}

/**
 * Swizzled components the site holds that this theme does not take from it (src/theme/Footer,
 * src/theme/DocItem/Layout…), by Docusaurus's name for each, with its file relative to the
 * site: the classic theme's own are shown instead, and the build says so once for each. The
 * content components and MDXComponents (see findThemeOverrides) are used, and so are the
 * files they import (a component's folder may hold its helpers: those are not named).
 */
export function unusedThemeComponents(siteDir: string): { name: string; file: string }[] {
  const themeDir = path.join(siteDir, 'src', 'theme');
  let files: string[];
  try {
    files = fs.readdirSync(themeDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  const used = new Set<string>(['MDXComponents', ...THEME_COMPONENT_NAMES]);
  const found = new Map<string, string>();
  for (const file of files.map((f) => f.split(path.sep).join('/')).sort()) {
    const ext = SCRIPT_EXTENSIONS.find((e) => file.endsWith(e));
    if (!ext || file.split('/').includes('node_modules') || /\.(test|spec|d)\.[^/]+$/.test(file)) continue;
    const name = file.slice(0, -ext.length).replace(/\/index$/, '');
    // Files inside a used component's folder are its own helpers; a name no theme component
    // has (theirs are PascalCase, but prism-include-languages) is the site's own module kept
    // there (babel's prism/light.js, a code theme its config requires): not a swizzle.
    if (used.has(name.split('/')[0]!) || found.has(name) || !/^([A-Z]|prism-include-languages$)/.test(name.split('/')[0]!)) continue;
    found.set(name, `src/theme/${file}`);
  }
  // Only the outermost of nested names (Footer, not also Footer/Links when both are there).
  const inside = (name: string) => name.split('/').slice(0, -1).some((_, i, parts) => found.has(parts.slice(0, i + 1).join('/')));
  return [...found].filter(([name]) => !inside(name)).map(([name, file]) => ({ name, file }));
}

/** A warning at each swizzled component the theme does not use (see unusedThemeComponents). */
export function unusedThemeWarnings(siteDir: string): Diagnostic[] {
  const used = ['MDXComponents', ...THEME_COMPONENT_NAMES];
  return unusedThemeComponents(siteDir).map(({ name, file }) => ({ severity: 'warning', file, line: 1, column: 1, ...catalog.themeComponentUnused(name, used) }));
}
