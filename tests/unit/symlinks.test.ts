import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { walkFolder } from '../../cli/content/walkFolder.ts';

const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET');
fs.mkdirSync(path.join(outside, 'docs'));
fs.writeFileSync(path.join(outside, 'docs', 'stolen.md'), '# Stolen\n');

const temps: string[] = [outside];
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function site(files: Record<string, string>, links: Record<string, string>): string {
  const dir = writeTempSite({ 'site.config.ts': 'export default { title: "T", trailingSlash: true };\n', 'docs/intro.md': '---\nslug: /\n---\n# Intro\n', ...files });
  temps.push(dir);
  for (const [link, target] of Object.entries(links)) fs.symlinkSync(target, path.join(dir, link));
  return dir;
}

/** Every path under a folder, with whether it is a symbolic link. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) out.push(`${child} (link)`);
      else if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk('');
  return out.sort();
}

describe('symbolic links', () => {
  it('copies static files reached through links inside the site as plain files, and never one from outside', () => {
    const dir = site(
      { 'assets/logo.svg': '<svg/>', 'static/real.txt': 'real' },
      { 'static/brand': '../assets', 'static/secret.txt': path.join(outside, 'secret.txt'), 'static/elsewhere': outside },
    );
    const { code, stderr } = runCli(['build', dir]);
    expect(code).toBe(0);
    expect(stderr).toContain(`static/secret.txt is a symbolic link to ${path.join(outside, 'secret.txt')}, outside the site folder; it was not followed`);
    expect(stderr).toContain(`static/elsewhere is a symbolic link to ${outside}, outside the site folder`);
    const built = tree(path.join(dir, 'build'));
    expect(built).toContain('brand/logo.svg');
    expect(built).toContain('real.txt');
    expect(built.filter((f) => f.includes('(link)') || f.includes('secret') || f.includes('elsewhere'))).toEqual([]);
  });

  it('does not follow a static link to a folder above it (it would publish the site folder, config included)', () => {
    const dir = site({ 'static/real.txt': 'real' }, { 'static/x': '..' });
    const { code, stderr } = runCli(['build', dir]);
    expect(code).toBe(0);
    expect(stderr).toContain('static/x: static/x is a symbolic link to a folder it is itself in, so following it would never end; it was not followed.');
    expect(tree(path.join(dir, 'build')).filter((f) => f.startsWith('x/') || f.includes('site.config'))).toEqual([]);
  });

  it('follows a docs folder linked from inside the site, and says so when a link leads outside', () => {
    const dir = site({ 'shared/guide.md': '# Shared guide\n' }, { 'docs/shared': '../shared', 'docs/stolen': path.join(outside, 'docs') });
    const { code, stderr } = runCli(['build', dir]);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'build/shared/guide/index.html'), 'utf8')).toContain('Shared guide');
    expect(stderr).toContain(`docs/stolen is a symbolic link to ${path.join(outside, 'docs')}, outside the site folder; it was not followed`);
    expect(fs.existsSync(path.join(dir, 'build/stolen'))).toBe(false);
  });

  it('names a link loop or a dangling link in a sentence, not ELOOP and an absolute path', () => {
    const dir = site({ 'docs/page.md': '# Page\n\n![loop](./l1.png) ![gone](./gone.png)\n' }, { 'docs/self.md': 'self.md', 'docs/gone.md': 'nothing-here.md', 'docs/up': '.', 'docs/l1.png': 'l2.png', 'docs/l2.png': 'l1.png', 'docs/gone.png': 'nothing.png' });
    const { code, stderr } = runCli(['check', dir]);
    expect(code).toBe(1);
    // An image that is such a link: said so at the page's line, not "there is no docs/l1.png".
    expect(stderr).toContain('docs/page.md:3:1: "./l1.png" is docs/l1.png, a symbolic link that leads nowhere or back to itself, so there is no file to publish.');
    expect(stderr).toContain('docs/page.md:3:19: "./gone.png" is docs/gone.png, a symbolic link that leads nowhere or back to itself');
    expect(stderr).not.toContain('there is no docs/l1.png');
    expect(stderr).toContain('docs/self.md: docs/self.md is a symbolic link that leads back to itself (a loop), so it cannot be read.');
    expect(stderr).toContain('docs/gone.md: docs/gone.md is a symbolic link to something that does not exist, so it cannot be read.');
    expect(stderr).toContain('docs/up: docs/up is a symbolic link to a folder it is itself in');
    expect(stderr).not.toMatch(/ELOOP|ENOENT|\n\s+at /);
  });

  it('lists a folder under each name a link gives it, and stops a loop of several links', async () => {
    const dir = site({ 'static/b/one.txt': '1', 'static/a.txt': 'a', 'static/d/two.txt': '2' }, { 'static/c': 'b', 'static/b/to-d': '../d', 'static/d/to-b': '../b' });
    const { files, diagnostics } = await walkFolder(path.join(dir, 'static'), { allowedRoots: [fs.realpathSync(dir)], siteDir: dir });
    expect(files).toEqual(['a.txt', 'b/one.txt', 'b/to-d/two.txt', 'c/one.txt', 'c/to-d/two.txt', 'd/to-b/one.txt', 'd/two.txt']);
    expect(diagnostics.map((d) => d.file)).toEqual(['static/b/to-d/to-b', 'static/c/to-d/to-b', 'static/d/to-b/to-d']);
  });
});
