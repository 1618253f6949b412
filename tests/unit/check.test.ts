import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config/load.ts';
import { analyze } from '../../cli/pipeline/analyze.ts';
import { createReporter } from '../../cli/pipeline/reporter.ts';
import { formatDiagnostic } from '../../cli/report/diagnostic.ts';
import { checkLinks } from '../../cli/links/checkLinks.ts';
import { graphOf, writeTempSite } from '../helpers/memorySite.ts';

const fixture = path.resolve(import.meta.dirname, '../fixtures/sites/broken-links');
const quiet = createReporter({ quiet: true });

describe('link check on the broken-links fixture', () => {
  it('reports each broken link and anchor with file:line:col, the target and the nearest routes', async () => {
    const config = await loadConfig(fixture);
    const { diagnostics } = await analyze(config, { reporter: quiet });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'docs/index.md:7:33: Broken link to "./missing.md": that file does not exist (or is a draft).\n  Nearest existing files: docs/index.md, docs/guide.md.',
      'docs/index.md:9:39: Broken anchor in "./guide.md#nowhere": /guide/ has no element with that id.\n  Nearest ids on that page: #set-up, #main, #raw-anchor.',
      'docs/index.md:11:36: Broken link to "/giude/": no page or file has that address.\n  Nearest existing routes: /guide/, /, /search/.',
      'docs/index.md:13:35: Broken anchor in "#intro-sectoin": / has no element with that id.\n  Nearest ids on that page: #intro-section, #main, #__docusaurus_skipToContent_fallback.',
      'docs/index.md:15:24: Missing file "/img/gone.png": nothing in the static folder has that path.\n  Nearest files: /img/logo.svg.',
      'site.config.ts:4:1: Broken link to "/gude/": no page or file has that address.\n  Nearest existing routes: /guide/, /, /search/.',
    ]);
    expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('says of a Markdown link to a file that is there but is no page what it is, not that it "does not exist"', async () => {
    const dir = writeTempSite({
      'docs/intro.md': '# Intro\n\n[p](./_part.md) [u](./A.MD) [d](./draft.md) [m](./missing.md)\n',
      'docs/_part.md': 'Part.\n',
      'docs/A.MD': '# Upper case\n',
      'docs/draft.md': '---\ndraft: true\n---\n# Draft\n',
    });
    try {
      const { diagnostics } = await analyze(await loadConfig(dir), { reporter: quiet });
      expect(diagnostics.map((d) => `${d.column} ${d.message.split(': ')[1]}`)).toEqual([
        '1 that file is a partial (its name starts with "_"), which pages import and show; it is no page of its own.',
        '17 that file is there, but is no page',
        '29 that file is there, but is no page',
        '45 that file does not exist (or is a draft).',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes the id of a <Link id> as an anchor, as Docusaurus's Link registers it and draws it (babel's blog marks its sections so), and not that of a component that draws none", async () => {
    const dir = writeTempSite({
      'docs/b.mdx': "import Link from '@docusaurus/Link';\n\n# B\n\n[1](#breaking-changes) [2](#made-here)\n\n<h2 className=\"section\"><Link id=\"breaking-changes\" />Breaking changes</h2>\n\n<Heading as=\"h2\" id=\"made-here\">Made</Heading>\n",
    });
    try {
      const { diagnostics } = await analyze(await loadConfig(dir), { reporter: quiet });
      expect(diagnostics.filter((d) => d.code === 'broken-anchor').map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['5:24 Broken anchor in "#made-here": /b/ has no element with that id.']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes broken links warnings in dev mode', async () => {
    const config = await loadConfig(fixture);
    const { diagnostics } = await analyze(config, { reporter: quiet, mode: 'dev' });
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });
});

describe('checkLinks', () => {
  const deps = { staticFiles: new Set(['img/a.png', 'files/report.pdf']), fileStatus: () => 'missing' as const };

  it('accepts routes with or without trailing slash, .html forms, static files and outside URLs', async () => {
    const { graph, config } = await graphOf({
      'docs/a.md': '[1](/b/) [2](/b) [3](/b/index.html) [4](/b.html) [5](/files/report.pdf) [6](https://x.example/y) [7](mailto:a@b.c) [8](../b/#t)\n',
      'docs/b.md': '## T\n',
    });
    expect(checkLinks(graph, config, deps)).toEqual([]);
  });

  it('checks ids the rendered page really has, including raw HTML and custom ids', async () => {
    const { graph, config } = await graphOf({
      'docs/a.md': '[1](./b.md#custom) [2](./b.md#raw) [3](./b.md#gen-heading) [4](./b.md#missing)\n',
      'docs/b.md': '## Gen heading\n\n## Other {#custom}\n\n<p id="raw">x</p>\n',
    });
    const problems = checkLinks(graph, config, deps);
    expect(problems.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      '1:60 broken-anchor Broken anchor in "./b.md#missing": /b/ has no element with that id.',
    ]);
  });

  it('checks links in sidebars and the footer from the config', async () => {
    const { graph, config } = await graphOf(
      { 'docs/a.md': 'A\n' },
      { docs: { sidebars: { docs: ['a', { type: 'link', label: 'Gone', href: '/gone/' }] } }, footer: { links: [{ label: 'X', to: '/x/' }] } },
    );
    expect(checkLinks(graph, config, deps).map((d) => `${d.file} ${d.message}`)).toEqual([
      'site.config.ts Broken link to "/x/": no page or file has that address.',
      'site.config.ts Broken link to "/gone/": no page or file has that address.',
    ]);
  });

  it('does not check mirror copies twice', async () => {
    const { graph, config } = await graphOf({ 'docs/dev/a.md': '[x](./nope.md)\n' }, { docs: { mirrors: [{ from: 'dev', to: 'copy' }] } });
    expect(checkLinks(graph, config, deps)).toHaveLength(1);
  });
});
