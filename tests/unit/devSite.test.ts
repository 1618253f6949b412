import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevSite } from '../helpers/devSite.ts';

const devSite = useDevSite({
  'site.config.ts': 'export default { title: "T", trailingSlash: true, redirects: { rules: [{ from: "/old-b", to: "/b" }] } };\n',
  'docs/intro.md': '---\nslug: /\n---\nSee [the setup](./b.md#setup).\n',
  'docs/b.md': '---\ntitle: B\n---\n## Setup\n\nText.\n',
  'docs/c.md': '---\ntitle: C\n---\nNo links.\n',
  'docs/shown.md': '---\ntitle: Shown\n---\n![A picture](./pic.png)\n',
  'docs/unopened.md': '---\ntitle: Unopened\n---\nNobody asks for this page until the title test.\n',
  'docs/pic.png': 'not really a png',
  'static/robots.txt': 'User-agent: *\nDisallow: /private/\n',
}, 'unit-test');
const { site } = devSite;

const edit = (file: string, text: string) => {
  fs.writeFileSync(path.join(site, file), text);
  return devSite.dev.apply([{ kind: 'content', path: path.join(site, file) }]);
};

describe('DevSite', () => {
  it('serves an old address (config redirects) as build writes it: a page that leads on', async () => {
    expect(String((await devSite.dev.output('old-b/index.html'))?.body)).toContain('new URL("/b/",location.href)');
  });

  it('publishes what build publishes: images next to the Markdown, and the site\'s own robots.txt', async () => {
    expect(devSite.dev.copies.get('assets/files/docs/pic.png')).toBe(path.join(site, 'docs/pic.png'));
    expect(String((await devSite.dev.output('shown/index.html'))?.body)).toContain('src="/assets/files/docs/pic.png"');
    expect(devSite.dev.hasOutput('robots.txt')).toBe(false);
    expect(devSite.dev.copies.get('robots.txt')).toBe(path.join(site, 'static/robots.txt'));
  });

  it('re-renders only the edited page after a body edit', async () => {
    const result = await edit('docs/c.md', '---\ntitle: C\n---\nNo links, still.\n');
    expect(result).toMatchObject({ applied: true, reload: false, updated: ['/c/'] });
    expect(String((await devSite.dev.output('c/index.html'))?.body)).toContain('No links, still.');
  });

  it('finds a link broken by an edit to the page it points into (and clears it)', async () => {
    const broken = await edit('docs/b.md', '---\ntitle: B\n---\n## Install\n\nText.\n');
    expect(broken.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`)).toEqual(['docs/intro.md:4 warning broken-anchor']);
    const fixed = await edit('docs/b.md', '---\ntitle: B\n---\n## Setup\n\nText.\n');
    expect(fixed.diagnostics).toEqual([]);
  });

  it('updates every page served so far that shows a changed title, and the sidebars; a page not served yet shows it when asked for', async () => {
    // Served, as tabs that show them would have asked.
    await devSite.dev.output('index.html');
    await devSite.dev.output('page-data/b/data.json');
    const result = await edit('docs/c.md', '---\ntitle: C renamed\n---\nNo links, still.\n');
    // The sidebar of every docs page shows the title.
    expect(result.updated).toEqual(expect.arrayContaining(['/', '/b/', '/c/', '/shown/']));
    // Not rendered: no tab can show it.
    expect(result.updated).not.toContain('/unopened/');
    expect(result.sidebars).toBe(true);
    expect(String((await devSite.dev.output('page-data/sidebars/docs.json'))?.body)).toContain('"C renamed"');
    expect(String((await devSite.dev.output('b/index.html'))?.body)).toContain('C renamed');
    expect(String((await devSite.dev.output('unopened/index.html'))?.body)).toContain('C renamed');
    const body = await edit('docs/c.md', '---\ntitle: C renamed\n---\nNo links, still, again.\n');
    expect(body).toMatchObject({ updated: ['/c/'], sidebars: false });
  });

  it('updates every page whose sidebar gains a new page, and the new page', async () => {
    const result = await edit('docs/d.md', '---\ntitle: D added\n---\nNew.\n');
    expect(result.updated).toEqual(expect.arrayContaining(['/', '/b/', '/c/', '/d/']));
    expect(String((await devSite.dev.output('b/index.html'))?.body)).toContain('D added');
    fs.rmSync(path.join(site, 'docs/d.md'));
    const removed = await devSite.dev.apply([{ kind: 'content', path: path.join(site, 'docs/d.md') }]);
    expect(removed.updated).toEqual(expect.arrayContaining(['/b/', '/d/']));
    expect(String((await devSite.dev.output('b/index.html'))?.body)).not.toContain('D added');
  });

  it('decodes an edited file as the build does: UTF-16 with a mark is read, Latin-1 is named with its line', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('---\ntitle: C\n---\nCaf\u00e9 au lait.\n', 'utf16le')]);
    fs.writeFileSync(path.join(site, 'docs/c.md'), utf16);
    const read = await devSite.dev.apply([{ kind: 'content', path: path.join(site, 'docs/c.md') }]);
    expect(read.applied).toBe(true);
    expect(String((await devSite.dev.output('c/index.html'))?.body)).toContain('Caf\u00e9 au lait.');
    fs.writeFileSync(path.join(site, 'docs/c.md'), Buffer.from('---\ntitle: C\n---\nCaf\xe9.\n', 'latin1'));
    const latin1 = await devSite.dev.apply([{ kind: 'content', path: path.join(site, 'docs/c.md') }]);
    expect(latin1.applied).toBe(false);
    expect(latin1.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`)).toEqual(['docs/c.md:4 error file-encoding']);
    expect(String((await devSite.dev.output('c/index.html'))?.body)).not.toContain('\ufffd');
    await edit('docs/c.md', '---\ntitle: C\n---\nNo links.\n');
  });

  it('refuses an edited file over markdown.maxFileSize as the build does, and keeps the last good page', async () => {
    fs.writeFileSync(path.join(site, 'docs/c.md'), '---\ntitle: C\n---\n' + '| a | b |\n|---|---|\n' + '| cell | cell |\n'.repeat(70_000));
    const large = await devSite.dev.apply([{ kind: 'content', path: path.join(site, 'docs/c.md') }]);
    expect(large.applied).toBe(false);
    expect(large.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual(['docs/c.md:1:1 error file-too-large']);
    expect(String((await devSite.dev.output('c/index.html'))?.body)).toContain('No links.');
    await edit('docs/c.md', '---\ntitle: C\n---\nNo links.\n');
  });
});

