import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, ROOT } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';
import { SiteWriter } from '../../cli/write/writeSite.ts';
import { MARKER_FILE } from '../../cli/write/outputFolder.ts';

const SITE_FILES = {
  'site.config.ts': 'export default { title: "T", trailingSlash: true };\n',
  'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nHello.\n',
  'blog/2024-01-02-hello.md': '---\ntitle: Hello\n---\nPost.\n',
  'static/img/a.txt': 'static file\n',
};

const temps: string[] = [];
function tempSite(extra: Record<string, string> = {}): string {
  const dir = writeTempSite({ ...SITE_FILES, ...extra });
  temps.push(dir);
  return dir;
}
afterAll(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Every file under a folder with its bytes, to show nothing was touched. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else out[child] = fs.readFileSync(path.join(dir, child), 'latin1');
    }
  };
  walk('');
  return out;
}

describe('the output folder', () => {
  it('refuses, with exit code 2 and nothing deleted, a folder that is, holds or lies inside the sources or the generator', () => {
    const site = tempSite();
    const before = snapshot(site);
    const cases: [string, RegExp][] = [
      [site, /is the site folder/],
      [path.join(site, 'docs'), /is the docs folder/],
      [path.join(site, 'static'), /is the static folder/],
      [path.join(site, 'blog', 'out'), /lies inside the blog folder/],
      [path.join(site, 'site.config.ts'), /is an existing file/],
      [path.dirname(site), /holds the site folder/],
      [ROOT, /is the generator's folder/],
      [path.join(ROOT, 'cli'), /is the generator's cli/],
      [path.join(ROOT, 'themes', 'out'), /lies inside the generator's themes/],
      [path.dirname(ROOT), /holds the generator's folder/],
    ];
    for (const [outDir, message] of cases) {
      const { code, stderr } = runCli(['build', site, '--out-dir', outDir]);
      expect(code, outDir).toBe(2);
      expect(stderr, outDir).toMatch(message);
      expect(stderr, outDir).not.toMatch(/\n\s+at /);
    }
    expect(snapshot(site)).toEqual(before);
    // Ten runs of the real CLI: slow on a busy machine, and nothing here is about time.
  }, 180_000);

  it('refuses an existing file, a symbolic link, and a non-empty folder it did not make; takes an empty one', () => {
    const site = tempSite();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'out-'));
    temps.push(outside);
    fs.writeFileSync(path.join(outside, 'notes.txt'), 'mine');
    fs.mkdirSync(path.join(outside, 'foreign'));
    fs.writeFileSync(path.join(outside, 'foreign', 'keep.txt'), 'keep');
    fs.symlinkSync(path.join(outside, 'foreign'), path.join(outside, 'link'));

    expect(runCli(['build', site, '--out-dir', path.join(outside, 'notes.txt')])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is an existing file/) });
    expect(runCli(['build', site, '--out-dir', path.join(outside, 'link')])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is a symbolic link/) });
    expect(runCli(['build', site, '--out-dir', path.join(outside, 'foreign')])).toMatchObject({ code: 2, stderr: expect.stringMatching(/did not write \(it has no \.site-build marker\)/) });
    expect(fs.readFileSync(path.join(outside, 'notes.txt'), 'utf8')).toBe('mine');
    expect(fs.readFileSync(path.join(outside, 'foreign', 'keep.txt'), 'utf8')).toBe('keep');

    fs.mkdirSync(path.join(outside, 'empty'));
    expect(runCli(['build', site, '--out-dir', path.join(outside, 'empty')]).code).toBe(0);
    expect(fs.existsSync(path.join(outside, 'empty', 'index.html'))).toBe(true);
    // Its own output it replaces, build after build.
    expect(runCli(['build', site, '--out-dir', path.join(outside, 'empty')]).code).toBe(0);
  });

  it("refuses, and deletes nothing, when the folders a build writes beside it (X.tmp, X.old, .X.lock) are someone else's: the site itself, a user's folder or file", () => {
    // `build site.tmp --out-dir site`: the next build would be written in place of the sources.
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'side-'));
    temps.push(parent);
    const site = path.join(parent, 'site.tmp');
    fs.cpSync(tempSite(), site, { recursive: true });
    const sources = snapshot(site);
    const refused = runCli(['build', site, '--out-dir', path.join(parent, 'site')]);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/site\.tmp is in the way: .*no \.site-build marker/) });
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(snapshot(site)).toEqual(sources);

    // In an ordinary site: a user's build.tmp/ and build.old/ with files, a file named like the lock.
    const own = tempSite();
    for (const [name, make] of [
      ['build.tmp', () => (fs.mkdirSync(path.join(own, 'build.tmp')), fs.writeFileSync(path.join(own, 'build.tmp', 'keep.txt'), 'mine'))],
      ['build.old', () => (fs.mkdirSync(path.join(own, 'build.old')), fs.writeFileSync(path.join(own, 'build.old', 'keep.txt'), 'mine'))],
      ['.build.lock', () => fs.writeFileSync(path.join(own, '.build.lock'), 'my notes\n')],
    ] as const) {
      make();
      const before = snapshot(own);
      const { code, stderr } = runCli(['build', own]);
      expect(code, name).toBe(2);
      expect(stderr, name).toContain(`${name} is in the way`);
      expect(snapshot(own), name).toEqual(before);
      fs.rmSync(path.join(own, name), { recursive: true });
    }
    // Empty, they hold nothing to lose: the build goes on.
    fs.mkdirSync(path.join(own, 'build.tmp'));
    expect(runCli(['build', own]).code).toBe(0);
  }, 120_000);

  it('the writer itself leaves a side folder that is not its own, whoever calls it', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'side-writer-')), 'build');
    temps.push(path.dirname(out));
    fs.mkdirSync(`${out}.tmp`);
    fs.writeFileSync(path.join(`${out}.tmp`, 'keep.txt'), 'mine');
    await expect(SiteWriter.open(out)).rejects.toThrow(/build\.tmp is in the way/);
    expect(fs.readFileSync(path.join(`${out}.tmp`, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('refuses to export search records over a source file', () => {
    const site = tempSite();
    const config = fs.readFileSync(path.join(site, 'site.config.ts'), 'utf8');
    const { code, stderr } = runCli(['export-search-records', site, '--out', path.join(site, 'site.config.ts')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Refused to write .*site\.config\.ts: it is the site config/);
    expect(fs.readFileSync(path.join(site, 'site.config.ts'), 'utf8')).toBe(config);
  });
});

describe('paths stay inside the site and the output folder', () => {
  it('refuses a relative image outside the site, with its file:line:col, and publishes nothing from outside', () => {
    const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    temps.push(secretDir);
    fs.writeFileSync(path.join(secretDir, 'secret.txt'), 'TOP SECRET');
    const site = tempSite();
    const rel = path.relative(path.join(site, 'docs'), path.join(secretDir, 'secret.txt')).split(path.sep).join('/');
    fs.writeFileSync(path.join(site, 'docs/leak.md'), `# Leak\n\n![x](${rel})\n\n![encoded](${rel.replace(/\.\./g, '%2e%2e')})\n`);
    const { code, stderr } = runCli(['build', site]);
    expect(code).toBe(1);
    expect(stderr).toContain(`docs/leak.md:3:1: "${rel}" points to`);
    expect(stderr).toMatch(/docs\/leak\.md:5:1: ".*secret\.txt" points to .*outside the site folder/);
    expect(fs.existsSync(path.join(site, 'build'))).toBe(false);
  });

  it('never writes outside the output folder, whatever a slug says', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'parent-'));
    temps.push(parent);
    const site = path.join(parent, 'site');
    for (const [file, text] of Object.entries({ ...SITE_FILES, 'docs/escape.md': '---\nslug: ../../../../escaped\n---\n# Escape\n', 'blog/2024-02-02-up.md': '---\nslug: ../../up-there\n---\nPost.\n' })) {
      fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      fs.writeFileSync(path.join(site, file), text);
    }
    const { code } = runCli(['build', site]);
    expect(code).toBe(0);
    expect(fs.readdirSync(parent)).toEqual(['site']);
    expect(fs.readdirSync(site).sort()).toEqual(['blog', 'build', 'docs', 'site.config.ts', 'static']);
    // ".." is resolved as in a URL: the pages land at the top of the output.
    expect(fs.existsSync(path.join(site, 'build/escaped/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(site, 'build/up-there/index.html'))).toBe(true);
  });

  it('under onBrokenLinks: "warn", warns about a missing image next to the page and finishes the build', () => {
    const site = tempSite({
      'site.config.ts': 'export default { title: "T", trailingSlash: true, onBrokenLinks: "warn" };\n',
      'docs/pic.md': '# Pic\n\n![gone](./missing.png)\n',
    });
    const { code, stderr } = runCli(['build', site]);
    expect(stderr).toContain('docs/pic.md:3:1: Missing file "./missing.png"');
    expect(stderr).not.toMatch(/ENOENT|copyfile/);
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(site, 'build/pic/index.html'))).toBe(true);
  });

  it('the writer refuses a path that leaves its folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-'));
    temps.push(dir);
    const writer = await SiteWriter.open(path.join(dir, 'out'));
    await expect(writer.write('../../evil.txt', 'x')).rejects.toThrow(/outside the output folder/);
    await expect(writer.copyFile(__filename, 'a/../../evil.txt')).rejects.toThrow(/outside the output folder/);
    await writer.abort();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('SiteWriter', () => {
  it('builds aside: the previous output stays whole until commit, and abort keeps it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-'));
    temps.push(dir);
    const out = path.join(dir, 'build');
    const first = await SiteWriter.open(out);
    await first.write('index.html', 'old home');
    await first.write('gone/index.html', 'only in the old build');
    await first.commit();

    const second = await SiteWriter.open(out);
    await second.write('index.html', 'new home');
    await second.write('new/index.html', 'new page');
    // Written, not yet committed: readers of build/ still see the old site, whole.
    expect(snapshot(out)).toEqual({ [MARKER_FILE]: expect.stringContaining('"complete"'), 'index.html': 'old home', 'gone/index.html': 'only in the old build' });
    await second.abort();
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('old home');

    const third = await SiteWriter.open(out);
    await third.write('index.html', 'new home');
    await third.commit();
    expect(snapshot(out)).toEqual({ [MARKER_FILE]: expect.stringContaining('"complete"'), 'index.html': 'new home' });
    expect(fs.readdirSync(dir)).toEqual(['build']);
  });

  it('refuses a second writer on the same folder while the first is open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-'));
    temps.push(dir);
    const first = await SiteWriter.open(path.join(dir, 'build'));
    await expect(SiteWriter.open(path.join(dir, 'build'))).rejects.toThrow(/Another build \(process \d+\) is writing/);
    await first.abort();
    const again = await SiteWriter.open(path.join(dir, 'build'));
    await again.abort();
  });

  it('says the folder is read-only, before doing the work, and leaves the previous build', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'ro-'));
    temps.push(parent);
    const site = tempSite();
    fs.mkdirSync(path.join(parent, 'locked'));
    // As root every folder is writable: run the build as an unprivileged user instead.
    const asRoot = process.getuid?.() === 0;
    fs.chmodSync(path.join(parent, 'locked'), 0o555);
    if (asRoot) {
      for (const dir of [parent, site]) fs.chmodSync(dir, 0o777);
    }
    const args = [path.join(ROOT, 'bin/site.js'), 'build', site, '--out-dir', path.join(parent, 'locked', 'build')];
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
      : spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The output cannot be written: permission denied, the folder is read-only for this user (${path.join(parent, 'locked')})`);
    expect(result.stderr).not.toMatch(/ENOENT|EACCES|\n\s+at /);
    // It stopped before reading the content.
    expect(result.stderr).not.toContain('Loading Markdown');
  });

  it('names the problem when the output path runs through a file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-'));
    temps.push(dir);
    fs.writeFileSync(path.join(dir, 'file'), '');
    await expect(SiteWriter.open(path.join(dir, 'file', 'build'))).rejects.toThrow(/The output cannot be written: a part of the path is a file, not a folder/);
  });
});
