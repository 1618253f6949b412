import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTempSite } from '../helpers/memorySite.ts';
import { runCli } from '../helpers/cli.ts';

describe("Docusaurus modules a site's own code imports beyond the common ones (babel's website: its pages would not bundle)", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const page = [
    "import React from 'react';",
    "import useBrokenLinks from '@docusaurus/useBrokenLinks';",
    "import IconCopy from '@theme/Icon/Copy';",
    "import IconSuccess from '@theme/Icon/Success';",
    '',
    'export default function Setup() {',
    '  const brokenLinks = useBrokenLinks();',
    "  brokenLinks.collectAnchor('install');",
    "  brokenLinks.collectLink('/gone/');",
    '  return <main><h2 id="install">Install</h2><a href="/gone/">Gone</a><IconCopy className="copy-icon" /><IconSuccess className="done-icon" /></main>;',
    '}',
    '',
  ].join('\n');

  it('useBrokenLinks adds its links and anchors to the check, and the copy icons draw', () => {
    const dir = writeTempSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: false } }]] };\n",
      'docs/intro.md': '# Intro\n\n[setup](/setup#install) [nowhere](/setup#nowhere)\n',
      'src/pages/setup.tsx': page,
    });
    dirs.push(dir);
    const result = runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
    expect(result.code, result.stderr).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => /^(docs|src)\//.test(line));
    expect(problems).toEqual([
      'docs/intro.md:3:25: Broken anchor in "/setup#nowhere": /setup/ has no element with that id.',
      'src/pages/setup.tsx:10:54: Broken link to "/gone/": no page or file has that address.',
    ]);
    // Without the broken ones: it builds, the icons drawn.
    fs.writeFileSync(path.join(dir, 'docs/intro.md'), '# Intro\n\n[setup](/setup#install)\n');
    fs.writeFileSync(path.join(dir, 'src/pages/setup.tsx'), page.replace("  brokenLinks.collectLink('/gone/');\n", '').replace('<a href="/gone/">Gone</a>', ''));
    const built = runCli(['build', dir, '--out-dir', path.join(dir, 'out')]);
    expect(built.code, built.stderr).toBe(0);
    const html = fs.readFileSync(path.join(dir, 'out/setup/index.html'), 'utf8');
    expect(html).toMatch(/<svg[^>]*class="copy-icon"[^>]*>\s*<path/);
    expect(html).toMatch(/<svg[^>]*class="done-icon"[^>]*>\s*<path/);
  });
});
