import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { cacheKey } from '../../cli/content/loadContent.ts';
import { markdownSettings, parseSettings, type Npm2YarnOptions } from '../../cli/content/scan.ts';
import { DEFAULT_MAGIC_COMMENTS } from '../../cli/content/markdown/magicComments.ts';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { importDocusaurusModule } from '../../cli/config/docusaurus/importModule.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/** Docusaurus's @docusaurus/remark-plugin-npm2yarn, done natively (content/markdown/npm2yarn.ts). */

type MdxElement = { type: 'mdxJsxFlowElement'; name: string; attributes: { name: string; value: string | null }[]; children: (MdxElement | Element)[] };

const page = '# Install\n\n```bash npm2yarn\nnpm install --save-dev jest\n```\n\n- In a list:\n\n  ```sh npm2yarn\n  npm run build\n  ```\n\n```bash\nnpm ci\n```\n';
const load = (npm2yarn?: Npm2YarnOptions, text = page) => loadDocument({ area: 'docs', relPath: 'install.md', file: 'docs/install.md', text, format: 'md', npm2yarn });

/** The tabs of a content tree, as label → the code it shows, in order. */
function tabsOf(tree: Root): { groupId: string | null | undefined; tabs: [string, string][] }[] {
  const found: ReturnType<typeof tabsOf> = [];
  const visit = (node: { children?: unknown[] }) => {
    for (const child of (node.children ?? []) as MdxElement[]) {
      if (child.type === 'mdxJsxFlowElement' && child.name === 'Tabs') {
        const items = child.children.filter((c): c is MdxElement => c.type === 'mdxJsxFlowElement' && c.name === 'TabItem');
        const attr = (e: MdxElement, name: string) => e.attributes.find((a) => a.name === name)?.value;
        found.push({ groupId: attr(child, 'groupId'), tabs: items.map((item) => [String(attr(item, 'label')), toString(item as never).replace(/Copy$/, '').trim()]) });
      } else visit(child);
    }
  };
  visit(tree);
  return found;
}

describe('npm2yarn code blocks', () => {
  it('become tabs: npm as written, then each converter as npm-to-yarn writes the command; in lists too', () => {
    const doc = load({ sync: false, converters: ['yarn', 'pnpm', 'bun'] });
    expect(doc.diagnostics).toEqual([]);
    expect(tabsOf(doc.content)).toEqual([
      { groupId: undefined, tabs: [['npm', 'npm install --save-dev jest'], ['Yarn', 'yarn add --dev jest'], ['pnpm', 'pnpm add --save-dev jest'], ['bun', 'bun add --dev jest']] },
      { groupId: undefined, tabs: [['npm', 'npm run build'], ['Yarn', 'yarn build'], ['pnpm', 'pnpm run build'], ['bun', 'bun run build']] },
    ]);
    // A block without the marker stays a block.
    expect(toString(doc.content as never)).toContain('npm ci');
  });

  it('with sync, every block is one group (one choice for all of them)', () => {
    expect(tabsOf(load({ sync: true, converters: ['yarn', 'pnpm'] }).content).map((t) => t.groupId)).toEqual(['npm2yarn', 'npm2yarn']);
  });

  it('stay code blocks when the option is off, as Docusaurus shows them without the plugin', () => {
    const doc = load(undefined);
    expect(tabsOf(doc.content)).toEqual([]);
    expect(toString(doc.content as never)).toContain('npm install --save-dev jest');
  });

  it('make another content key, and another recorded setting, than the same file without the option (as a site\'s own magic comments do)', () => {
    const source = { area: 'docs' as const, relPath: 'a.md', file: 'docs/a.md', text: page, format: 'md' as const };
    const on = { ...source, npm2yarn: { sync: true, converters: ['yarn' as const] } };
    expect(cacheKey(on)).not.toBe(cacheKey(source));
    expect(cacheKey({ ...on, npm2yarn: { sync: false, converters: ['yarn' as const] } })).not.toBe(cacheKey(on));
    expect(parseSettings(source)).toBe('md');
    expect(parseSettings(on)).not.toBe(parseSettings(source));
    // A site's own magic comments likewise; Docusaurus's own set is no setting at all (the keys of sites without one stay).
    const own = { className: 'err', line: 'error-next-line' };
    expect(markdownSettings({ markdown: { maxNodes: 10, npm2yarn: false, emoji: true, anchors: { maintainCase: false } }, prism: { magicComments: [own] } } as never, 'docs', 'md')).toEqual({ format: 'md', maxNodes: 10, magicComments: [own] });
    expect(markdownSettings({ markdown: { maxNodes: 10, npm2yarn: false, emoji: true, anchors: { maintainCase: false } }, prism: { magicComments: DEFAULT_MAGIC_COMMENTS } } as never, 'docs', 'md')).toEqual({ format: 'md', maxNodes: 10 });
    expect(cacheKey({ ...source, magicComments: [own] })).not.toBe(cacheKey(source));
  });
});

