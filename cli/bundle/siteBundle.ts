import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ComponentType } from 'react';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import type { SiteComponent } from './siteComponents.ts';
import { siteComponentKey } from '../../runtime/islands/siteIsland.tsx';
import type { ThemeOverride } from './themeOverrides.ts';
import { bundleSiteForServer, pageModulesOf, SiteCodeError } from './siteCode.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Components = Record<string, ComponentType<any>>;

/** The site's code as the render stage uses it, and the stylesheet it imports. */
export interface SiteBundle {
  /** Components content imports, by island key. */
  components: Components;
  /** Data content imports from site modules (`import { query } from './query.js'`, passed as a prop), by the same key. */
  values: Record<string, unknown>;
  /** Content components the site adds or replaces, by the name content uses. */
  overrides: Components;
  /** The island key of each of `overrides` that is the site's own code (not the theme's, which a map spreads), by the same name. */
  overrideKeys: Record<string, string>;
  /** Those islands, for the client bundle: each loads its module and takes the component from it. */
  overrideIslands: SiteComponent[];
  /** Output path (under assets/) and contents of the site code's CSS, when it has any. */
  stylesheet?: { file: string; contents: Uint8Array };
  /** A digest of the bundled code: a page rendered with other site code may look different. */
  key: string;
  /** Files the code imports for their URL (images, an SVG in CSS), from the site folder: published beside the pages. */
  files: string[];
  /** The config's client modules (scripts) that bundled, absolute: the browser's bundle runs them. */
  clientModules: string[];
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
  /** The config's client modules that are scripts, absolute: loaded once with the rest (their CSS joins the site's; their code, in the key). */
  clientModules?: string[];
  /** The theme's modules (see themes/classic/siteModules.ts), from the render in use. */
  provided: Record<string, unknown>;
  fallbacks: Record<string, unknown>;
  /** Folders site code may be read from: the site folder and content folders outside it (see readRoots). */
  roots?: string[];
  /** The site's base URL, which the files the code imports are published under. */
  baseUrl?: string;
}

/**
 * Bundles the site's components, pages, theme overrides and stylesheets for the server
 * render, in one esbuild run (one stylesheet). Throws SiteCodeError (diagnostics at the
 * file:line:col) when the code does not build.
 */
export async function bundleSiteComponents({ siteDir, components, overrides, styles, clientModules = [], provided, fallbacks, roots, baseUrl }: SiteCodeInput): Promise<SiteBundle> {
  const entries = Object.fromEntries([...styles.map((path) => ({ path })), ...clientModules.map((path) => ({ path })), ...components, ...overrides].map((c) => [c.path, c.path]));
  const code = await bundleSiteForServer(entries, siteDir, provided, fallbacks, roots, baseUrl, pageModulesOf(components));
  const found: Components = {};
  const values: Record<string, unknown> = {};
  const diagnostics: Diagnostic[] = [...code.diagnostics];
  for (const component of components) {
    const module = code.modules[component.path] ?? {};
    const value = component.exportName === '*' ? module : module[component.exportName];
    if (isComponent(value)) found[component.key] = value;
    // Data (a string of code, a list) content uses in its expressions; it reaches islands as props, so it must survive JSON.
    else if (!component.page && isData(value)) values[component.key] = value;
    else if (component.page) diagnostics.push({ severity: 'error', ...component.where, ...catalog.reactPageNoExport(component.where.file) });
    else diagnostics.push({ severity: 'warning', ...component.where, ...catalog.siteComponentNoExport(component.key.slice(0, component.key.lastIndexOf('#')), component.exportName) });
  }
  const replaced: Components = {};
  const overrideKeys: Record<string, string> = {};
  const overrideIslands = new Map<string, SiteComponent>();
  const theme = ((provided['@theme-original/MDXComponents'] as { default?: Components } | undefined)?.default ?? {}) as Components;
  for (const override of overrides) {
    const value = code.modules[override.path]?.default;
    const file = path.relative(siteDir, override.path).split(path.sep).join('/');
    const where = { file, line: 1, column: 1 };
    // The site's own components are islands (they may have state), with their children kept one by one.
    const island = (name: string, member?: string) => {
      const key = siteComponentKey(file, member === undefined ? 'default' : `default.${member}`);
      overrideKeys[name] = key;
      overrideIslands.set(key, { key, path: override.path, exportName: 'default', where, override: member === undefined ? {} : { member } });
    };
    if (override.name === 'MDXComponents' && value && typeof value === 'object' && !isComponent(value)) {
      for (const [name, component] of Object.entries(value)) {
        if (!isComponent(component)) continue;
        replaced[name] = component;
        if (component !== theme[name]) island(name, name);
      }
    } else if (override.name !== 'MDXComponents' && isComponent(value)) {
      // Every name the theme gives its component (Details is also Markdown's <details>).
      for (const [name, original] of Object.entries(theme)) if (original === theme[override.name]) (replaced[name] = value), island(name);
      replaced[override.name] = value;
      island(override.name);
    }
    else diagnostics.push({ severity: 'warning', ...where, ...catalog.themeOverrideInvalid(override.name) });
  }
  const stylesheet = code.css && { file: `assets/site-${createHash('sha256').update(code.css).digest('hex').slice(0, 8)}.css`, contents: code.css };
  return { components: found, values, overrides: replaced, overrideKeys, overrideIslands: [...overrideIslands.values()], stylesheet, key: code.key, files: code.files, clientModules, diagnostics };
}

