import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.ts';
import { writeTempSite } from '../helpers/memorySite.ts';

/**
 * A build killed at the worst moments, by fault injection: strace stops the process with
 * SIGKILL on entry to the chosen rename system call (before it runs), so the kill lands
 * exactly there, every time. (tests/setup installs strace, as it does Chromium.)
 */
const site = writeTempSite({
  'site.config.ts': 'export default { title: "T", trailingSlash: true };\n',
  'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nVersion one.\n',
});
const build = path.join(site, 'build');
afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

/** Runs `site build` under strace, killed when it renames `from` (the first path argument). */
function buildKilledAtRename(from: string): string | number | null {
  const result = spawnSync(
    'strace',
    ['-f', '-qq', '-o', '/dev/null', '-P', from, '-e', 'trace=rename,renameat,renameat2', '-e', 'inject=rename,renameat,renameat2:signal=KILL', process.execPath, path.join(ROOT, 'bin/site.js'), 'build', site],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (result.error) throw new Error(`strace is needed for this test (apt-get install strace): ${result.error.message}`);
  // strace ends itself with the signal that killed the build.
  return result.signal ?? result.status;
}

const setVersion = (text: string) => fs.writeFileSync(path.join(site, 'docs/intro.md'), `---\nslug: /\n---\n# Intro\n\n${text}\n`);
const home = () => fs.readFileSync(path.join(build, 'index.html'), 'utf8');
const siblings = () => fs.readdirSync(site).filter((n) => n.startsWith('build') || n.startsWith('.build')).sort();

describe('a build killed during the swap', () => {
  it('leaves the previous build whole when killed at the first rename', () => {
    expect(runCli(['build', site]).code).toBe(0);
    expect(home()).toContain('Version one.');
    setVersion('Version two.');
    expect(buildKilledAtRename(build)).toBe('SIGKILL');
    expect(home()).toContain('Version one.');
    expect(siblings()).toEqual(expect.arrayContaining(['build', 'build.tmp']));
  });

  it('is put right by the next run when killed between the two renames (no build/ for a moment)', () => {
    setVersion('Version three.');
    expect(buildKilledAtRename(`${build}.tmp`)).toBe('SIGKILL');
    // The moment between the renames: the old build is aside, the new one complete beside it.
    expect(fs.existsSync(build)).toBe(false);
    expect(siblings()).toEqual(['.build.lock', 'build.old', 'build.tmp']);

    // `serve` repairs it before serving; `build` before building. Here: a failing check
    // (a broken link) still repairs first, and leaves the complete new build in place.
    fs.writeFileSync(path.join(site, 'docs/broken.md'), '# Broken\n\n[x](./nowhere.md)\n');
    expect(runCli(['build', site]).code).toBe(1);
    expect(home()).toContain('Version three.');
    expect(siblings()).toEqual(['build']);
    fs.rmSync(path.join(site, 'docs/broken.md'));
  });

  it('removes what killed builds of earlier versions left beside the output, and nothing else', () => {
    const leftover = path.join(site, 'build.tmp-999999999');
    fs.mkdirSync(path.join(leftover, 'page-data'), { recursive: true });
    fs.writeFileSync(path.join(leftover, 'page-data', 'x.json'), '{}');
    const foreign = path.join(site, 'build.old-999999998');
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, 'thesis.tex'), 'mine');
    expect(runCli(['build', site]).code).toBe(0);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.readFileSync(path.join(foreign, 'thesis.tex'), 'utf8')).toBe('mine');
    fs.rmSync(foreign, { recursive: true });
    expect(siblings()).toEqual(['build']);
  });

  it('serve restores the build a killed swap left aside', async () => {
    setVersion('Version four.');
    expect(buildKilledAtRename(`${build}.tmp`)).toBe('SIGKILL');
    expect(fs.existsSync(build)).toBe(false);
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/site.js'), 'serve', site, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /at (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    const body = await (await fetch(url)).text();
    child.kill('SIGINT');
    expect(body).toContain('Version four.');
    expect(siblings()).toEqual(['build']);
  });
});

/**
 * An incremental build keeps the build it replaced as the spare, in the build cache
 * (node_modules/.cache/site-build/), and the next one updates it in place (swap.ts, "The
 * spare"). Killed at each of the spare's steps (taking it, replacing a file it shares with
 * `build/`, removing a file the new build does not have, the swap, keeping the old build
 * as the next spare, saving the manifest that names it), `build/` stays whole, and the next
 * build is the same as a cold one, byte for byte.
 */
