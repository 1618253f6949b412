import fs from 'node:fs';
import path from 'node:path';
import { isInside, realPath } from '../config/sitePaths.ts';
import { THEME_COMPONENT_NAMES } from '../../themes/classic/content/names.ts';
import { SCRIPT_EXTENSIONS } from './siteComponents.ts';

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

/** The site's global stylesheet, `src/css/custom.css` (Docusaurus's classic preset default), when it has one. */
export function siteStylesheets(siteDir: string): string[] {
  const file = path.join(siteDir, 'src', 'css', 'custom.css');
  try {
    return fs.statSync(file).isFile() && isInside(fs.realpathSync.native(file), realPath(siteDir)) ? [file] : [];
  } catch {
    return [];
  }
}
