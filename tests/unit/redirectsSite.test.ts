import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A Docusaurus site with @docusaurus/plugin-client-redirects builds as it is: its old
 * addresses are files that lead on (graph/redirects.ts), made by `build` from the
 * plugin's options; a broken one fails `check` at its line of the config.
 */

const config = (redirects: string) => `module.exports = {
  title: 'Moved',
  url: 'https://moved.example',
  baseUrl: '/',
  presets: [['classic', { docs: { sidebarPath: false }, blog: false }]],
  plugins: [
    [
      '@docusaurus/plugin-client-redirects',
      {
        fromExtensions: ['html'],
        redirects: [${redirects}],
        createRedirects(existingPath) {
          if (existingPath.startsWith('/docs/guides/')) return existingPath.replace('/docs/guides/', '/docs/howto/');
          return undefined;
        },
      },
    ],
  ],
};
`;
const dirs: string[] = [];
const site = (redirects: string) => {
  const dir = writeTempSite({
    'docusaurus.config.js': config(redirects),
    'docs/intro.md': '# Intro\n\nStart [here](guides/first.md).\n',
    'docs/guides/first.md': '# First\n\n## Steps\n\nText.\n',
  });
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a Docusaurus site with the client-redirects plugin', () => {
  it('builds each old address as a file that leads to its page; none is in the sitemap', () => {
    const dir = site(`{ from: '/old/start', to: '/docs/intro' }, { from: ['/guide', '/legacy/first/'], to: '/docs/guides/first#steps' }`);
    const { code, stderr } = runCli(['build', dir]);
    expect(stderr).not.toMatch(/plugin-client-redirects|error/i);
    expect(code).toBe(0);
    const out = path.join(dir, 'build');
    const leadsTo = (file: string) => /new URL\("([^"]*)"/.exec(fs.readFileSync(path.join(out, file), 'utf8'))?.[1];
    expect(leadsTo('old/start/index.html')).toBe('/docs/intro');
    expect(leadsTo('guide/index.html')).toBe('/docs/guides/first#steps');
    expect(leadsTo('legacy/first/index.html')).toBe('/docs/guides/first#steps');
    // fromExtensions: the addresses of the old .html site; createRedirects: each page it is given.
    expect(leadsTo('docs/intro.html/index.html')).toBe('/docs/intro');
    expect(leadsTo('docs/guides/first.html/index.html')).toBe('/docs/guides/first');
    expect(leadsTo('docs/howto/first/index.html')).toBe('/docs/guides/first');
    // The pages are still the pages.
    expect(fs.readFileSync(path.join(out, 'docs/intro/index.html'), 'utf8')).toContain('<h1');
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/docs/intro<');
    expect(sitemap).not.toMatch(/old\/start|\/guide<|howto|\.html/);
  });

  it('fails check at the line of a redirect that leads nowhere, naming the nearest page', () => {
    const dir = site(`\n          { from: '/a', to: '/docs/intro' },\n          { from: '/b', to: '/docs/guides/frist' },\n        `);
    const { code, stderr } = runCli(['check', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('docusaurus.config.js:13:1: The redirect from "/b" leads to "/docs/guides/frist", which is no page or file of this site.');
    expect(stderr).toContain('Nearest existing routes: /docs/guides/first/');
    expect(runCli(['build', dir]).code).toBe(1);
  });

  it('stops a createRedirects that never returns, naming the config', () => {
    const dir = writeTempSite({ 'site.config.ts': "export default { title: 'L', redirects: { createRedirects: () => { for (;;) {} } } };\n", 'docs/a.md': '# A\n' });
    dirs.push(dir);
    const { code, stderr } = runCli(['check', dir], { env: { SITE_TASK_LIMIT_MS: '1500' } });
    expect(code).toBe(1);
    expect(stderr).toContain('site.config.ts: Collecting the redirects createRedirects returns ran for 1.5 s without finishing, so the command was stopped.');
  });
});
