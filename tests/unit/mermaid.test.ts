import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { cacheKey } from '../../cli/content/loadContent.ts';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { startDev, stopDev } from '../helpers/devServer.ts';

/** Mermaid diagrams: Docusaurus's markdown.mermaid and @docusaurus/theme-mermaid, done natively (the browser draws them: tests/browser/mermaid.test.ts). */

const page = '# Flow\n\n```mermaid\ngraph TD;\n  A-->B;\n```\n\n```js\nconst a = 1;\n```\n';
const load = (mermaid?: true) => loadDocument({ area: 'docs', relPath: 'flow.md', file: 'docs/flow.md', text: page, format: 'md', mermaid });
type Element = { type: string; name?: string; attributes?: { name: string; value: unknown }[] };
const elements = (doc: ReturnType<typeof load>) => (doc.content.children as Element[]).filter((c) => c.type === 'mdxJsxFlowElement').map((c) => `${c.name}${c.attributes?.map((a) => ` ${a.name}=${JSON.stringify(a.value)}`).join('') ?? ''}`);

describe('mermaid code blocks', () => {
  it('are the theme\'s Mermaid element with the diagram\'s source when markdown.mermaid is on; other code stays code', () => {
    expect(elements(load(true))).toEqual(['Mermaid value="graph TD;\\n  A-->B;"', 'CodeBlock language="js"']);
  });

  it('stay code blocks when it is off, as Docusaurus shows them, and make another content key than when on', () => {
    expect(elements(load())).toEqual(['CodeBlock language="mermaid"', 'CodeBlock language="js"']);
    const source = { area: 'docs' as const, relPath: 'flow.md', file: 'docs/flow.md', text: page, format: 'md' as const };
    expect(cacheKey({ ...source, mermaid: true })).not.toBe(cacheKey(source));
  });
});

describe("a Docusaurus config's Mermaid", () => {
  const map = (config: Record<string, unknown>) => mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', ...config }, 'docusaurus.config.js');

  it('maps markdown.mermaid and themeConfig.mermaid; the mermaid theme is taken as done, with no warning', () => {
    const mapped = map({ markdown: { mermaid: true, format: 'detect' }, themes: ['@docusaurus/theme-mermaid'], themeConfig: { mermaid: { theme: { light: 'neutral', dark: 'forest' }, options: { maxTextSize: 900 } } } });
    expect(mapped.input.markdown).toEqual({ format: 'detect', mermaid: true });
    expect(mapped.input.mermaid).toEqual({ theme: { light: 'neutral', dark: 'forest' }, options: { maxTextSize: 900 } });
    expect(mapped.warnings).toEqual([]);
  });

  it('names what it cannot take: another key, a theme that is not a name per mode', () => {
    const mapped = map({ markdown: { mermaid: true }, themeConfig: { mermaid: { theme: { light: 1 }, other: true } } });
    expect(mapped.warnings.map((w) => w.configKey)).toEqual(['themeConfig.mermaid.theme', 'themeConfig.mermaid.other']);
  });
});

describe('a site with markdown.mermaid', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const build = (mermaid: boolean) => {
    const dir = writeTempSite({
      'site.config.ts': `export default { title: 'Diagrams', trailingSlash: true, markdown: { mermaid: ${mermaid} } };\n`,
      'docs/flow.md': page,
    });
    dirs.push(dir);
    const { code, stderr } = runCli(['build', dir]);
    expect(code, stderr).toBe(0);
    return path.join(dir, 'build');
  };

  it('publishes Mermaid\'s module and the chunks it imports, in a folder named by its version; a site without it publishes none', () => {
    const version = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../node_modules/mermaid/package.json'), 'utf8')) as { version: string }).version;
    const on = build(true);
    const folder = path.join(on, `assets/mermaid-${version}`);
    const main = fs.readFileSync(path.join(folder, 'mermaid.esm.min.mjs'), 'utf8');
    // Every chunk the module imports is there.
    const imported = [...main.matchAll(/from"\.\/(chunks\/[^"]+)"/g)].map((m) => m[1]!);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((file) => !fs.existsSync(path.join(folder, file)))).toEqual([]);
    expect(fs.readdirSync(path.join(folder, 'chunks/mermaid.esm.min')).filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(fs.readFileSync(path.join(on, 'flow/index.html'), 'utf8')).toContain('data-name="Mermaid"');
    const off = build(false);
    expect(fs.readdirSync(path.join(off, 'assets')).filter((f) => f.startsWith('mermaid'))).toEqual([]);
    expect(fs.readFileSync(path.join(off, 'flow/index.html'), 'utf8')).not.toContain('data-name="Mermaid"');
  });

  it('dev serves Mermaid\'s files as build publishes them, as JavaScript modules', async () => {
    const dir = writeTempSite({ 'site.config.ts': "export default { title: 'Diagrams', markdown: { mermaid: true } };\n", 'docs/flow.md': page });
    dirs.push(dir);
    const { url, child } = await startDev(dir);
    try {
      const page = await (await fetch(`${url}/flow/`)).text();
      expect(page).toContain('data-name="Mermaid"');
      const version = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../node_modules/mermaid/package.json'), 'utf8')) as { version: string }).version;
      const response = await fetch(`${url}/assets/mermaid-${version}/mermaid.esm.min.mjs`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await response.text()).length).toBeGreaterThan(1000);
    } finally {
      await stopDev(child);
    }
  });
});
