import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../cli/config/resolve.ts';
import type { ResolvedConfig, UserConfig } from '../../cli/config/types.ts';
import type { SourceFile } from '../../cli/content/scan.ts';
import { loadContent } from '../../cli/content/loadContent.ts';
import { buildRouteGraph } from '../../cli/graph/buildRouteGraph.ts';
import type { RouteGraph } from '../../cli/graph/types.ts';

/** A config resolved in memory, as if read from `site.config.ts` in `siteDir`. */
export function testConfig(overrides: Partial<UserConfig> = {}, siteDir = '/site'): ResolvedConfig {
  const result = resolveConfig({ title: 'Test', url: 'https://test.example', trailingSlash: true, ...overrides }, { siteDir, configFile: `${siteDir}/site.config.ts` });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  return result.config;
}

/** `{ 'docs/a.md': '…' }` → source files as the scan stage would return them. */
export function sourceFiles(files: Record<string, string>): SourceFile[] {
  return Object.entries(files).map(([file, text]) => {
    const [area, ...rest] = file.split('/');
    return { area: area as SourceFile['area'], relPath: rest.join('/'), file, text };
  });
}

/** Loads and graphs an in-memory site. */
export async function graphOf(files: Record<string, string>, overrides: Partial<UserConfig> = {}, staticFiles: string[] = []): Promise<{ graph: RouteGraph; config: ResolvedConfig; diagnostics: string[] }> {
  const config = testConfig(overrides);
  const content = await loadContent(sourceFiles(files));
  const graph = buildRouteGraph(content, config, staticFiles);
  return { graph, config, diagnostics: [...content.diagnostics, ...graph.diagnostics].map((d) => `${d.file ?? ''}:${d.line ?? ''}: ${d.message}`) };
}

/** Writes a file map to a fresh temporary site folder and returns its path. */
export function writeTempSite(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Every file under a folder (the output marker included: it is part of the output), by its path with `/`, with its bytes. */
export function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, rel);
    if (fs.statSync(full).isFile()) out.set(rel.split(path.sep).join('/'), fs.readFileSync(full));
  }
  return out;
}
