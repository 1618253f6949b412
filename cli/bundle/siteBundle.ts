import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import type { SiteComponent } from './siteComponents.ts';
import type { ThemeOverride } from './themeOverrides.ts';
import { bundleSiteForServer, SiteCodeError } from './siteCode.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Components = Record<string, ComponentType<any>>;

/** The site's code as the render stage uses it, and the stylesheet it imports. */
export interface SiteBundle {
  /** Components content imports, by island key. */
  components: Components;
  /** Content components the site adds or replaces, by the name content uses. */
  overrides: Components;
  /** Output path (under assets/) and contents of the site code's CSS, when it has any. */
  stylesheet?: { file: string; contents: Uint8Array };
  /** A digest of the bundled code: a page rendered with other site code may look different. */
  key: string;
  /** Imports of names a module does not export, overrides that are not components (warnings). */
  diagnostics: Diagnostic[];
}

/** What to bundle of the site's code, and the theme's modules it may import. */
export interface SiteCodeInput {
  siteDir: string;
  /** Components content imports, and React pages (`page: true`). */
  components: SiteComponent[];
  overrides: ThemeOverride[];
  /** Global stylesheets (src/css/custom.css), absolute. */
  styles: string[];
  /** The theme's modules (see themes/classic/siteModules.ts), from the render in use. */
  provided: Record<string, unknown>;
  fallbacks: Record<string, unknown>;
}

/**
 * Bundles the site's components, pages, theme overrides and stylesheets for the server
 * render, in one esbuild run (one stylesheet). Throws SiteCodeError (diagnostics at the
 * file:line:col) when the code does not build.
 */
export async function bundleSiteComponents({ siteDir, components, overrides, styles, provided, fallbacks }: SiteCodeInput): Promise<SiteBundle> {
  const entries = Object.fromEntries([...styles.map((path) => ({ path })), ...components, ...overrides].map((c) => [c.path, c.path]));
  const code = await bundleSiteForServer(entries, siteDir, provided, fallbacks);
  const found: Components = {};
  const diagnostics: Diagnostic[] = [];
  for (const component of components) {
    const module = code.modules[component.path] ?? {};
    const value = component.exportName === '*' ? module : module[component.exportName];
    if (isComponent(value)) found[component.key] = value;
    else if (component.page) diagnostics.push({ severity: 'error', ...component.where, ...catalog.reactPageNoExport(component.where.file) });
    else diagnostics.push({ severity: 'warning', ...component.where, ...catalog.siteComponentNoExport(component.key.slice(0, component.key.lastIndexOf('#')), component.exportName) });
  }
  const replaced: Components = {};
  const theme = ((provided['@theme-original/MDXComponents'] as { default?: Components } | undefined)?.default ?? {}) as Components;
  for (const override of overrides) {
    const value = code.modules[override.path]?.default;
    const file = path.relative(siteDir, override.path).split(path.sep).join('/');
    if (override.name === 'MDXComponents' && value && typeof value === 'object' && !isComponent(value)) {
      for (const [name, component] of Object.entries(value)) if (isComponent(component)) replaced[name] = component;
    } else if (override.name !== 'MDXComponents' && isComponent(value)) {
      // Every name the theme gives its component (Details is also Markdown's <details>).
      for (const [name, original] of Object.entries(theme)) if (original === theme[override.name]) replaced[name] = value;
      replaced[override.name] = value;
    }
    else diagnostics.push({ severity: 'warning', file, line: 1, column: 1, ...catalog.themeOverrideInvalid(override.name) });
  }
  const stylesheet = code.css && { file: `assets/site-${createHash('sha256').update(code.css).digest('hex').slice(0, 8)}.css`, contents: code.css };
  return { components: found, overrides: replaced, stylesheet, key: code.key, diagnostics };
}

function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * The site's code for the render stage, or nothing when it has none; a failure to build is
 * returned as its diagnostics (errors at their place), for the caller to report.
 */
export async function siteCodeFor(input: SiteCodeInput): Promise<{ bundle?: SiteBundle; diagnostics: Diagnostic[] }> {
  if (input.components.length === 0 && input.overrides.length === 0 && input.styles.length === 0) return { diagnostics: [] };
  try {
    const bundle = await bundleSiteComponents(input);
    return { bundle, diagnostics: bundle.diagnostics };
  } catch (error) {
    if (error instanceof SiteCodeError) return { diagnostics: error.diagnostics };
    throw error;
  }
}

/**
 * Content may use the components the site's MDXComponents adds without importing them
 * (as in Docusaurus): the load stage, which cannot know them, reported them as unknown.
 */
export function withSiteNames(diagnostics: Diagnostic[], overrides: Components): Diagnostic[] {
  return diagnostics.filter((d) => {
    if (d.code !== catalog.mdxUnknownComponent('', []).code) return true;
    const name = /^<([^>.\s]+)/.exec(d.message)?.[1];
    return !name || !Object.hasOwn(overrides, name);
  });
}
