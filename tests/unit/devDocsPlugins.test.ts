import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevSite } from '../helpers/devSite.ts';

/** The fixture with a second docs plugin, as files for a temp site. */
function fixtureFiles(): Record<string, string> {
  const root = path.resolve(import.meta.dirname, '../fixtures/sites/docusaurus-docs-plugins');
  const files: Record<string, string> = {};
  for (const rel of fs.readdirSync(root, { recursive: true }) as string[]) {
    const abs = path.join(root, rel);
    if (fs.statSync(abs).isFile()) files[rel.split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
  }
  return files;
}

const devSite = useDevSite(fixtureFiles(), 'unit-docs-plugins');

describe('dev with a second docs plugin', () => {
  it('serves every page build makes, with no problem reported', () => {
    const pages = devSite.dev.outputNames().filter((k) => k.endsWith('index.html')).sort();
    // The routes Docusaurus builds (beside the fixture), and the search page.
    const routes = fixtureFiles()['docusaurus-routes.txt']!.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(pages).toEqual([...routes, '/search/'].map((r) => `${r.slice(1)}index.html`).sort());
  });

  it('re-renders an edited page of the second plugin, with its links resolved in that plugin', async () => {
    const file = path.join(devSite.site, 'community/team.md');
    fs.writeFileSync(file, '# Team\n\nEdited: see the [community intro](intro.md).\n');
    const result = await devSite.dev.apply([{ kind: 'content', path: file }]);
    expect(result).toMatchObject({ applied: true, updated: ['/community/next/team/'] });
    expect(result.diagnostics).toEqual([]);
    expect(String((await devSite.dev.output('community/next/team/index.html'))?.body)).toContain('href="/community/next/intro/">community intro</a>');
  });

  it('reads the site again when the second plugin\'s sidebars file or version list changes', () => {
    const config = devSite.dev.watchTargets(devSite.site).filter((t) => t.kind === 'config').map((t) => path.relative(devSite.site, t.path));
    expect(config).toEqual(expect.arrayContaining(['sidebarsCommunity.js', 'community_versions.json', 'community_versioned_docs', 'community_versioned_sidebars']));
  });
});