describe('a Docusaurus config naming the npm2yarn plugin', () => {
  const map = (config: Record<string, unknown>) => mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', ...config }, 'docusaurus.config.js');
  const native = Object.assign(() => undefined, { __siteNativePackage: '@docusaurus/remark-plugin-npm2yarn' });
  const other = Object.assign(() => undefined, { __siteMissingPackage: 'remark-emoji' });

  it("turns it on with its options, from the docs', blog's or pages' remarkPlugins; other remark plugins are named in a warning", () => {
    const mapped = map({ presets: [['classic', { docs: { remarkPlugins: [[native, { sync: true }], other] }, blog: { remarkPlugins: [native] } }]] });
    // The first listing's options hold for the site (the docs', in the preset); its default converters are those of the plugin's
    // version the site installed (bun from 3.8 on), or as a fresh install would be (bun) when it did not install one.
    expect(mapped.input.markdown).toEqual({ format: 'mdx', npm2yarn: { sync: true, converters: ['yarn', 'pnpm', 'bun'] } });
    expect(map({ presets: [['classic', { docs: false, blog: { remarkPlugins: [native] } }]] }).input.markdown).toEqual({ format: 'mdx', npm2yarn: { sync: false, converters: ['yarn', 'pnpm', 'bun'] } });
    const installed = (version: string) => Object.assign(() => undefined, { __siteNativePackage: '@docusaurus/remark-plugin-npm2yarn', __siteNativeVersion: version });
    const converters = (version: string) => (map({ presets: [['classic', { docs: { remarkPlugins: [installed(version)] } }]] }).input.markdown as { npm2yarn: { converters: string[] } }).npm2yarn.converters;
    expect(converters('3.6.3')).toEqual(['yarn', 'pnpm']);
    expect(converters('3.7.0')).toEqual(['yarn', 'pnpm']);
    expect(converters('3.8.0')).toEqual(['yarn', 'pnpm', 'bun']);
    expect(converters('3.10.2')).toEqual(['yarn', 'pnpm', 'bun']);
    expect(map({ presets: [['classic', { docs: { remarkPlugins: [[native, { sync: true, converters: ['pnpm', 'bun', ['deno', () => '']] }]] } }]] }).input.markdown).toEqual({ format: 'mdx', npm2yarn: { sync: true, converters: ['pnpm', 'bun'] } });
    expect(mapped.warnings.map((w) => `${w.configKey} ${w.message}`)).toEqual(['presets.0.1.docs.remarkPlugins.1 The remark plugin "remark-emoji" (presets[0][1].docs.remarkPlugins[1]) is not run here: what it changes in pages is left out.']);
  });

  it('is given a marker for the plugin whether it is installed or not, and does not list it as missing', async () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "const a = require('@docusaurus/remark-plugin-npm2yarn');\nimport b from '@docusaurus/remark-plugin-npm2yarn';\nmodule.exports = { a, b };\n",
      'node_modules/@docusaurus/remark-plugin-npm2yarn/package.json': '{"name":"@docusaurus/remark-plugin-npm2yarn","version":"3.6.3","main":"lib/index.js"}',
      'node_modules/@docusaurus/remark-plugin-npm2yarn/lib/index.js': 'module.exports = function plugin() { throw new Error("not this one"); };\n',
    });
    try {
      const imported = await importDocusaurusModule(path.join(dir, 'docusaurus.config.js'), dir);
      const { a, b } = imported.value as Record<string, { __siteNativePackage?: string; __siteNativeVersion?: string }>;
      expect([a?.__siteNativePackage, b?.__siteNativePackage]).toEqual(['@docusaurus/remark-plugin-npm2yarn', '@docusaurus/remark-plugin-npm2yarn']);
      // The installed version, read from its package.json (its defaults depend on it).
      expect([a?.__siteNativeVersion, b?.__siteNativeVersion]).toEqual(['3.6.3', '3.6.3']);
      expect(imported.missing).toEqual([]);
      fs.rmSync(path.join(dir, 'node_modules'), { recursive: true });
      const bare = await importDocusaurusModule(path.join(dir, 'docusaurus.config.js'), dir);
      expect((bare.value as Record<string, { __siteNativePackage?: string }>).a?.__siteNativePackage).toBe('@docusaurus/remark-plugin-npm2yarn');
      expect(bare.missing).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