/** Where a problem is, as the report names it (`src/x.jsx:3:5`), or its message when it has no place. */
function placeOf(d: Diagnostic): string {
  return d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}` : `"${d.message}"`;
}

function isData(value: unknown): boolean {
  if (value === undefined || typeof value === 'function') return false;
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}

function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * The site's code for the render stage, or nothing when it has none; a failure to build is
 * returned as its diagnostics (errors at their place), for the caller to report.
 */
export async function siteCodeFor(input: SiteCodeInput): Promise<{ bundle?: SiteBundle; diagnostics: Diagnostic[] }> {
  if (input.components.length === 0 && input.overrides.length === 0 && input.styles.length === 0 && !input.clientModules?.length) return { diagnostics: [] };
  try {
    const bundle = await bundleSiteComponents(input);
    return { bundle, diagnostics: bundle.diagnostics };
  } catch (error) {
    if (!(error instanceof SiteCodeError)) throw error;
    return withoutUnbuildable(input, error);
  }
}

/**
 * The site's code did not build as a whole. Each part is bundled alone to find the ones
 * that do not build: a React page that does not is an error (there is nothing to show at
 * its route); a component content imports is a warning at each problem, and its elements
 * show their children (an error under markdown.strict, as every content warning); a
 * theme override or stylesheet is a warning, and the theme's own is used; so is a client
 * module, which is left out. The rest is bundled again without them.
 */
async function withoutUnbuildable(input: SiteCodeInput, failure: SiteCodeError): Promise<{ bundle?: SiteBundle; diagnostics: Diagnostic[] }> {
  const parts: { path: string; component?: SiteComponent }[] = [...input.components.map((component) => ({ path: component.path, component })), ...input.overrides, ...input.styles.map((path) => ({ path })), ...(input.clientModules ?? []).map((path) => ({ path }))];
  const broken = new Map<string, Diagnostic[]>();
  for (const part of parts) {
    if (broken.has(part.path)) continue;
    try {
      await bundleSiteForServer({ [part.path]: part.path }, input.siteDir, input.provided, input.fallbacks, input.roots, input.baseUrl, pageModulesOf(input.components));
    } catch (error) {
      if (!(error instanceof SiteCodeError)) throw error;
      broken.set(part.path, error.diagnostics);
    }
  }
  // Only together do they fail (two files' CSS, say): no part can be left out, so it stays an error.
  if (broken.size === 0) return { diagnostics: failure.diagnostics };
  const diagnostics: Diagnostic[] = [];
  // A problem two parts share (a component a React page imports) is said once, as the more severe.
  const seen = new Map<string, number>();
  const report = (list: Diagnostic[], severity: Diagnostic['severity']) => {
    for (const d of list) {
      const key = `${d.file}:${d.line}:${d.column}:${d.message}`;
      const at = seen.get(key);
      if (at === undefined) {
        seen.set(key, diagnostics.push({ ...d, severity }) - 1);
      } else if (severity === 'error') diagnostics[at] = { ...diagnostics[at]!, severity };
    }
  };
  for (const part of parts) {
    const problems = broken.get(part.path);
    if (!problems) continue;
    const c = part.component;
    if (c?.page) report(problems, 'error');
    else if (c) {
      // The problem where it is, and at the import, what the page loses (an error under markdown.strict).
      report(problems, 'warning');
      report([{ severity: 'warning', ...c.where, ...catalog.siteComponentUnbuilt(c.key.slice(0, c.key.lastIndexOf('#')), placeOf(problems[0]!)) }], 'warning');
    } else report(problems, 'warning');
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics };
  const rest = { ...input, components: input.components.filter((c) => !broken.has(c.path)), overrides: input.overrides.filter((o) => !broken.has(o.path)), styles: input.styles.filter((s) => !broken.has(s)), clientModules: input.clientModules?.filter((m) => !broken.has(m)) };
  const again = await siteCodeFor(rest);
  return { bundle: again.bundle, diagnostics: [...diagnostics, ...again.diagnostics] };
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

/** The site components the browser hydrates: those content imports that were bundled, and the site's replacements of theme components. */
export function clientIslands(components: SiteComponent[], bundle: SiteBundle | undefined): SiteComponent[] {
  return [...components.filter((c) => bundle?.components[c.key]), ...(bundle?.overrideIslands ?? [])];
}
