import { createHash } from 'node:crypto';
import type { ComponentType } from 'react';
import type { Diagnostic } from '../report/diagnostic.ts';
import { catalog } from '../errors/catalog.ts';
import type { SiteComponent } from './siteComponents.ts';
import { bundleSiteForServer } from './siteCode.ts';

/** The site's components as the render stage uses them, and the stylesheet they import. */
export interface SiteBundle {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  components: Record<string, ComponentType<any>>;
  /** Output path (under assets/) and contents of the site code's CSS, when it has any. */
  stylesheet?: { file: string; contents: Uint8Array };
  /** Imports of names a module does not export (warnings: their elements show their children). */
  diagnostics: Diagnostic[];
}

/**
 * Bundles the site components content imports for the server render, each by its island
 * key. Throws SiteCodeError (diagnostics at the component's file:line:col) when one does
 * not build.
 */
export async function bundleSiteComponents(components: SiteComponent[], siteDir: string): Promise<SiteBundle> {
  const entries = Object.fromEntries(components.map((c) => [c.path, c.path]));
  const code = await bundleSiteForServer(entries, siteDir);
  const found: SiteBundle['components'] = {};
  const diagnostics: Diagnostic[] = [];
  for (const component of components) {
    const module = code.modules[component.path] ?? {};
    const value = component.exportName === '*' ? module : module[component.exportName];
    if (typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)) found[component.key] = value as ComponentType;
    else diagnostics.push({ severity: 'warning', ...component.where, ...catalog.siteComponentNoExport(component.key.slice(0, component.key.lastIndexOf('#')), component.exportName) });
  }
  const stylesheet = code.css && { file: `assets/site-${createHash('sha256').update(code.css).digest('hex').slice(0, 8)}.css`, contents: code.css };
  return { components: found, stylesheet, diagnostics };
}