const lazySite = useDevSite({
  'site.config.ts': 'export default { title: "T" };\n',
  'docs/intro.md': '---\nslug: /\n---\nHello.\n',
  'docs/broken.mdx': "---\ntitle: Broken\n---\nimport Boom from '@site/src/components/Boom';\n\n<Boom />\n",
  'src/components/Boom.jsx': "export default function Boom() {\n  throw new Error('Boom does not render');\n}\n",
}, 'unit-test-lazy');

describe('DevSite renders a page when it is asked for', () => {
  it('starts though a page cannot render, and answers that page with its problem, which joins the others', async () => {
    expect(lazySite.dev.diagnostics).toEqual([]);
    expect(String((await lazySite.dev.output('index.html'))?.body)).toContain('Hello.');
    const told: string[][] = [];
    lazySite.dev.onProblems = (list) => told.push(list.map((d) => `${d.file} ${d.severity} ${d.code}`));
    const page = await lazySite.dev.output('broken/index.html');
    expect(page?.status).toBe(500);
    expect(String(page?.body)).toContain('Boom does not render');
    expect(lazySite.dev.diagnostics.map((d) => `${d.file} ${d.severity} ${d.code}`)).toEqual(['src/components/Boom.jsx error render-failed']);
    expect(told).toEqual([['src/components/Boom.jsx error render-failed']]);
    // Asked again: answered again, told once.
    expect((await lazySite.dev.output('page-data/broken/data.json'))?.status).toBe(500);
    expect(told).toHaveLength(1);
  });

  it('fails a rebuild in which a page served so far cannot render, and keeps serving that page as it was', async () => {
    const component = path.join(lazySite.site, 'src/components/Boom.jsx');
    fs.writeFileSync(component, "export default function Boom() {\n  return <b>boom v1</b>;\n}\n");
    const fixed = await lazySite.dev.apply([{ kind: 'code', path: component }]);
    expect(fixed.applied).toBe(true);
    expect(String((await lazySite.dev.output('broken/index.html'))?.body)).toContain('<b>boom v1</b>');
    const intro = path.join(lazySite.site, 'docs/intro.md');
    fs.writeFileSync(intro, '---\nslug: /\n---\nHello again.\n');
    fs.writeFileSync(component, "export default function Boom() {\n  throw new Error('Boom breaks again');\n}\n");
    await expect(lazySite.dev.apply([{ kind: 'code', path: component }])).rejects.toThrow(/Boom breaks again/);
    expect(String((await lazySite.dev.output('broken/index.html'))?.body)).toContain('<b>boom v1</b>');
    expect(String((await lazySite.dev.output('index.html'))?.body)).toContain('Hello.');
  });
});
