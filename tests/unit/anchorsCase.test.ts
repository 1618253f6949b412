import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../cli/content/loadDocument.ts';
import { cacheKey } from '../../cli/content/loadContent.ts';
import { mapDocusaurusConfig } from '../../cli/config/docusaurus/mapConfig.ts';
import { markdownSettings } from '../../cli/content/scan.ts';
import fs from 'node:fs';
import { testConfig, writeTempSite } from '../helpers/memorySite.ts';
import { runCli } from '../helpers/cli.ts';

/** Docusaurus's markdown.anchors.maintainCase: heading ids that keep the heading's letter case. */

const page = '# Page\n\n## Hello World\n\n## Hello World\n\n## API Reference {#Custom-ID}\n';
const load = (maintainCase: boolean) => loadDocument({ area: 'docs', relPath: 'a.md', file: 'docs/a.md', text: page, format: 'md', ...(maintainCase ? { anchorsMaintainCase: true as const } : {}) });

describe('heading anchors that keep their case', () => {
  it('keep the letter case with maintainCase, repeats numbered as always; lower case otherwise', () => {
    expect(load(true).headings.map((h) => h.id)).toEqual(['Hello-World', 'Hello-World-1', 'Custom-ID']);
    expect(load(false).headings.map((h) => h.id)).toEqual(['hello-world', 'hello-world-1', 'Custom-ID']);
    const source = { area: 'docs' as const, relPath: 'a.md', file: 'docs/a.md', text: page, format: 'md' as const };
    expect(cacheKey({ ...source, anchorsMaintainCase: true })).not.toBe(cacheKey(source));
  });

  it('come from the native option and from a Docusaurus config, and links are checked against them', () => {
    expect(markdownSettings(testConfig({ markdown: { anchors: { maintainCase: true } } } as never), 'docs', 'md').anchorsMaintainCase).toBe(true);
    const mapped = mapDocusaurusConfig({ title: 'T', url: 'https://t.example', baseUrl: '/', markdown: { anchors: { maintainCase: true } } }, 'docusaurus.config.js');
    expect(mapped.input.markdown).toEqual({ format: 'mdx', anchors: { maintainCase: true } });
    expect(mapped.warnings).toEqual([]);
    const dir = writeTempSite({
      'site.config.ts': 'export default { title: "T", url: "https://t.example", markdown: { anchors: { maintainCase: true } } };\n',
      'docs/a.md': page,
      'docs/b.md': '# B\n\n[ok](a.md#Hello-World) and [lower](a.md#hello-world).\n',
    });
    try {
      const { stderr } = runCli(['check', dir]);
      expect(stderr).toMatch(/docs\/b\.md:3:\d+: .*#hello-world/);
      expect(stderr).not.toMatch(/Broken anchor in "a\.md#Hello-World"/);
      expect(stderr).toContain("Nearest ids on that page: #Hello-World, #Hello-World-1, #Custom-ID.");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
