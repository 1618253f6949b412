import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
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