describe('an incremental build killed while it takes, updates or keeps the spare', () => {
  const spareSite = writeTempSite({
    'site.config.ts': 'export default { title: "T", trailingSlash: true };\n',
    'docs/intro.md': '---\nslug: /\n---\n# Intro\n\nIntro one.\n',
    'docs/b.md': '# B\n\nB one.\n',
    'docs/gone.md': '# Gone\n\nThis page goes.\n',
  });
  const out = path.join(spareSite, 'build');
  afterAll(() => fs.rmSync(spareSite, { recursive: true, force: true }));
  const page = (rel: string) => fs.readFileSync(path.join(out, rel), 'utf8');
  const write = (rel: string, text: string) => fs.writeFileSync(path.join(spareSite, rel), text);

  /** The build cache's folder of this generator version (there is one: opening it removes the others). */
  function cacheVersion(): string {
    const root = path.join(ROOT, 'node_modules/.cache/site-build');
    const [version] = fs.readdirSync(root).filter((name) => name !== 'spare');
    return path.join(root, version!);
  }
  const key = createHash('sha1').update(out).digest('hex').slice(0, 16);
  const spare = () => path.join(ROOT, 'node_modules/.cache/site-build/spare', key);

  /** Runs `site build` under strace, killed on entry to one of `calls` on `at`. */
  function buildKilledAt(at: string, calls: string): string | number | null {
    const result = spawnSync(
      'strace',
      ['-f', '-qq', '-o', '/dev/null', '-P', at, '-e', `trace=${calls}`, '-e', `inject=${calls}:signal=KILL`, process.execPath, path.join(ROOT, 'bin/site.js'), 'build', spareSite],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    if (result.error) throw new Error(`strace is needed for this test (apt-get install strace): ${result.error.message}`);
    return result.signal ?? result.status;
  }

  /** Every file and folder under `dir`, with the bytes of each file. */
  function treeOf(dir: string): Map<string, string> {
    const tree = new Map<string, string>();
    for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
      const full = path.join(dir, rel);
      tree.set(rel, fs.statSync(full).isDirectory() ? '(folder)' : fs.readFileSync(full, 'base64'));
    }
    return tree;
  }

  /** A successful build now is the same as a cold build of the same input. */
  function expectNextBuildCold(): void {
    expect(runCli(['build', spareSite]).code).toBe(0);
    const cold = fs.mkdtempSync(path.join(spareSite, '..', 'cold-'));
    try {
      expect(runCli(['build', spareSite, '--no-cache', '--out-dir', path.join(cold, 'out')]).code).toBe(0);
      expect(treeOf(out)).toEqual(treeOf(path.join(cold, 'out')));
    } finally {
      fs.rmSync(cold, { recursive: true, force: true });
    }
  }

  /** A build, then one that keeps the first as the spare: `b/index.html` is one file in both. */
  function buildWithSpare(version: number): void {
    expect(runCli(['build', spareSite]).code).toBe(0);
    write('docs/intro.md', `---\nslug: /\n---\n# Intro\n\nIntro ${version}.\n`);
    expect(runCli(['build', spareSite]).code).toBe(0);
    expect(fs.existsSync(spare())).toBe(true);
    expect(fs.statSync(path.join(spare(), 'b/index.html')).ino).toBe(fs.statSync(path.join(out, 'b/index.html')).ino);
    // Nothing of ours stays beside the output folder.
    expect(fs.readdirSync(spareSite).filter((n) => n.includes('build'))).toEqual(['build']);
    // What the killed build changes: a page kept last time (a link shared with the spare), and a page removed.
    write('docs/b.md', `# B\n\nB ${version}.\n`);
    fs.rmSync(path.join(spareSite, 'docs/gone.md'), { force: true });
  }

  const restore = () => write('docs/gone.md', '# Gone\n\nThis page goes.\n');

  it('updates the spare in place: the next build is the spare, with the files it shares with build/ untouched', () => {
    buildWithSpare(1);
    const sparesMarker = fs.statSync(path.join(spare(), '.site-build')).ino;
    const shared = fs.statSync(path.join(out, 'b/index.html'));
    expectNextBuildCold();
    // build/ is the spare brought up to date (its marker's inode), and the build it replaced is the spare now.
    expect(fs.statSync(path.join(out, '.site-build')).ino).toBe(sparesMarker);
    expect(page('b/index.html')).toContain('B 1.');
    expect(fs.readFileSync(path.join(spare(), 'b/index.html'), 'utf8')).toContain('B one.');
    expect(fs.statSync(path.join(spare(), 'b/index.html')).ino).toBe(shared.ino);
    restore();
  });

  it('keeps the spare through a build that fails (a broken link) for the next one', () => {
    buildWithSpare(1.5);
    const sparesMarker = fs.statSync(path.join(spare(), '.site-build')).ino;
    write('docs/broken.md', '# Broken\n\n[x](./nowhere.md)\n');
    expect(runCli(['build', spareSite]).code).toBe(1);
    fs.rmSync(path.join(spareSite, 'docs/broken.md'));
    expect(fs.statSync(path.join(spare(), '.site-build')).ino).toBe(sparesMarker);
    expectNextBuildCold();
    expect(fs.statSync(path.join(out, '.site-build')).ino).toBe(sparesMarker);
    restore();
  });

  it('leaves build/ whole when killed as it rewrites the spare\'s marker, and takes the spare next time', () => {
    buildWithSpare(2);
    expect(buildKilledAt(path.join(spare(), '.site-build'), 'open,openat')).toBe('SIGKILL');
    expect(page('index.html')).toContain('Intro 2.');
    expect(page('b/index.html')).toContain('B 1.5.');
    const sparesMarker = fs.statSync(path.join(spare(), '.site-build')).ino;
    expectNextBuildCold();
    expect(fs.statSync(path.join(out, '.site-build')).ino).toBe(sparesMarker);
    expect(page('b/index.html')).toContain('B 2.');
    restore();
  });

  it('leaves build/ whole when killed as it takes the spare', () => {
    buildWithSpare(3);
    expect(buildKilledAt(spare(), 'rename,renameat,renameat2')).toBe('SIGKILL');
    expect(page('index.html')).toContain('Intro 3.');
    expect(page('b/index.html')).toContain('B 2.');
    expectNextBuildCold();
    expect(page('b/index.html')).toContain('B 3.');
    restore();
  });

  it('leaves build/ whole when killed as it replaces a file the spare shares with build/', () => {
    buildWithSpare(4);
    expect(buildKilledAt(path.join(`${out}.tmp`, 'b/index.html'), 'unlink,unlinkat')).toBe('SIGKILL');
    expect(page('b/index.html')).toContain('B 3.');
    expect(fs.existsSync(path.join(out, 'gone/index.html'))).toBe(true);
    expectNextBuildCold();
    expect(page('b/index.html')).toContain('B 4.');
    restore();
  });

  it('leaves build/ whole when killed as it removes a file the new build does not have', () => {
    buildWithSpare(5);
    expect(buildKilledAt(path.join(`${out}.tmp`, 'gone/index.html'), 'unlink,unlinkat')).toBe('SIGKILL');
    expect(page('b/index.html')).toContain('B 4.');
    expect(page('gone/index.html')).toContain('This page goes.');
    expectNextBuildCold();
    expect(fs.existsSync(path.join(out, 'gone'))).toBe(false);
    restore();
  });

  it('leaves build/ whole, never written through, when killed at the swap', () => {
    buildWithSpare(6);
    // The swap's first rename: build/ → build.old/. Every file of the new folder is in by now.
    expect(buildKilledAt(out, 'rename,renameat,renameat2')).toBe('SIGKILL');
    expect(page('b/index.html')).toContain('B 5.');
    expect(page('gone/index.html')).toContain('This page goes.');
    expectNextBuildCold();
    restore();
  });

  it("is put right by the next run when killed between the swap's two renames", () => {
    buildWithSpare(7);
    expect(buildKilledAt(`${out}.tmp`, 'rename,renameat,renameat2')).toBe('SIGKILL');
    expect(fs.existsSync(out)).toBe(false);
    expectNextBuildCold();
    expect(page('b/index.html')).toContain('B 7.');
    expect(page('index.html')).toContain('Intro 7.');
    restore();
  });

  it('leaves the new build/ whole when killed as it keeps the old one as the spare', () => {
    buildWithSpare(8);
    // build.old/ → the spare, after the swap: build/ is the new build already.
    expect(buildKilledAt(`${out}.old`, 'rename,renameat,renameat2')).toBe('SIGKILL');
    expect(page('b/index.html')).toContain('B 8.');
    expect(fs.existsSync(path.join(out, 'gone'))).toBe(false);
    expectNextBuildCold();
    expect(fs.readdirSync(spareSite).filter((n) => n.includes('build'))).toEqual(['build']);
    restore();
  });

  it('does not use a spare no manifest names (killed before the manifest was saved)', () => {
    buildWithSpare(9);
    expect(buildKilledAt(path.join(cacheVersion(), `${key}.json.tmp`), 'rename,renameat,renameat2')).toBe('SIGKILL');
    expect(page('b/index.html')).toContain('B 9.');
    // The spare is in place, but no manifest names it: not taken, removed (it is ours).
    const unnamed = fs.statSync(path.join(spare(), '.site-build')).ino;
    expectNextBuildCold();
    expect(fs.statSync(path.join(out, '.site-build')).ino).not.toBe(unnamed);
    restore();
  });

  it('leaves a folder at the spare\'s place that is not ours, and builds as without a spare', () => {
    expect(runCli(['build', spareSite]).code).toBe(0);
    fs.rmSync(spare(), { recursive: true, force: true });
    fs.mkdirSync(spare(), { recursive: true });
    fs.writeFileSync(path.join(spare(), 'thesis.tex'), 'mine');
    write('docs/b.md', '# B\n\nB ten.\n');
    expectNextBuildCold();
    write('docs/b.md', '# B\n\nB eleven.\n');
    expectNextBuildCold();
    expect(page('b/index.html')).toContain('B eleven.');
    expect(fs.readdirSync(spare())).toEqual(['thesis.tex']);
    fs.rmSync(spare(), { recursive: true, force: true });
  });
});
